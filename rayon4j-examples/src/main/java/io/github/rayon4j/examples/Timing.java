package io.github.rayon4j.examples;

import io.github.rayon4j.core.ThreadPool;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiPredicate;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * Times a rayon4j computation beside the same computation with a parallel stream and
 * sequentially, and prints the three with rayon4j's speed-up over each. Each runs once to warm up
 * the JIT, then {@code runs} times; the median is reported. The rayon4j version runs inside the
 * chosen pool ({@link ThreadPool#install}) and the stream inside a {@link ForkJoinPool} of the same
 * size, so {@code --threads} decides both. The answers must agree, or the example fails instead of
 * printing a speed-up of a wrong answer.
 */
final class Timing {
    private final ThreadPool pool;
    private final int threads;
    private final int runs;
    private final PrintStream out;

    private final ForkJoinPool streams;

    Timing(ThreadPool pool, int threads, int runs, PrintStream out) {
        this.pool = pool;
        this.streams = new ForkJoinPool(threads);
        this.threads = threads;
        this.runs = runs;
        this.out = out;
    }

    PrintStream out() {
        return out;
    }

    /**
     * Times the three versions and prints one line.
     *
     * @param stream the parallel-stream version, or {@code null} where the JDK has none
     */
    <T> T compare(String what, Supplier<T> sequential, Supplier<T> parallel, Supplier<T> stream,
                  BiPredicate<T, T> agree) {
        T expected = sequential.get();
        T actual = pool.install(parallel);
        if (!agree.test(expected, actual)) {
            throw new IllegalStateException(what + ": rayon4j's answer differs from the sequential one");
        }
        if (stream != null && !agree.test(expected, inStreams(stream))) {
            throw new IllegalStateException(what + ": the parallel stream's answer differs from the sequential one");
        }
        double seqMs = medianMillis(sequential::get);
        double parMs = medianMillis(() -> pool.install(parallel));
        String streamPart = "parallelStream         -";
        if (stream != null) {
            double streamMs = medianMillis(() -> inStreams(stream));
            streamPart = String.format(Locale.ROOT, "parallelStream %9.1f ms", streamMs);
        }
        out.printf(Locale.ROOT, "%-40s rayon4j %8.1f ms | %s | sequential %8.1f ms | speed-up %5.2fx on %d threads%n",
                what, parMs, streamPart, seqMs, seqMs / parMs, threads);
        return actual;
    }

    private <T> T inStreams(Supplier<T> stream) {
        return streams.submit(stream::get).join();
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
