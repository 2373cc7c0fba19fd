package io.github.rayon4j.benchmarks.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Writes {@code <date>.md} (rayon4j / peer ratios with medians and errors, the JDK and the machine)
 * and {@code <date>.png} (a bar chart of the headline ratios) from JMH measurements.
 *
 * <p>A kernel's rayon4j methods are the ones named {@code rayon4j*}; each is compared with every other
 * method of the same kernel and parameters. The chart shows only the method named exactly
 * {@code rayon4j}, the headline form.
 */
public final class ResultsWriter {
    /** The peer the performance targets compare with (P1: geometric mean over kernels). */
    static final String STREAMS = "parallelStream";

    /** Everything a results file says. {@code sections} are extra Markdown blocks (the harnesses). */
    public record Report(LocalDate date, String jdk, String jvmArgs, String machine, String command,
                         List<Measurement> measurements, List<String> sections) { }

    private ResultsWriter() { }

    /** Writes the Markdown file and the chart into {@code dir}; returns the Markdown file's path. */
    public static Path write(Path dir, Report report) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(report.date() + ".png");
        Path md = dir.resolve(report.date() + ".md");
        List<Ratio> ratios = ratios(report.measurements());
        writeChart(png, ratios);
        Files.writeString(md, markdown(report, ratios, png.getFileName().toString()));
        return md;
    }

    /** Every rayon4j method against every peer of the same kernel and parameters, in input order. */
    public static List<Ratio> ratios(List<Measurement> measurements) {
        Map<String, List<Measurement>> byLabel = new LinkedHashMap<>();
        for (Measurement m : measurements) {
            byLabel.computeIfAbsent(m.label(), k -> new ArrayList<>()).add(m);
        }
        List<Ratio> out = new ArrayList<>();
        for (List<Measurement> group : byLabel.values()) {
            for (Measurement r : group) {
                if (!r.isRayon4j()) {
                    continue;
                }
                for (Measurement p : group) {
                    if (!p.isRayon4j()) {
                        out.add(Ratio.of(r, p));
                    }
                }
            }
        }
        return out;
    }

    static String markdown(Report report, List<Ratio> ratios, String chartFile) {
        StringBuilder sb = new StringBuilder();
        sb.append("# rayon4j benchmark results, ").append(report.date()).append("\n\n");
        sb.append("- JDK: ").append(report.jdk()).append('\n');
        sb.append("- Machine: ").append(report.machine()).append('\n');
        if (!report.jvmArgs().isEmpty()) {
            sb.append("- Forked JVM arguments: `").append(report.jvmArgs()).append("`\n");
        }
        sb.append("- Command: `").append(report.command()).append("`\n\n");
        sb.append("Ratio = peer median time / rayon4j median time: above 1.00 rayon4j is faster. ")
          .append("Error = both scores' relative errors (JMH 99.9% half-widths) added in quadrature, ")
          .append("times the ratio. Medians are over all measurement iterations.\n\n");

        List<Ratio> headline = ratios.stream()
                .filter(r -> r.rayon4j().method().equals("rayon4j") && r.peer().method().equals(STREAMS))
                .toList();
        if (!headline.isEmpty()) {
            double logSum = headline.stream().mapToDouble(r -> Math.log(r.value())).sum();
            sb.append(String.format(Locale.ROOT,
                    "**Geometric mean of rayon4j / %s over %d kernels: %.2f×**%n%n",
                    STREAMS, headline.size(), Math.exp(logSum / headline.size())));
        }

        sb.append("| kernel | rayon4j method | peer | rayon4j median | peer median | unit | ratio | ± error |\n");
        sb.append("| --- | --- | --- | ---: | ---: | --- | ---: | ---: |\n");
        for (Ratio r : ratios) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %.2f | %.2f |%n",
                    r.rayon4j().label(), r.rayon4j().method(), r.peer().method(),
                    fmt(r.rayon4j().median()), fmt(r.peer().median()), r.rayon4j().unit(),
                    r.value(), r.error()));
        }
        sb.append("\n![rayon4j / peer ratios](").append(chartFile).append(")\n");
        for (String section : report.sections()) {
            sb.append('\n').append(section.strip()).append('\n');
        }
        return sb.toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, v >= 100 ? "%.1f" : v >= 1 ? "%.3f" : "%.4g", v);
    }

    static void writeChart(Path png, List<Ratio> ratios) {
        System.setProperty("java.awt.headless", "true");
        List<Ratio> shown = ratios.stream().filter(r -> r.rayon4j().method().equals("rayon4j")).toList();
        // Short labels (the kernel alone) unless a kernel appears with several parameter sets.
        Map<String, Long> paramSets = shown.stream().map(r -> r.rayon4j().label()).distinct()
                .collect(java.util.stream.Collectors.groupingBy(l -> l.split(" \\[")[0],
                        java.util.stream.Collectors.counting()));
        Set<String> labels = new LinkedHashSet<>();
        Map<String, Map<String, Double>> byPeer = new LinkedHashMap<>();
        for (Ratio r : shown) {
            Measurement m = r.rayon4j();
            String label = paramSets.get(m.kernel()) > 1 ? m.label() : m.kernel();
            labels.add(label);
            byPeer.computeIfAbsent(r.peer().method(), k -> new LinkedHashMap<>()).put(label, r.value());
        }
        CategoryChart chart = new CategoryChartBuilder()
                .width(Math.max(800, 90 * labels.size() + 200)).height(600)
                .title("rayon4j speed-up over each peer (above 1 = rayon4j faster)")
                .xAxisTitle("kernel").yAxisTitle("peer time / rayon4j time")
                .build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        List<String> xs = new ArrayList<>(labels);
        if (xs.isEmpty()) {
            xs.add("(no results)");
            byPeer.put("none", Map.of());
        }
        for (Map.Entry<String, Map<String, Double>> e : byPeer.entrySet()) {
            List<Double> ys = new ArrayList<>();
            for (String x : xs) {
                ys.add(e.getValue().getOrDefault(x, 0.0));
            }
            chart.addSeries(e.getKey(), xs, ys);
        }
        try {
            BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
