package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.LongParIter;
import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The first {@code limit} items that pass a filter, in order: {@code ParIter.of(list).filter(..)
 * .limit(n).toList()} and {@code LongParIter.range(..).filter(..).limit(n).toArray()} against the
 * same pipelines on parallel streams and a sequential loop. {@code every} sets how rare a match
 * is (1 item in {@code every}); the list holds a million boxed ints, the range ten million longs.
 * Fair: the same items and predicate; each library may stop early as it allows (a parallel
 * stream's ordered {@code limit} cancels the parts after a complete prefix). The
 * {@code TakeWhile} pair counts the matches of the range below {@code limit * every}: a prefix of
 * {@code limit} matches, by {@code takeWhile} instead of {@code limit}.
 */
public class FilterLimit extends KernelBench {
    @Param({"3", "1000"})
    public int every;

    @Param({"10", "10000"})
    public int limit;

    private List<Integer> list;

    @Setup
    public void create() {
        list = new ArrayList<>(1_000_000);
        for (int i = 0; i < 1_000_000; i++) {
            list.add(i);
        }
    }

    @Benchmark
    public List<Integer> rayon4jList() {
        int e = every;
        return ParIter.of(list).filter(x -> x % e == 0).limit(limit).toList();
    }

    @Benchmark
    public List<Integer> parallelStreamList() {
        int e = every;
        return list.parallelStream().filter(x -> x % e == 0).limit(limit).collect(Collectors.toList());
    }

    @Benchmark
    public List<Integer> sequentialList() {
        List<Integer> out = new ArrayList<>();
        for (Integer x : list) {
            if (x % every == 0) {
                out.add(x);
                if (out.size() == limit) {
                    break;
                }
            }
        }
        return out;
    }

    @Benchmark
    public long[] rayon4jRange() {
        int e = every;
        return LongParIter.range(0, 10_000_000).filter(x -> x % e == 0).limit(limit).toArray();
    }

    @Benchmark
    public long rayon4jTakeWhile() {
        int e = every;
        long end = (long) limit * every;
        return LongParIter.range(0, 10_000_000).filter(x -> x % e == 0).takeWhile(x -> x < end).count();
    }

    @Benchmark
    public long parallelStreamTakeWhile() {
        int e = every;
        long end = (long) limit * every;
        return LongStream.range(0, 10_000_000).parallel().filter(x -> x % e == 0).takeWhile(x -> x < end).count();
    }

    @Benchmark
    public long[] parallelStreamRange() {
        int e = every;
        return LongStream.range(0, 10_000_000).parallel().filter(x -> x % e == 0).limit(limit).toArray();
    }
}
