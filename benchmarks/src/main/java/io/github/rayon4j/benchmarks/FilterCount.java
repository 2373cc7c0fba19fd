package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.RecursiveTask;
import org.eclipse.collections.impl.list.mutable.FastList;
import org.eclipse.collections.impl.parallel.ParallelIterate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Count the elements of a random {@code int[]} divisible by 3: rayon4j {@code IntParIter} vs
 * {@code Arrays.stream(..).parallel()}, a RecursiveTask, Eclipse Collections {@code ParallelIterate.count}
 * and a loop. Fair: the same values and predicate, primitive on every side but EC's, which counts a boxed
 * {@code FastList<Integer>} of them (built once, outside the timing) because EC's {@code ParallelIterate}
 * takes only boxed iterables by design; that cost is part of what is compared.
 */
public class FilterCount extends KernelBench {
    @Param({"10000000"})
    public int size;

    private int[] data;
    private FastList<Integer> boxed;

    @Setup
    public void fill() {
        data = new Random(1).ints(size).toArray();
        boxed = FastList.newList(size);
        for (int x : data) {
            boxed.add(x);
        }
    }

    @Benchmark
    public long rayon4j() {
        return IntParIter.of(data).filter(x -> x % 3 == 0).count();
    }

    @Benchmark
    public long parallelStream() {
        return Arrays.stream(data).parallel().filter(x -> x % 3 == 0).count();
    }

    @Benchmark
    public long forkJoin() {
        return forkJoin.invoke(new Count(data, 0, data.length));
    }

    @Benchmark
    public long parallelIterate() {
        return ParallelIterate.count(boxed, x -> x % 3 == 0);
    }

    @Benchmark
    public long sequential() {
        long count = 0;
        for (int x : data) {
            if (x % 3 == 0) {
                count++;
            }
        }
        return count;
    }

    static final class Count extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int lo;
        private final int hi;

        Count(int[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 1 << 14) {
                long count = 0;
                for (int i = lo; i < hi; i++) {
                    if (a[i] % 3 == 0) {
                        count++;
                    }
                }
                return count;
            }
            int mid = (lo + hi) >>> 1;
            Count right = new Count(a, mid, hi);
            right.fork();
            return new Count(a, lo, mid).compute() + right.join();
        }
    }
}
