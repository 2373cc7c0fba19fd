package io.github.rayon4j.benchmarks;

import io.github.rayon4j.core.Rayon;
import java.util.concurrent.RecursiveTask;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;

/**
 * Rayon's "join recursively": a complete binary tree of joins with empty leaves, i.e. nothing but the
 * cost of {@code join}, vs the same tree of ForkJoinPool tasks and a plain recursion. Fair: the same
 * tree and the same leaf count is returned by all three.
 */
@OutputTimeUnit(java.util.concurrent.TimeUnit.MICROSECONDS)
public class JoinRecursively extends KernelBench {
    @Param({"16"})
    public int depth;

    @Benchmark
    public long rayon4j() {
        return tree(depth);
    }

    private static long tree(int d) {
        if (d == 0) {
            return 1;
        }
        var p = Rayon.join(() -> tree(d - 1), () -> tree(d - 1));
        return p.left() + p.right();
    }

    @Benchmark
    public long forkJoin() {
        return forkJoin.invoke(new Tree(depth));
    }

    @Benchmark
    public long sequential() {
        return plain(depth);
    }

    private static long plain(int d) {
        return d == 0 ? 1 : plain(d - 1) + plain(d - 1);
    }

    static final class Tree extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int d;

        Tree(int d) {
            this.d = d;
        }

        @Override
        protected Long compute() {
            if (d == 0) {
                return 1L;
            }
            Tree right = new Tree(d - 1);
            right.fork();
            return new Tree(d - 1).compute() + right.join();
        }
    }
}
