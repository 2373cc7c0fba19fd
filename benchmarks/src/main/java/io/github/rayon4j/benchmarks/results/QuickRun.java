package io.github.rayon4j.benchmarks.results;

import io.github.rayon4j.benchmarks.harness.JoinOverheadHarness;
import io.github.rayon4j.benchmarks.harness.SleepHarness;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The one command behind {@code benchmarks/results/<date>.md}: a quick subset of the JMH kernels (the
 * P1 kernels plus fib and matmul, short iterations, one fork), then the join-overhead and sleep
 * harnesses, then the results file and its chart. Takes about five minutes on 2 cores.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.results.QuickRun
 * [--out DIR] [--include REGEX] [--from-json FILE]}, from the repository root (DIR defaults to
 * {@code benchmarks/results}; {@code --from-json} skips JMH and uses a result file it wrote before, the
 * harnesses still run).
 */
public final class QuickRun {
    /** The quick subset: one parameter set each. */
    static final String QUICK = "io\\.github\\.rayon4j\\.benchmarks\\."
            + "(SumOfSquares|MapCollect|FilterCount|IncrementAll|NBodyStep|FindFirst|SortBench|FibJoin|MatMulBench)\\.";

    private QuickRun() { }

    public static void main(String[] args) throws IOException, RunnerException {
        Path out = Path.of("benchmarks", "results");
        String include = QUICK;
        Path fromJson = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(args[++i]);
                case "--include" -> include = args[++i];
                case "--from-json" -> fromJson = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]
                        + "; usage: QuickRun [--out DIR] [--include REGEX] [--from-json JMH_JSON]");
            }
        }
        LocalDate date = LocalDate.now();
        double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        Path json = fromJson;
        if (json == null) {
            // The raw JMH result is kept beside the report, so the table can be re-derived from it.
            Files.createDirectories(out);
            json = out.resolve(date + "-jmh.json");
            ChainedOptionsBuilder options = new OptionsBuilder()
                    .include(include)
                    .param("position", "middle")
                    .param("input", "random")
                    .warmupIterations(4).warmupTime(TimeValue.milliseconds(500))
                    .measurementIterations(6).measurementTime(TimeValue.milliseconds(500))
                    .forks(1)
                    .resultFormat(ResultFormatType.JSON).result(json.toString());
            new Runner(options.build()).run();
        }
        JmhResults results = JmhResults.read(json);

        List<String> sections = new ArrayList<>();
        System.out.println("Join-overhead harness...");
        sections.add(JoinOverheadHarness.run(15));
        System.out.println("Sleep harness...");
        sections.add(SleepHarness.run(3));
        double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        sections.add(String.format(Locale.ROOT, "## Noise%n%nSystem load average (1 min): %.2f before the run, "
                + "%.2f after, on %d CPUs. Other builds share this machine; treat differences within the "
                + "error columns as noise.%n", loadBefore, loadAfter, Runtime.getRuntime().availableProcessors()));

        String command = "java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.results.QuickRun"
                + (include.equals(QUICK) ? "" : " --include '" + include + "'");
        ResultsWriter.Report report = new ResultsWriter.Report(date, results.jdk(), results.jvmArgs(),
                machine(), command, results.measurements(), sections);
        Path md = ResultsWriter.write(out, report);
        System.out.println("Wrote " + md + " and its chart");
    }

    /** CPU model, CPU count, memory and OS, as far as the JVM and /proc tell. */
    static String machine() {
        String cpu = "unknown CPU";
        try {
            cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(cpu);
        } catch (IOException | RuntimeException e) {
            // Not Linux: the CPU model stays unknown, the rest is still true.
        }
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        return String.format(Locale.ROOT, "%s, %d CPUs, %.1f GiB RAM, %s %s (%s)", cpu,
                Runtime.getRuntime().availableProcessors(), os.getTotalMemorySize() / (1024.0 * 1024 * 1024),
                System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch"));
    }
}
