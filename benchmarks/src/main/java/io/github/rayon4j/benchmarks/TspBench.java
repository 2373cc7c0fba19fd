package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Tsp;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Branch-and-bound travelling salesman on generated cities (rayon4j-examples): the search with the top
 * levels spawned into a rayon4j {@code scope} vs the same search sequentially. There is no JDK peer
 * with a shared bound that is not a rewrite; fair because both prune with the same bound and find the
 * same optimum (the parallel one may prune more or less, depending on which tours it finds first).
 */
public class TspBench extends KernelBench {
    @Param({"13"})
    public int cities;

    private int[][] dist;

    @Setup
    public void create() {
        dist = Tsp.randomCities(cities, 11);
    }

    @Benchmark
    public int rayon4j() {
        return Tsp.parallel(dist);
    }

    @Benchmark
    public int sequential() {
        return Tsp.sequential(dist);
    }
}
