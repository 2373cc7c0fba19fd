package io.github.rayon4j.benchmarks;

import io.github.rayon4j.core.Rayon;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveAction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Spawn throughput: a {@code Rayon.scope} whose body, on a worker, spawns {@link #n} small jobs
 * (each writes one slot of an array) and waits for them, against one ForkJoinPool task that forks
 * the same jobs and joins them newest first. It times what a spawn costs its spawner and the
 * pool: the job object, the push onto the worker's deque, the post to the sleep module (with
 * fence 1: {@code Sleep}, "Why the two fences") and the scope's count of jobs, then the other
 * worker stealing half of them.
 *
 * <pre>{@code
 * java -jar benchmarks/target/benchmarks.jar SpawnBench
 * }</pre>
 */
public class SpawnBench extends KernelBench {
    @Param({"10000"})
    public int n;

    private long[] slots;

    @Setup(Level.Trial)
    public void allocate() {
        slots = new long[n];
    }

    static long mix(int k) {
        return k * 0x9E3779B97F4A7C15L;
    }

    @Benchmark
    public long rayon4j() {
        long[] out = slots;
        Rayon.scope(s -> {
            for (int i = 0; i < out.length; i++) {
                int k = i;
                s.spawn(t -> out[k] = mix(k));
            }
        });
        return out[out.length - 1];
    }

    @Benchmark
    public long forkJoin() {
        forkJoin.invoke(new Spawner(slots));
        return slots[slots.length - 1];
    }

    /** Forks one {@link Leaf} per slot, then joins them, newest first. */
    static final class Spawner extends RecursiveAction {
        private final long[] out;

        Spawner(long[] out) {
            this.out = out;
        }

        @Override
        protected void compute() {
            ForkJoinTask<?>[] leaves = new ForkJoinTask<?>[out.length];
            for (int i = 0; i < out.length; i++) {
                leaves[i] = new Leaf(out, i).fork();
            }
            for (int i = out.length - 1; i >= 0; i--) {
                leaves[i].join();
            }
        }
    }

    /** Writes one slot. */
    static final class Leaf extends RecursiveAction {
        private final long[] out;
        private final int k;

        Leaf(long[] out, int k) {
            this.out = out;
            this.k = k;
        }

        @Override
        protected void compute() {
            out[k] = mix(k);
        }
    }
}
