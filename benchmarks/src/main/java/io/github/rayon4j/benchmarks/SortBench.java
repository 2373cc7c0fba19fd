package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.ParSort;
import java.util.Arrays;
import java.util.Random;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Sorting an {@code int[]} of random, already sorted and reversed values: rayon4j's stable
 * {@code ParSort.sort} and unstable {@code ParSort.sortUnstable} vs {@code Arrays.parallelSort} and the
 * sequential {@code Arrays.sort}. Fair: each invocation sorts a fresh copy of the same input (the copy,
 * the same for all, is inside the timing).
 */
public class SortBench extends KernelBench {
    @Param({"random", "sorted", "reversed"})
    public String input;

    @Param({"2000000"})
    public int size;

    private int[] source;

    @Setup(Level.Trial)
    public void create() {
        source = new Random(5).ints(size).toArray();
        if (!input.equals("random")) {
            Arrays.sort(source);
        }
        if (input.equals("reversed")) {
            for (int i = 0, j = size - 1; i < j; i++, j--) {
                int t = source[i];
                source[i] = source[j];
                source[j] = t;
            }
        }
    }

    @Benchmark
    public int[] rayon4j() {
        int[] a = source.clone();
        ParSort.sort(a);
        return a;
    }

    @Benchmark
    public int[] rayon4jUnstable() {
        int[] a = source.clone();
        ParSort.sortUnstable(a);
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
}
