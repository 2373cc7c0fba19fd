package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.OptionalInt;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Find the first element equal to a target placed at the start, middle or end of an {@code int[]}, or
 * absent: rayon4j {@code IntParIter.filter(..).findFirst()} and {@code findAny()} vs the same pipelines
 * on {@code Arrays.stream(..).parallel()}, RecursiveActions that share the lowest index found so far
 * (a range wholly above it is skipped) and a sequential loop. Fair: the same array and predicate; the
 * parallel versions may stop early, as each library allows. No Eclipse Collections peer: its
 * {@code ParallelIterate} has no detect or find-first.
 */
public class FindFirst extends KernelBench {
    /** Elements per RecursiveAction leaf, as in the other hand-written peers. */
    private static final int LEAF = 1 << 14;

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
    public OptionalInt forkJoin() {
        AtomicInteger found = new AtomicInteger(Integer.MAX_VALUE);
        forkJoin.invoke(new Find(data, target, 0, data.length, found));
        int index = found.get();
        return index == Integer.MAX_VALUE ? OptionalInt.empty() : OptionalInt.of(data[index]);
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

    /** Searches {@code [lo, hi)} unless a match was already found below {@code lo}; keeps the lowest. */
    static final class Find extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] a;
        private final int target;
        private final int lo;
        private final int hi;
        private final AtomicInteger found;

        Find(int[] a, int target, int lo, int hi, AtomicInteger found) {
            this.a = a;
            this.target = target;
            this.lo = lo;
            this.hi = hi;
            this.found = found;
        }

        @Override
        protected void compute() {
            if (lo >= found.get()) {
                return;
            }
            if (hi - lo <= LEAF) {
                for (int i = lo; i < hi; i++) {
                    if (a[i] == target) {
                        found.accumulateAndGet(i, Math::min);
                        return;
                    }
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Find(a, target, lo, mid, found), new Find(a, target, mid, hi, found));
        }
    }
}
