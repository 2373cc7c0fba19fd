package io.github.rayon4j.benchmarks.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Reads the JSON file JMH writes with {@code -rf json} into {@link Measurement}s. */
public final class JmhResults {
    private final List<Measurement> measurements;
    private final String jdk;
    private final String jvmArgs;

    private JmhResults(List<Measurement> measurements, String jdk, String jvmArgs) {
        this.measurements = measurements;
        this.jdk = jdk;
        this.jvmArgs = jvmArgs;
    }

    public static JmhResults read(Path json) throws IOException {
        return parse(Files.readString(json));
    }

    @SuppressWarnings("unchecked")
    public static JmhResults parse(String json) {
        List<Measurement> out = new ArrayList<>();
        String jdk = "unknown";
        String jvmArgs = "";
        for (Object o : (List<Object>) Json.parse(json)) {
            Map<String, Object> run = (Map<String, Object>) o;
            String benchmark = (String) run.get("benchmark");
            int dot = benchmark.lastIndexOf('.');
            String className = benchmark.substring(0, dot);
            String kernel = className.substring(className.lastIndexOf('.') + 1);
            String method = benchmark.substring(dot + 1);
            Map<String, Object> params = (Map<String, Object>) run.getOrDefault("params", Map.of());
            String paramText = params.entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", "));
            Map<String, Object> primary = (Map<String, Object>) run.get("primaryMetric");
            List<Double> samples = new ArrayList<>();
            for (Object fork : (List<Object>) primary.getOrDefault("rawData", List.of())) {
                for (Object v : (List<Object>) fork) {
                    samples.add(Json.number(v));
                }
            }
            out.add(new Measurement(kernel, method, paramText, (String) run.get("mode"),
                    (String) primary.get("scoreUnit"),
                    samples.stream().mapToDouble(Double::doubleValue).toArray(),
                    Json.number(primary.get("score")), Json.number(primary.get("scoreError"))));
            if (run.containsKey("jdkVersion")) {
                jdk = run.get("vmName") + " " + run.get("jdkVersion") + " (" + run.get("vmVersion") + ")";
            }
            if (run.get("jvmArgs") instanceof List<?> args) {
                jvmArgs = args.stream().map(String::valueOf).collect(Collectors.joining(" "));
            }
        }
        return new JmhResults(List.copyOf(out), jdk, jvmArgs);
    }

    public List<Measurement> measurements() {
        return measurements;
    }

    /** The JVM the benchmarks ran on, as JMH recorded it. */
    public String jdk() {
        return jdk;
    }

    /** The forked JVM's arguments (the thread counts are set there). */
    public String jvmArgs() {
        return jvmArgs;
    }
}
