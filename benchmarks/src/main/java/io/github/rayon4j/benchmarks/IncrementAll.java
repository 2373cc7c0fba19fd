package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Rayon's join micro-benchmark "increment all": add one to every element of an {@code int[]}, a kernel
 * so cheap that splitting and joining dominate. rayon4j with its adaptive splitter, with a minimum
 * length (few big pieces), a maximum length (many small ones) and fully split (one element per leaf),
 * against {@code IntStream.parallel().forEach}, a RecursiveAction and a loop. Fair: every version writes
 * the same array once, in place, with no allocation per element.
 */
public class IncrementAll extends KernelBench {
    @Param({"1000000"})
    public int size;

    private int[] data;

    @Setup
    public void fill() {
        data = new int[size];
    }

    @Benchmark
    public int[] rayon4j() {
        int[] a = data;
        IntParIter.range(0, a.length).forEach(i -> a[i]++);
        return a;
    }

    @Benchmark
    public int[] rayon4jMinLen() {
        int[] a = data;
        IntParIter.range(0, a.length).withMinLen(a.length / 8).forEach(i -> a[i]++);
        return a;
    }

    @Benchmark
    public int[] rayon4jMaxLen() {
        int[] a = data;
        IntParIter.range(0, a.length).withMaxLen(1024).forEach(i -> a[i]++);
        return a;
    }

    @Benchmark
    public int[] rayon4jFullySplit() {
        int[] a = data;
        IntParIter.range(0, a.length).withMaxLen(1).forEach(i -> a[i]++);
        return a;
    }

    @Benchmark
    public int[] parallelStream() {
        int[] a = data;
        IntStream.range(0, a.length).parallel().forEach(i -> a[i]++);
        return a;
    }

    @Benchmark
    public int[] forkJoin() {
        forkJoin.invoke(new Increment(data, 0, data.length));
        return data;
    }

    @Benchmark
    public int[] sequential() {
        int[] a = data;
        for (int i = 0; i < a.length; i++) {
            a[i]++;
        }
        return a;
    }

    static final class Increment extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int lo;
        private final int hi;

        Increment(int[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 1 << 13) {
                for (int i = lo; i < hi; i++) {
                    a[i]++;
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Increment(a, lo, mid), new Increment(a, mid, hi));
        }
    }
}
