package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.eclipse.collections.impl.list.Interval;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Count Pythagorean triples a² + b² = c² with a &lt; b &lt; c ≤ n (Rayon's pythagoras benchmark, by
 * nested ranges): rayon4j {@code IntParIter.range(..).mapToLong(..).sum()} vs the same on
 * {@code IntStream.parallel()}, a RecursiveTask splitting the range of {@code a}, Eclipse Collections
 * {@code ParallelIterate} over an {@code Interval} and loops. Fair: the same per-{@code a} count; the work
 * per {@code a} shrinks as {@code a} grows, so it also tests load balancing (EC cuts the range into
 * equal batches up front, by its design; it boxes each {@code a}, negligible here, and is given a small
 * fork size since its default of 10,000 elements would run n = 3,000 sequentially).
 */
public class Pythagorean extends KernelBench {
    /** Values of {@code a} per RecursiveTask leaf. */
    private static final int LEAF = 16;

    @Param({"3000"})
    public int n;

    /**
     * The triples {@code (a, b, c)} with {@code a < b}, {@code c <= n}, for one {@code a}: the work of one item.
     *
     * @param a the smallest leg
     * @param n the bound
     * @return how many there are
     */
    public static long triplesWith(int a, int n) {
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
    public long forkJoin() {
        return forkJoin.invoke(new Triples(n, 1, n + 1));
    }

    @Benchmark
    public long parallelIterate() {
        int limit = n;
        return EcSums.sumOfLong(Interval.oneTo(limit), a -> triplesWith(a, limit), 2);
    }

    @Benchmark
    public long sequential() {
        long count = 0;
        for (int a = 1; a <= n; a++) {
            count += triplesWith(a, n);
        }
        return count;
    }

    static final class Triples extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;
        private final int lo;
        private final int hi;

        Triples(int n, int lo, int hi) {
            this.n = n;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= LEAF) {
                long count = 0;
                for (int a = lo; a < hi; a++) {
                    count += triplesWith(a, n);
                }
                return count;
            }
            int mid = (lo + hi) >>> 1;
            Triples right = new Triples(n, mid, hi);
            right.fork();
            return new Triples(n, lo, mid).compute() + right.join();
        }
    }
}
