package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.LongParIter;
import java.util.concurrent.RecursiveTask;
import java.util.stream.LongStream;
import org.eclipse.collections.impl.list.Interval;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Sum of i² over a range: rayon4j {@code LongParIter} vs {@code LongStream.parallel()}, a RecursiveTask,
 * Eclipse Collections {@code ParallelIterate} over an {@code Interval} and a loop. Fair: the same range
 * and function; all but EC are primitive, allocation-free pipelines, and EC boxes every element by its
 * design (its {@code ParallelIterate} takes only {@code Iterable<T>}), which is part of what is compared.
 */
public class SumOfSquares extends KernelBench {
    @Param({"10000000"})
    public long size;

    @Benchmark
    public long rayon4j() {
        return LongParIter.range(0, size).map(i -> i * i).sum();
    }

    @Benchmark
    public long parallelStream() {
        return LongStream.range(0, size).parallel().map(i -> i * i).sum();
    }

    @Benchmark
    public long forkJoin() {
        return forkJoin.invoke(new Squares(0, size));
    }

    @Benchmark
    public long parallelIterate() {
        return EcSums.sumOfLong(Interval.zeroTo((int) size - 1), i -> (long) i * i);
    }

    @Benchmark
    public long sequential() {
        long sum = 0;
        for (long i = 0; i < size; i++) {
            sum += i * i;
        }
        return sum;
    }

    static final class Squares extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private static final long LEAF = 1 << 14;
        private final long lo;
        private final long hi;

        Squares(long lo, long hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= LEAF) {
                long sum = 0;
                for (long i = lo; i < hi; i++) {
                    sum += i * i;
                }
                return sum;
            }
            long mid = (lo + hi) >>> 1;
            Squares right = new Squares(mid, hi);
            right.fork();
            return new Squares(lo, mid).compute() + right.join();
        }
    }
}
