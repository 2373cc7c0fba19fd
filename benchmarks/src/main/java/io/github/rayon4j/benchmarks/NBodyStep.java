package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.NBody;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One n-body step (O(n²) accelerations, then the O(n) move) as rayon4j-examples writes it: rayon4j's
 * {@code IntParIter.range(0, n).forEach(accelerate)} vs {@code IntStream.parallel().forEach}, a
 * RecursiveAction over body ranges, and the sequential loop. Fair: all call the same
 * {@code accelerate(i)} and {@code move} of the same simulation state.
 */
public class NBodyStep extends KernelBench {
    @Param({"2000"})
    public int bodies;

    private NBody sim;

    @Setup
    public void create() {
        sim = NBody.random(bodies, 42);
    }

    @Benchmark
    public NBody rayon4j() {
        sim.stepParallel();
        return sim;
    }

    @Benchmark
    public NBody parallelStream() {
        IntStream.range(0, sim.n).parallel().forEach(sim::accelerate);
        sim.move(0, sim.n);
        return sim;
    }

    @Benchmark
    public NBody forkJoin() {
        forkJoin.invoke(new Accelerate(sim, 0, sim.n));
        sim.move(0, sim.n);
        return sim;
    }

    @Benchmark
    public NBody sequential() {
        sim.stepSequential();
        return sim;
    }

    /**
     * The hand-written ForkJoin peer: the accelerations of bodies {@code [lo, hi)}, split in
     * halves down to 16 bodies (also used by the sleep-policy harness).
     *
     * <pre>{@code forkJoinPool.invoke(new NBodyStep.Accelerate(sim, 0, sim.n));}</pre>
     */
    public static final class Accelerate extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient NBody sim;
        private final int lo;
        private final int hi;

        /**
         * @param sim the simulation
         * @param lo  the first body
         * @param hi  the end, excluded
         */
        public Accelerate(NBody sim, int lo, int hi) {
            this.sim = sim;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 16) {
                for (int i = lo; i < hi; i++) {
                    sim.accelerate(i);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Accelerate(sim, lo, mid), new Accelerate(sim, mid, hi));
        }
    }
}
