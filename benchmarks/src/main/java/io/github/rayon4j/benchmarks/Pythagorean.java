package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Count Pythagorean triples a² + b² = c² with a &lt; b &lt; c ≤ n (Rayon's pythagoras benchmark, by
 * nested ranges): rayon4j {@code IntParIter.range(..).mapToLong(..).sum()} vs the same on
 * {@code IntStream.parallel()} and loops. Fair: the same per-{@code a} count; the work per {@code a}
 * shrinks as {@code a} grows, so it also tests load balancing.
 */
public class Pythagorean extends KernelBench {
    @Param({"3000"})
    public int n;

    static long triplesWith(int a, int n) {
        long count = 0;
        long aa = (long) a * a;
        for (int b = a + 1; b <= n; b++) {
            long cc = aa + (long) b * b;
            long c = (long) Math.sqrt((double) cc);
            if (c <= n && c * c == cc) {
                count++;
            }
        }
        return count;
    }

    @Benchmark
    public long rayon4j() {
        int limit = n;
        return IntParIter.range(1, limit + 1).mapToLong(a -> triplesWith(a, limit)).sum();
    }

    @Benchmark
    public long parallelStream() {
        int limit = n;
        return IntStream.rangeClosed(1, limit).parallel().mapToLong(a -> triplesWith(a, limit)).sum();
    }

    @Benchmark
    public long sequential() {
        long count = 0;
        for (int a = 1; a <= n; a++) {
            count += triplesWith(a, n);
        }
        return count;
    }
}
