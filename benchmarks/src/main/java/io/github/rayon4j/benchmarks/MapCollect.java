package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.eclipse.collections.impl.parallel.ParallelIterate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Map every element of a {@code List<Integer>} and collect the results into a list in order: rayon4j
 * {@code ParIter.of(list).map(f).toList()} vs {@code parallelStream().map(f).toList()}, Eclipse
 * Collections {@code ParallelIterate.collect} and a loop into a pre-sized ArrayList. Fair: the same
 * boxed input and mapping function (which allocates one Long per element on every side), and every
 * result is an ordered list of the same elements.
 */
public class MapCollect extends KernelBench {
    @Param({"10000000"})
    public int size;

    private List<Integer> data;

    @Setup
    public void fill() {
        data = IntStream.range(0, size).boxed().toList();
    }

    private static Long f(Integer x) {
        return x * 3L + 1;
    }

    @Benchmark
    public List<Long> rayon4j() {
        return ParIter.of(data).map(MapCollect::f).toList();
    }

    @Benchmark
    public List<Long> parallelStream() {
        return data.parallelStream().map(MapCollect::f).toList();
    }

    @Benchmark
    public java.util.Collection<Long> parallelIterate() {
        return ParallelIterate.collect(data, MapCollect::f, true);
    }

    @Benchmark
    public List<Long> sequential() {
        List<Long> out = new ArrayList<>(data.size());
        for (Integer x : data) {
            out.add(f(x));
        }
        return out;
    }
}
