package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.benchmarks.Fib;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;

/**
 * Join overhead (performance target P2) and parallel efficiency (P3) with {@code fib(30)}, a join at
 * every level: time of rayon4j's {@code join} recursion and of a ForkJoinPool {@code RecursiveTask}
 * recursion, each on pools of 1 and 2 threads, divided by the plain sequential recursion. Every round
 * times each variant once, in the same order, so slow periods of a shared machine hit all of them; the
 * ratios are computed per round and their median (with min and max) is reported.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.github.rayon4j.benchmarks.harness.JoinOverheadHarness [rounds]}.
 */
public final class JoinOverheadHarness {
    static final int N = 30;
    static final int WARMUP_ROUNDS = 5;

    private JoinOverheadHarness() { }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        System.out.println(run(rounds));
    }

    /** Runs the measurement and returns it as a Markdown section. */
    public static String run(int rounds) {
        long expected = Fib.sequential(N);
        try (ThreadPool rayon1 = new ThreadPoolBuilder().numThreads(1).build();
             ThreadPool rayon2 = new ThreadPoolBuilder().numThreads(2).build()) {
            ForkJoinPool fj1 = new ForkJoinPool(1);
            ForkJoinPool fj2 = new ForkJoinPool(2);
            try {
                Map<String, LongSupplier> variants = new LinkedHashMap<>();
                variants.put("sequential", () -> Fib.sequential(N));
                variants.put("rayon4j join, 1 thread", () -> rayon1.install(() -> Fib.joined(N)));
                variants.put("ForkJoinPool RecursiveTask, 1 thread", () -> fj1.invoke(new Fib.FibTask(N)));
                variants.put("rayon4j join, 2 threads", () -> rayon2.install(() -> Fib.joined(N)));
                variants.put("ForkJoinPool RecursiveTask, 2 threads", () -> fj2.invoke(new Fib.FibTask(N)));
                Map<String, double[]> times = new LinkedHashMap<>();
                variants.keySet().forEach(k -> times.put(k, new double[rounds]));
                for (int r = -WARMUP_ROUNDS; r < rounds; r++) {
                    for (Map.Entry<String, LongSupplier> v : variants.entrySet()) {
                        long t0 = System.nanoTime();
                        long result = v.getValue().getAsLong();
                        long t1 = System.nanoTime();
                        if (result != expected) {
                            throw new AssertionError(v.getKey() + " computed fib(" + N + ") = " + result);
                        }
                        if (r >= 0) {
                            times.get(v.getKey())[r] = (t1 - t0) / 1e6;
                        }
                    }
                }
                return format(times, rounds);
            } finally {
                fj1.shutdown();
                fj2.shutdown();
            }
        }
    }

    private static String format(Map<String, double[]> times, int rounds) {
        double[] seq = times.get("sequential");
        StringBuilder sb = new StringBuilder();
        sb.append("## Join overhead: fib(").append(N).append("), a join at every level\n\n");
        sb.append(String.format(Locale.ROOT,
                "%d rounds after %d warm-up rounds, one process; ratio = time / sequential time of the same "
                        + "round, median (min-max). Sequential fib(%d): %s ms.%n%n",
                rounds, WARMUP_ROUNDS, N, new Stats(seq).describe("%.1f")));
        sb.append("| variant | time ms | time / sequential |\n| --- | ---: | ---: |\n");
        for (Map.Entry<String, double[]> e : times.entrySet()) {
            if (e.getKey().equals("sequential")) {
                continue;
            }
            sb.append("| ").append(e.getKey()).append(" | ").append(new Stats(e.getValue()).describe("%.1f"))
              .append(" | ").append(new Stats(perRound(e.getValue(), seq)).describe("%.2f")).append(" |\n");
        }
        sb.append("\nParallel efficiency (P3), time on 1 thread / time on 2 threads, per round:\n\n");
        List<String> lines = new ArrayList<>();
        lines.add("- rayon4j join: " + new Stats(perRound(times.get("rayon4j join, 1 thread"),
                times.get("rayon4j join, 2 threads"))).describe("%.2f"));
        lines.add("- ForkJoinPool RecursiveTask: " + new Stats(perRound(times.get("ForkJoinPool RecursiveTask, 1 thread"),
                times.get("ForkJoinPool RecursiveTask, 2 threads"))).describe("%.2f"));
        sb.append(String.join("\n", lines)).append('\n');
        return sb.toString();
    }

    private static double[] perRound(double[] a, double[] b) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] / b[i];
        }
        return out;
    }
}
