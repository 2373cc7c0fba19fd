package io.github.rayon4j.benchmarks.peers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;
import java.util.stream.IntStream;

/**
 * The parallel-stream side of the cases Baseline.java lacks. Everything else on the Java side runs
 * Baseline.java itself ({@code /work/shared/peers/java-baseline/Baseline.java}, unchanged, through
 * {@link PollutedBaseline} when polluted or loaded), so no copy of it has to be kept equal.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.peers.StreamCases
 *     [--pool N] [--polluted] [--burn N] [--smoke] shortjob
 * </pre>
 *
 * {@code shortjob} (target P3) is Baseline's {@code increment_all} (10M longs,
 * {@code IntStream.range(0, n).parallel().forEach(i -> a[i]++)}) handed to the pool every 20 ms, so its
 * workers fall asleep between submissions, beside {@link PeerCases}' {@code shortjob}: wall and CPU
 * (Java threads) per job, and their ratio. {@code --pool N} enters a dedicated {@code ForkJoinPool(N)}
 * through {@code CompletableFuture.supplyAsync(.., pool).join()} exactly as Baseline's {@code --pool}
 * (without it, the stream runs from main on the common pool); {@code --polluted} first runs the stream
 * half of {@link Pollution} in that pool; {@code --burn N} as in {@link PeerCases}.
 */
public final class StreamCases {
    private StreamCases() { }

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = null;
        boolean polluted = false;
        boolean smoke = false;
        int burn = 0;
        List<String> which = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--pool" -> pool = new ForkJoinPool(Integer.parseInt(args[++i]));
                case "--polluted" -> polluted = true;
                case "--burn" -> burn = Integer.parseInt(args[++i]);
                case "--smoke" -> smoke = true;
                default -> {
                    if (args[i].startsWith("-")) {
                        System.err.println("usage: StreamCases [--pool N] [--polluted] [--burn N] [--smoke] shortjob");
                        System.exit(2);
                    }
                    which.add(args[i]);
                }
            }
        }
        if (which.isEmpty() || which.contains("all")) {
            which = List.of("shortjob");
        }
        ForkJoinPool fj = pool;
        String thr = fj != null ? "fj" + fj.getParallelism() : "cp" + ForkJoinPool.getCommonPoolParallelism() + "+main";
        Harness h = new Harness(smoke);
        h.header("StreamCases", thr, (polluted ? ", polluted" : "") + (burn > 0 ? ", burn=" + burn : ""));
        Burner burner = null;
        try {
            if (polluted) {
                Pollution p = new Pollution();
                int rounds = smoke ? 5 : Pollution.ROUNDS;
                long t0 = System.nanoTime();
                long sum = par(fj, () -> p.streams(rounds));
                System.out.println(Pollution.note("parallel-stream", rounds, System.nanoTime() - t0, sum));
            }
            if (burn > 0) {
                burner = Burner.start(burn);
                System.out.println(burner.note());
            }
            for (String w : which) {
                if (!w.equals("shortjob")) {
                    System.err.println("unknown benchmark: " + w + " (the other cases are Baseline.java's)");
                    System.exit(2);
                }
                int n = smoke ? 100_000 : 10_000_000;
                long[] a = new long[n];
                Arrays.setAll(a, i -> i);
                int runs = h.shortJobCase("shortjob", thr, n, () -> par(fj, () -> {
                    IntStream.range(0, n).parallel().forEach(i -> a[i]++);
                    return a;
                }));
                Harness.check(a[0] == runs && a[n - 1] == n - 1 + runs, "shortjob");
            }
        } finally {
            if (burner != null) {
                burner.stop();
            }
            if (fj != null) {
                fj.shutdown();
            }
        }
    }

    /** Baseline's {@code par}: inside the dedicated pool if there is one, else from the caller. */
    static <T> T par(ForkJoinPool pool, Supplier<T> body) {
        if (pool == null) {
            return body.get();
        }
        return CompletableFuture.supplyAsync(body, pool).join();
    }
}
