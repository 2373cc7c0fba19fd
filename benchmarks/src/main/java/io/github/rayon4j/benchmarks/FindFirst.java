package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.OptionalInt;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Find the first element equal to a target placed at the start, middle or end of an {@code int[]}, or
 * absent: rayon4j {@code IntParIter.filter(..).findFirst()} and {@code findAny()} vs the same pipelines
 * on {@code Arrays.stream(..).parallel()} and a sequential loop. Fair: the same array and predicate; the
 * parallel versions may stop early, as each library allows.
 */
public class FindFirst extends KernelBench {
    @Param({"first", "middle", "last", "missing"})
    public String position;

    @Param({"10000000"})
    public int size;

    private int[] data;
    private int target;

    @Setup
    public void create() {
        data = new int[size];
        Arrays.setAll(data, i -> i);
        target = switch (position) {
            case "first" -> size / 100;
            case "middle" -> size / 2;
            case "last" -> size - 1;
            default -> -1;
        };
    }

    @Benchmark
    public OptionalInt rayon4j() {
        int t = target;
        return IntParIter.of(data).filter(x -> x == t).findFirst();
    }

    @Benchmark
    public OptionalInt rayon4jFindAny() {
        int t = target;
        return IntParIter.of(data).filter(x -> x == t).findAny();
    }

    @Benchmark
    public OptionalInt parallelStream() {
        int t = target;
        return Arrays.stream(data).parallel().filter(x -> x == t).findFirst();
    }

    @Benchmark
    public OptionalInt sequential() {
        for (int x : data) {
            if (x == target) {
                return OptionalInt.of(x);
            }
        }
        return OptionalInt.empty();
    }
}
