package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.DoubleParIter;
import java.util.Random;
import java.util.stream.DoubleStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The price of a sum whose bits do not depend on the thread count: rayon4j's
 * {@code DoubleParIter.sumDeterministic()} (fixed blocks of 4,096, a fixed combining tree)
 * against its {@code sum()} (splits follow the work stealing), {@code DoubleStream.parallel().sum()}
 * and a sequential compensated loop ({@code DoubleStream.sum()}), over the same random array.
 * All four use compensated summation.
 */
public class DeterministicSum extends KernelBench {
    @Param({"10000000"})
    public int size;

    private double[] values;

    @Setup
    public void fill() {
        values = new Random(7).doubles(size, -1e6, 1e6).toArray();
    }

    @Benchmark
    public double rayon4jDeterministic() {
        return DoubleParIter.of(values).sumDeterministic();
    }

    @Benchmark
    public double rayon4j() {
        return DoubleParIter.of(values).sum();
    }

    @Benchmark
    public double parallelStream() {
        return DoubleStream.of(values).parallel().sum();
    }

    @Benchmark
    public double sequential() {
        return DoubleStream.of(values).sum();
    }
}
