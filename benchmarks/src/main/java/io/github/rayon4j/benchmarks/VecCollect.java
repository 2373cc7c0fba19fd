package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Strategies for collecting a parallel pipeline into a list (Rayon's vec-collect benchmarks): rayon4j's
 * indexed {@code toList()} (pieces written into place), its {@code collect(Collector)} form, and a
 * primitive {@code toArray()}, vs the parallel stream's {@code toList()} and {@code int[]} form and a
 * loop. Fair: the same range and mapping; the object forms all box, the primitive forms none.
 */
public class VecCollect extends KernelBench {
    @Param({"5000000"})
    public int size;

    @Benchmark
    public List<Integer> rayon4j() {
        return IntParIter.range(0, size).mapToObj(i -> i * 2).toList();
    }

    @Benchmark
    public List<Integer> rayon4jCollector() {
        return IntParIter.range(0, size).mapToObj(i -> i * 2).collect(Collectors.toList());
    }

    @Benchmark
    public int[] rayon4jToArray() {
        return IntParIter.range(0, size).map(i -> i * 2).toArray();
    }

    @Benchmark
    public List<Integer> parallelStream() {
        return IntStream.range(0, size).parallel().mapToObj(i -> i * 2).toList();
    }

    @Benchmark
    public int[] parallelStreamToArray() {
        return IntStream.range(0, size).parallel().map(i -> i * 2).toArray();
    }

    @Benchmark
    public List<Integer> sequential() {
        List<Integer> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            out.add(i * 2);
        }
        return out;
    }
}
