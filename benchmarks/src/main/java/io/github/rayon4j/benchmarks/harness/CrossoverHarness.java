package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.LongParIter;
import java.util.Locale;
import java.util.stream.LongStream;

/**
 * When is a parallel pipeline worth it? For sizes from 10 to 10^7 items, times a rayon4j
 * pipeline on a pool of {@code threads}, the same parallel stream in a ForkJoinPool of the same
 * size, and the sequential loop, for a cheap item (a multiply-add: {@code sum of x * x}) and an
 * item of about a microsecond (60 rounds of a hash; up to 10^6 items). Prints, per size, each parallel time divided
 * by the sequential one (below 1: parallel wins), the median of alternating rounds after warm-up.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.github.rayon4j.benchmarks.harness.CrossoverHarness [threads] [rounds]}.
 */
public final class CrossoverHarness {
    private CrossoverHarness() { }

    static long cheap(long x) {
        return x * x;
    }

    static long costly(long x) {
        long h = x;
        for (int i = 0; i < 60; i++) {
            h = (h ^ (h >>> 29)) * 0xBF58476D1CE4E5B9L;
        }
        return h;
    }

    interface Kernel {
        long run(long n);
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
        java.util.concurrent.ForkJoinPool fj = new java.util.concurrent.ForkJoinPool(threads);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            System.out.printf(Locale.ROOT, "## When parallel pays: time / sequential time, %d threads, median of %d rounds%n%n",
                    threads, rounds);
            System.out.println("| items | cheap: rayon4j | cheap: parallel stream | ~1 µs: rayon4j | ~1 µs: parallel stream |");
            System.out.println("| ---: | ---: | ---: | ---: | ---: |");
            for (long n = 10; n <= 10_000_000; n *= 10) {
                long size = n;
                double[] r = new double[4];
                Kernel[] seq = {
                    m -> { long s = 0; for (long x = 0; x < m; x++) { s += cheap(x); } return s; },
                    m -> { long s = 0; for (long x = 0; x < m; x++) { s += costly(x); } return s; },
                };
                Kernel[] par = {
                    m -> pool.install(() -> LongParIter.range(0, m).map(CrossoverHarness::cheap).sum()),
                    m -> pool.install(() -> LongParIter.range(0, m).map(CrossoverHarness::costly).sum()),
                };
                Kernel[] str = {
                    m -> fj.submit(() -> LongStream.range(0, m).parallel().map(CrossoverHarness::cheap).sum()).join(),
                    m -> fj.submit(() -> LongStream.range(0, m).parallel().map(CrossoverHarness::costly).sum()).join(),
                };
                for (int k = 0; k < 2; k++) {
                    long m = k == 0 ? size : Math.min(size, 1_000_000); // the ~1 µs kernel stops at 10^6 items
                    double[] ps = new double[rounds];
                    double[] ss = new double[rounds];
                    int reps = (int) Math.max(1, 2_000_000 / (m * (k == 0 ? 1 : 50)));
                    for (int round = -5; round < rounds; round++) {
                        double tSeq = time(seq[k], m, reps);
                        double tPar = time(par[k], m, reps);
                        double tStr = time(str[k], m, reps);
                        if (round >= 0) {
                            ps[round] = tPar / tSeq;
                            ss[round] = tStr / tSeq;
                        }
                    }
                    r[2 * k] = new Stats(ps).median();
                    r[2 * k + 1] = new Stats(ss).median();
                }
                System.out.printf(Locale.ROOT, "| %,d | %.2f | %.2f | %.2f | %.2f |%n", n, r[0], r[1], r[2], r[3]);
            }
        } finally {
            fj.shutdown();
        }
    }

    private static volatile long sink;

    private static double time(Kernel k, long n, int reps) {
        long t0 = System.nanoTime();
        long s = 0;
        for (int i = 0; i < reps; i++) {
            s += k.run(n);
        }
        sink = s;
        return (System.nanoTime() - t0) / (double) reps;
    }
}
