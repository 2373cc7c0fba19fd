package io.github.rayon4j.examples;

import io.github.rayon4j.core.ThreadPool;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiPredicate;
import java.util.function.Supplier;

/**
 * Times a rayon4j computation beside its sequential version and prints both with the speed-up. Each
 * runs once to warm up the JIT, then {@code runs} times; the median is reported. The parallel version
 * runs inside the chosen pool ({@link ThreadPool#install}), so {@code --threads} decides its size. The
 * two answers must agree, or the example fails instead of printing a speed-up of a wrong answer.
 */
final class Timing {
    private final ThreadPool pool;
    private final int threads;
    private final int runs;
    private final PrintStream out;

    Timing(ThreadPool pool, int threads, int runs, PrintStream out) {
        this.pool = pool;
        this.threads = threads;
        this.runs = runs;
        this.out = out;
    }

    PrintStream out() {
        return out;
    }

    <T> T compare(String what, Supplier<T> sequential, Supplier<T> parallel, BiPredicate<T, T> agree) {
        T expected = sequential.get();
        T actual = pool.install(parallel);
        if (!agree.test(expected, actual)) {
            throw new IllegalStateException(what + ": rayon4j's answer differs from the sequential one");
        }
        double seqMs = medianMillis(sequential::get);
        double parMs = medianMillis(() -> pool.install(parallel));
        out.printf(Locale.ROOT, "%-44s rayon4j %9.1f ms | sequential %9.1f ms | speed-up %5.2fx on %d threads%n",
                what, parMs, seqMs, seqMs / parMs, threads);
        return actual;
    }

    private double medianMillis(Runnable r) {
        double[] ms = new double[runs];
        for (int i = 0; i < runs; i++) {
            long t0 = System.nanoTime();
            r.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return runs % 2 == 1 ? ms[runs / 2] : (ms[runs / 2 - 1] + ms[runs / 2]) / 2;
    }
}
