package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.NBody;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The n-body simulation's total energy, the reduce form: rayon4j {@code IntParIter.mapToDouble(..).sum()}
 * vs {@code IntStream.parallel().mapToDouble(..).sum()} and the sequential sum. Fair: all sum the same
 * {@code energyOf(i)} (O(n) each), primitive doubles on every side.
 */
public class NBodyEnergy extends KernelBench {
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
    public double sequential() {
        return sim.energySequential();
    }
}
