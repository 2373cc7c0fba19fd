package io.github.rayon4j.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@code fib(n)} with a join at every level (no sequential cut-off) vs the same recursion of
 * ForkJoinPool RecursiveTasks and the plain recursion: the per-join overhead, in the JMH run beside the
 * kernels (the JoinOverheadHarness measures the same on 1 thread). Fair: identical recursion trees.
 * {@code rayon4j} joins two {@code Supplier}s (a {@code Pair} of boxed values per join, as
 * {@code RecursiveTask<Long>} boxes), {@code rayon4jLong} uses {@code Rayon.joinLong}.
 */
public class FibJoin extends KernelBench {
    @Param({"25"})
    public int n;

    @Benchmark
    public long rayon4j() {
        return Fib.joined(n);
    }

    @Benchmark
    public long rayon4jLong() {
        return Fib.joinedLong(n);
    }

    @Benchmark
    public long forkJoin() {
        return forkJoin.invoke(new Fib.FibTask(n));
    }

    @Benchmark
    public long sequential() {
        return Fib.sequential(n);
    }
}
