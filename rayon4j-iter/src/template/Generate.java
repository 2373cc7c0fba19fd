import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the {@code int}, {@code long} and {@code double} forms of rayon4j-iter's primitive code
 * from the templates beside this file. Run it with the JDK alone (no build, no dependencies):
 *
 * <pre>
 *   java rayon4j-iter/src/template/Generate.java           # rewrite the generated files
 *   java rayon4j-iter/src/template/Generate.java --check   # write nothing; exit 1 on drift
 * </pre>
 *
 * <p>Maven runs the check in the {@code validate} phase of rayon4j-iter, so {@code mvn verify}
 * fails when a generated file no longer matches its template.
 *
 * <h2>The template language</h2>
 * Everything that differs between the three types is data: the table {@link #TYPES} gives each
 * type's values for a few keys, and a template names them as {@code $key$} ({@code $prim$} is
 * {@code int}, {@code $Name$} is {@code Int}, {@code $Boxed$} is {@code Integer}, ...). Nothing
 * else is rewritten: an {@code int} written in a template (an index, a length) stays {@code int},
 * and prose is copied as written. Three line directives shape the output:
 * <ul>
 *   <li>{@code //#output <path>} (first line): where the output goes, relative to the module. A
 *       path that holds {@code $Name$} makes one file per type; otherwise one file in all.</li>
 *   <li>{@code //#if <types>} ... [{@code //#else} ...] {@code //#end}: lines kept only for the
 *       listed types (or only for the others).</li>
 *   <li>{@code //#each [<types>]} ... {@code //#end}: in a one-file template, the block once per
 *       type (all three when none are listed), with that type's values. Inside another
 *       {@code //#each} (one level deep), once per second type, for code over pairs of types:
 *       the second type's values under the same keys with {@code 2} appended ({@code $Name2$},
 *       {@code $letter2$}, ...), and two keys of the pair: {@code $To2$}, the tail of the name of
 *       {@code java.util.function}'s function from the first type to the second
 *       ({@code UnaryOperator} for the same type, else {@code To<Name2>Function}), and
 *       {@code $map2$}, the name of the iterator method that maps between them ({@code map},
 *       else {@code mapTo<Name2>}).</li>
 * </ul>
 * Directives nest. An unknown key or directive is an error, so a typo cannot reach the output.
 */
public final class Generate {

    /** The type table: one row per primitive type, one column per key the templates use. */
    static final List<Map<String, String>> TYPES = List.of(
            row("prim", "int", "Name", "Int", "Boxed", "Integer", "bits", "32", "letter", "I",
                    "carrier", "long", "Carrier", "L", "narrow", "(int) "),
            row("prim", "long", "Name", "Long", "Boxed", "Long", "bits", "64", "letter", "L",
                    "carrier", "long", "Carrier", "L", "narrow", ""),
            row("prim", "double", "Name", "Double", "Boxed", "Double", "bits", "64", "letter", "D",
                    "carrier", "double", "Carrier", "D", "narrow", ""));

    private static final Pattern KEY = Pattern.compile("\\$([A-Za-z]+2?)\\$");
    private static final Pattern DIRECTIVE = Pattern.compile("\\s*//#(\\w+)\\s*(.*?)\\s*");

    private static Map<String, String> row(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return m;
    }

    // ------------------------------------------------------------------ the parsed template

    /** A node of a parsed template: a line of text, or a directive's block. */
    private sealed interface Node permits Text, If, Each {
    }

    private record Text(String line, int lineNo) implements Node {
    }

    private record If(List<String> types, List<Node> then, List<Node> otherwise) implements Node {
    }

    private record Each(List<String> types, List<Node> body) implements Node {
    }

    private static final class Parser {
        private final List<String> lines;
        private final String file;
        private int at;

        Parser(List<String> lines, String file, int start) {
            this.lines = lines;
            this.file = file;
            this.at = start;
        }

        /** Parses until {@code //#end} or {@code //#else} (returned in {@code stop}) or the end. */
        List<Node> block(String[] stop) {
            List<Node> nodes = new ArrayList<>();
            while (at < lines.size()) {
                String line = lines.get(at++);
                Matcher d = DIRECTIVE.matcher(line);
                if (!d.matches()) {
                    nodes.add(new Text(line, at));
                    continue;
                }
                String name = d.group(1);
                List<String> args = d.group(2).isEmpty() ? List.of() : List.of(d.group(2).split("\\s+"));
                switch (name) {
                    case "end", "else" -> {
                        stop[0] = name;
                        return nodes;
                    }
                    case "if" -> {
                        String[] s = new String[1];
                        List<Node> then = block(s);
                        List<Node> otherwise = List.of();
                        if ("else".equals(s[0])) {
                            otherwise = block(s);
                        }
                        expectEnd(s[0], "if");
                        nodes.add(new If(checkTypes(args), then, otherwise));
                    }
                    case "each" -> {
                        String[] s = new String[1];
                        List<Node> body = block(s);
                        expectEnd(s[0], "each");
                        nodes.add(new Each(args.isEmpty() ? allTypes() : checkTypes(args), body));
                    }
                    default -> throw error("unknown directive //#" + name);
                }
            }
            return nodes;
        }

        private void expectEnd(String stop, String what) {
            if (!"end".equals(stop)) {
                throw error("//#" + what + " without //#end");
            }
        }

        private List<String> checkTypes(List<String> types) {
            for (String t : types) {
                if (!allTypes().contains(t)) {
                    throw error("unknown type '" + t + "'");
                }
            }
            return types;
        }

        private IllegalStateException error(String message) {
            return new IllegalStateException(file + ":" + at + ": " + message);
        }
    }

    private static List<String> allTypes() {
        return TYPES.stream().map(t -> t.get("prim")).toList();
    }

    // ------------------------------------------------------------------ rendering

    private static void render(List<Node> nodes, Map<String, String> type, String file, StringBuilder out) {
        for (Node n : nodes) {
            if (n instanceof Text t) {
                if (type == null && KEY.matcher(t.line()).find()) {
                    throw new IllegalStateException(file + ":" + t.lineNo() + ": a $key$ outside //#each in a one-file template");
                }
                out.append(type == null ? t.line() : substitute(t, type, file)).append('\n');
            } else if (n instanceof If i) {
                if (type == null) {
                    throw new IllegalStateException(file + ": //#if outside //#each in a one-file template");
                }
                render(i.types().contains(type.get("prim")) ? i.then() : i.otherwise(), type, file, out);
            } else if (n instanceof Each e) {
                if (type != null && (type.containsKey("prim2") || !type.containsKey(EACH))) {
                    throw new IllegalStateException(file + ": //#each in a per-type template or two deep");
                }
                for (Map<String, String> t : TYPES) {
                    if (e.types().contains(t.get("prim"))) {
                        render(e.body(), type == null ? withEach(t) : pair(type, t), file, out);
                    }
                }
            }
        }
    }

    /** Marks a type's values as bound by a {@code //#each} (not by a per-type template). */
    private static final String EACH = "#each";

    private static Map<String, String> withEach(Map<String, String> type) {
        Map<String, String> m = new LinkedHashMap<>(type);
        m.put(EACH, "");
        return m;
    }

    /** The values inside a nested {@code //#each}: the first type's, the second's with a 2, the pair's. */
    private static Map<String, String> pair(Map<String, String> first, Map<String, String> second) {
        Map<String, String> m = new LinkedHashMap<>(first);
        second.forEach((k, v) -> m.put(k + "2", v));
        boolean same = first.get("prim").equals(second.get("prim"));
        m.put("To2", same ? "UnaryOperator" : "To" + second.get("Name") + "Function");
        m.put("map2", same ? "map" : "mapTo" + second.get("Name"));
        return m;
    }

    private static String substitute(Text t, Map<String, String> type, String file) {
        Matcher m = KEY.matcher(t.line());
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String value = type.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException(file + ":" + t.lineNo() + ": unknown key $" + m.group(1) + "$");
            }
            m.appendReplacement(sb, Matcher.quoteReplacement(value));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    // ------------------------------------------------------------------ main

    public static void main(String[] args) throws IOException {
        boolean check = List.of(args).contains("--check");
        Path templates = locateTemplates();
        Path module = templates.getParent().getParent();
        List<String> stale = new ArrayList<>();
        int written = 0;
        List<Path> files;
        try (Stream<Path> s = Files.list(templates)) {
            files = s.filter(p -> p.toString().endsWith(".tmpl")).sorted().toList();
        }
        for (Path tmpl : files) {
            String name = tmpl.getFileName().toString();
            List<String> lines = Files.readAllLines(tmpl, StandardCharsets.UTF_8);
            Matcher first = DIRECTIVE.matcher(lines.isEmpty() ? "" : lines.get(0));
            if (!first.matches() || !first.group(1).equals("output")) {
                throw new IllegalStateException(name + ":1: the first line must be //#output <path>");
            }
            String target = first.group(2);
            List<Node> nodes = new Parser(lines, name, 1).block(new String[1]);
            String header = "// Generated by src/template/Generate.java from src/template/" + name
                    + ": edit the template, not this file.\n";
            List<Map.Entry<Path, String>> outputs = new ArrayList<>();
            if (target.contains("$Name$")) {
                for (Map<String, String> type : TYPES) {
                    StringBuilder out = new StringBuilder(header);
                    render(nodes, type, name, out);
                    outputs.add(Map.entry(module.resolve(target.replace("$Name$", type.get("Name"))), out.toString()));
                }
            } else {
                StringBuilder out = new StringBuilder(header);
                render(nodes, null, name, out);
                outputs.add(Map.entry(module.resolve(target), out.toString()));
            }
            for (Map.Entry<Path, String> o : outputs) {
                Path path = o.getKey().normalize();
                if (check) {
                    String now = Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8) : null;
                    if (!o.getValue().equals(now)) {
                        stale.add(module.relativize(path).toString());
                    }
                } else {
                    Files.createDirectories(path.getParent());
                    Files.writeString(path, o.getValue(), StandardCharsets.UTF_8);
                    written++;
                }
            }
        }
        if (!stale.isEmpty()) {
            System.err.println("generated files differ from their templates; run "
                    + "'java rayon4j-iter/src/template/Generate.java' and commit: " + String.join(", ", stale));
            System.exit(1);
        }
        if (!check) {
            System.out.println("wrote " + written + " files from " + files.size() + " templates");
        }
    }

    /** The folder of the templates: beside this source file, found from the working directory. */
    private static Path locateTemplates() {
        for (Path p : List.of(Path.of("src/template"), Path.of("rayon4j-iter/src/template"))) {
            if (Files.isRegularFile(p.resolve("Generate.java"))) {
                return p.toAbsolutePath().normalize();
            }
        }
        throw new IllegalStateException("run from the repository root or from rayon4j-iter");
    }
}
