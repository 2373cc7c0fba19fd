package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * A sum whose cost sits at the start of the range: of {@code n} items, the first {@code hot} cost
 * about 20 µs each ({@link #work}: a chain of dependent multiplications the JIT cannot shorten)
 * and the rest next to nothing, as when the interesting part of an image or of a triangular loop
 * is in one corner. Both libraries cut the range before any item runs; with 2,000 items on two
 * threads their leftmost leaf is at least 125 items long, so it holds every costly item and,
 * unless the leaf can share its work once it runs (rayon4j's fused leaves do, see the README's
 * "How a leaf runs"), the thread that runs it does all of them alone. Fair: the same range,
 * function and primitive pipeline on both sides; {@code forkJoin} is the recursion a user writes
 * by hand knowing that items are costly (leaves of {@link Part#LEAF} items, so the costly ones
 * spread over many tasks); {@code sequential} is the plain loop.
 */
public class SkewedSum extends KernelBench {
    @Param({"2000"})
    public int n;

    @Param({"100"})
    public int hot;

    /** About 20 µs of work that depends on {@code i}. */
    static long work(int i) {
        long h = i;
        for (int k = 0; k < 20_000; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
        }
        return h;
    }

    private long item(int i) {
        return i < hot ? work(i) : i;
    }

    @Benchmark
    public long rayon4j() {
        return IntParIter.range(0, n).mapToLong(this::item).sum();
    }

    @Benchmark
    public long parallelStream() {
        return IntStream.range(0, n).parallel().mapToLong(this::item).sum();
    }

    @Benchmark
    public long forkJoin() {
        return forkJoin.invoke(new Part(this, 0, n));
    }

    @Benchmark
    public long sequential() {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += item(i);
        }
        return sum;
    }

    /** The hand-written peer: halves down to {@link #LEAF} items. */
    static final class Part extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        /** Items per leaf: a few costly items per task, as one would pick for 20 µs items. */
        static final int LEAF = 8;
        private final transient SkewedSum bench;
        private final int lo;
        private final int hi;

        Part(SkewedSum bench, int lo, int hi) {
            this.bench = bench;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= LEAF) {
                long sum = 0;
                for (int i = lo; i < hi; i++) {
                    sum += bench.item(i);
                }
                return sum;
            }
            int mid = (lo + hi) >>> 1;
            Part right = new Part(bench, mid, hi);
            right.fork();
            long left = new Part(bench, lo, mid).compute();
            return left + right.join();
        }
    }
}
