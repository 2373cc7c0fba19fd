package io.github.rayon4j.benchmarks.peers;

import java.util.stream.LongStream;

/** {@link FirstUse} with a parallel stream: the same pipeline, first use of the common pool. */
public final class FirstUseStream {
    private FirstUseStream() { }

    public static void main(String[] args) {
        System.out.println(LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum());
    }
}
