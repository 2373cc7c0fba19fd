package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Sieve;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Counting primes with the segmented sieve of rayon4j-examples: rayon4j's parallel map-and-sum over
 * segments vs {@code IntStream.parallel().mapToLong(..).sum()} over the same segments and the
 * sequential loop. Fair: all call the same {@code Sieve.countSegment}.
 */
public class SieveBench extends KernelBench {
    @Param({"50000000"})
    public int limit;

    @Benchmark
    public long rayon4j() {
        return Sieve.parallel(limit);
    }

    @Benchmark
    public long parallelStream() {
        int[] small = Sieve.smallPrimes(limit);
        return IntStream.range(0, Sieve.segments(limit)).parallel()
                .mapToLong(s -> Sieve.countSegment(small, s, limit)).sum();
    }

    @Benchmark
    public long sequential() {
        return Sieve.sequential(limit);
    }
}
