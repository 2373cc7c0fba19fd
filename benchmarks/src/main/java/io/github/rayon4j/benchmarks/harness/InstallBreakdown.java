package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Where the time of one short parallel call goes, call after call in one fresh JVM: each call of
 * {@code pool.install(body)} from the main thread is cut into <em>in</em> (the call until the body
 * starts on a worker: injection and wake-up), <em>run</em> (the body: the pipeline) and
 * <em>out</em> (the body's end until the caller has the result back), and the same pipeline
 * written as a parallel stream in a {@code ForkJoinPool} of as many threads is timed beside it as
 * a whole. Calls 5-14 are reported apart from calls 200 to the end: the first are what a harness
 * of 5 warm-up and 10 measured runs (the peers' programs, {@code PeerCases}) times, the second are
 * steady state. The pipelines: the first match of a 50M range whose answer is at 10,000
 * ({@code filter(..).findFirst()}), {@code anyMatch} with the same answer, an increment of every
 * element of 10^7 longs ({@code forEach}), and a sum over 2^16 numbers.
 *
 * <p>It separates two causes of a slow short call that a median over 10 calls mixes up: the
 * scheduler (in and out, and run's share spent waiting for stolen halves) and the JIT still
 * compiling or recompiling the pipeline's code (run, early calls only).
 *
 * <p>Run: {@code java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar
 * io.github.rayon4j.benchmarks.harness.InstallBreakdown [threads] [calls]} (defaults: the
 * processor count, 600 calls per pipeline).
 */
public final class InstallBreakdown {
    /** The index of the answer of the two searches. */
    static final long TARGET = 10_000L;
    static final long RANGE = 50_000_000L;
    static final int ARRAY = 10_000_000;

    private InstallBreakdown() { }

    /**
     * The searched value of an index: half of MurmurHash3's 64-bit finalizer, a bijection, so
     * {@code mix(x) == mix(TARGET)} only at {@code TARGET}, and the JIT cannot fold the search away.
     */
    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }

    /**
     * Prints {@link #run}'s table.
     *
     * @param args {@code [threads] [calls]}: default the processor count and 600
     */
    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : Runtime.getRuntime().availableProcessors();
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 600;
        System.out.print(run(threads, calls));
    }

    /**
     * Times every pipeline {@code calls} times in a pool of {@code threads}, then as a stream in a
     * {@code ForkJoinPool} of as many, checking every answer.
     *
     * @param threads the pools' thread count
     * @param calls   calls per pipeline and library, at least 215
     * @return a Markdown table, one row per pipeline, after a line with the JVM, sizes and load
     * @throws IllegalArgumentException if {@code threads < 1} or {@code calls < 215}
     * @throws IllegalStateException    if a call returned a wrong answer
     */
    static String run(int threads, int calls) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (calls < 215) {
            throw new IllegalArgumentException("calls must be at least 215 (calls 200.. are the steady ones), got " + calls);
        }
        long key = mix(TARGET);
        long[] a = new long[ARRAY];
        long sum = 0;
        for (long x = 0; x < 1 << 16; x++) {
            sum += x * x % 7;
        }
        Map<String, LongSupplier> rayon = new LinkedHashMap<>();
        Map<String, LongSupplier> stream = new LinkedHashMap<>();
        Map<String, Long> expected = new LinkedHashMap<>();
        rayon.put("findFirst", () -> LongParIter.range(0, RANGE).filter(x -> mix(x) == key).findFirst().getAsLong());
        stream.put("findFirst", () -> LongStream.range(0, RANGE).parallel().filter(x -> mix(x) == key).findFirst().getAsLong());
        expected.put("findFirst", TARGET);
        rayon.put("anyMatch", () -> LongParIter.range(0, RANGE).anyMatch(x -> mix(x) == key) ? 1 : 0);
        stream.put("anyMatch", () -> LongStream.range(0, RANGE).parallel().anyMatch(x -> mix(x) == key) ? 1 : 0);
        expected.put("anyMatch", 1L);
        rayon.put("increment", () -> {
            IntParIter.range(0, a.length).forEach(i -> a[i]++);
            return a[a.length - 1] - a[0]; // every element incremented as often: 0
        });
        stream.put("increment", () -> {
            IntStream.range(0, a.length).parallel().forEach(i -> a[i]++);
            return a[a.length - 1] - a[0];
        });
        expected.put("increment", 0L);
        rayon.put("sum2^16", () -> LongParIter.range(0, 1 << 16).map(x -> x * x % 7).sum());
        stream.put("sum2^16", () -> LongStream.range(0, 1 << 16).parallel().map(x -> x * x % 7).sum());
        expected.put("sum2^16", sum);

        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "# InstallBreakdown: java %s, %d threads, %d calls per pipeline, load %s%n",
                System.getProperty("java.version"), threads, calls, Stats.loadAverage()));
        sb.append("| pipeline | rayon4j calls 5-14, median us | rayon4j calls 200.., median (p90) us: total | in | run | out "
                + "| stream calls 5-14 | stream calls 200.. |\n");
        sb.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        ForkJoinPool fjp = new ForkJoinPool(threads);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            for (String name : rayon.keySet()) {
                LongSupplier body = rayon.get(name);
                long want = expected.get(name);
                long[] in = new long[calls];
                long[] run = new long[calls];
                long[] out = new long[calls];
                long[] total = new long[calls];
                long[] marks = new long[2];
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    long r = pool.install(() -> {
                        marks[0] = System.nanoTime();
                        long v = body.getAsLong();
                        marks[1] = System.nanoTime();
                        return v;
                    });
                    long t3 = System.nanoTime();
                    check(name, "rayon4j", r, want);
                    in[i] = marks[0] - t0;
                    run[i] = marks[1] - marks[0];
                    out[i] = t3 - marks[1];
                    total[i] = t3 - t0;
                }
                LongSupplier sbody = stream.get(name);
                long[] stotal = new long[calls];
                for (int i = 0; i < calls; i++) {
                    long t0 = System.nanoTime();
                    long r = CompletableFuture.supplyAsync(sbody::getAsLong, fjp).join();
                    stotal[i] = System.nanoTime() - t0;
                    check(name, "stream", r, want);
                }
                sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", name,
                        early(total), steady(total), steady(in), steady(run), steady(out), early(stotal), steady(stotal)));
            }
        } finally {
            fjp.shutdown();
        }
        return sb.toString();
    }

    private static void check(String name, String library, long got, long want) {
        if (got != want) {
            throw new IllegalStateException(library + " " + name + ": " + got + ", expected " + want);
        }
    }

    /** The median of calls 5-14, in microseconds. */
    static String early(long[] nanos) {
        long[] s = Arrays.copyOfRange(nanos, 5, 15);
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.1f", (s[4] + s[5]) / 2e3);
    }

    /** The median and 90th percentile of calls 200 to the end, in microseconds. */
    static String steady(long[] nanos) {
        long[] s = Arrays.copyOfRange(nanos, 200, nanos.length);
        Arrays.sort(s);
        return String.format(Locale.ROOT, "%.1f (%.1f)", s[s.length / 2] / 1e3, s[s.length * 9 / 10] / 1e3);
    }
}
