package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.JoinSorts;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.RecursiveAction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Merge sort and quicksort written on rayon4j's {@code join} (rayon4j-examples) vs the same merge sort
 * as ForkJoinPool RecursiveActions, {@code Arrays.parallelSort}, and {@code Arrays.sort}. Fair: random
 * input, a fresh copy per invocation on every side; the two join sorts and the ForkJoinPool merge sort
 * share their cut-off, leaf sort and merge step.
 */
public class JoinSortBench extends KernelBench {
    @Param({"2000000"})
    public int size;

    private int[] source;

    @Setup
    public void create() {
        source = new Random(5).ints(size).toArray();
    }

    @Benchmark
    public int[] rayon4jMergeSort() {
        int[] a = source.clone();
        JoinSorts.mergeSort(a);
        return a;
    }

    @Benchmark
    public int[] rayon4jQuickSort() {
        int[] a = source.clone();
        JoinSorts.quickSort(a);
        return a;
    }

    @Benchmark
    public int[] forkJoin() {
        int[] a = source.clone();
        forkJoin.invoke(new MergeSort(a, new int[a.length], 0, a.length));
        return a;
    }

    @Benchmark
    public int[] arraysParallelSort() {
        int[] a = source.clone();
        Arrays.parallelSort(a);
        return a;
    }

    @Benchmark
    public int[] sequential() {
        int[] a = source.clone();
        Arrays.sort(a);
        return a;
    }

    static final class MergeSort extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int[] scratch;
        private final int lo;
        private final int hi;

        MergeSort(int[] a, int[] scratch, int lo, int hi) {
            this.a = a;
            this.scratch = scratch;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= JoinSorts.SEQUENTIAL_CUTOFF) {
                Arrays.sort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new MergeSort(a, scratch, lo, mid), new MergeSort(a, scratch, mid, hi));
            JoinSorts.merge(a, scratch, lo, mid, hi);
        }
    }
}
