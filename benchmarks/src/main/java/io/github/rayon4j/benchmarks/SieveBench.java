package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Sieve;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.eclipse.collections.impl.list.Interval;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Counting primes with the segmented sieve of rayon4j-examples: rayon4j's parallel map-and-sum over
 * segments vs {@code IntStream.parallel().mapToLong(..).sum()} over the same segments, a RecursiveTask
 * splitting the segments down to one, Eclipse Collections {@code ParallelIterate} over an
 * {@code Interval} of segments and the sequential loop. Fair: all find the small primes once per
 * operation and call the same {@code Sieve.countSegment}; EC boxes the segment index by its design
 * (negligible) and is given a small fork size (its default of 10,000 elements would run the segments
 * sequentially).
 */
public class SieveBench extends KernelBench {
    @Param({"50000000"})
    public int limit;

    @Benchmark
    public long rayon4j() {
        return Sieve.parallel(limit);
    }

    @Benchmark
    public long parallelStream() {
        int[] small = Sieve.smallPrimes(limit);
        return IntStream.range(0, Sieve.segments(limit)).parallel()
                .mapToLong(s -> Sieve.countSegment(small, s, limit)).sum();
    }

    @Benchmark
    public long forkJoin() {
        int[] small = Sieve.smallPrimes(limit);
        return forkJoin.invoke(new Segments(small, limit, 0, Sieve.segments(limit)));
    }

    @Benchmark
    public long parallelIterate() {
        int[] small = Sieve.smallPrimes(limit);
        int max = limit;
        return EcSums.sumOfLong(Interval.zeroTo(Sieve.segments(max) - 1),
                s -> Sieve.countSegment(small, s, max), 2);
    }

    @Benchmark
    public long sequential() {
        return Sieve.sequential(limit);
    }

    static final class Segments extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int[] small;
        private final int limit;
        private final int lo;
        private final int hi;

        Segments(int[] small, int limit, int lo, int hi) {
            this.small = small;
            this.limit = limit;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 1) {
                return lo < hi ? Sieve.countSegment(small, lo, limit) : 0L;
            }
            int mid = (lo + hi) >>> 1;
            Segments right = new Segments(small, limit, mid, hi);
            right.fork();
            return new Segments(small, limit, lo, mid).compute() + right.join();
        }
    }
}
