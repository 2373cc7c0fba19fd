package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.NBody;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.eclipse.collections.impl.list.Interval;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The n-body simulation's total energy, the reduce form: rayon4j {@code IntParIter.mapToDouble(..).sum()}
 * vs {@code IntStream.parallel().mapToDouble(..).sum()}, a RecursiveTask, Eclipse Collections
 * {@code ParallelIterate} over an {@code Interval} and the sequential sum. Fair: all sum the same
 * {@code energyOf(i)} (O(n) each), primitive doubles on every side but EC's, which boxes the body index
 * by its design (negligible beside O(n) work) and is given a small fork size (its default of 10,000
 * elements would run 2,000 bodies sequentially).
 */
public class NBodyEnergy extends KernelBench {
    /** Bodies per RecursiveTask leaf: 16 × O(n) work, about a hundred leaves at n = 2000. */
    private static final int LEAF = 16;

    @Param({"2000"})
    public int bodies;

    private NBody sim;

    @Setup
    public void create() {
        sim = NBody.random(bodies, 42);
    }

    @Benchmark
    public double rayon4j() {
        return sim.energyParallel();
    }

    @Benchmark
    public double parallelStream() {
        return IntStream.range(0, sim.n).parallel().mapToDouble(sim::energyOf).sum();
    }

    @Benchmark
    public double forkJoin() {
        return forkJoin.invoke(new Energy(sim, 0, sim.n));
    }

    @Benchmark
    public double parallelIterate() {
        return EcSums.sumOfDouble(Interval.zeroTo(sim.n - 1), sim::energyOf, 2);
    }

    @Benchmark
    public double sequential() {
        return sim.energySequential();
    }

    static final class Energy extends RecursiveTask<Double> {
        private static final long serialVersionUID = 1L;
        private final transient NBody sim;
        private final int lo;
        private final int hi;

        Energy(NBody sim, int lo, int hi) {
            this.sim = sim;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Double compute() {
            if (hi - lo <= LEAF) {
                double e = 0;
                for (int i = lo; i < hi; i++) {
                    e += sim.energyOf(i);
                }
                return e;
            }
            int mid = (lo + hi) >>> 1;
            Energy right = new Energy(sim, mid, hi);
            right.fork();
            return new Energy(sim, lo, mid).compute() + right.join();
        }
    }
}
