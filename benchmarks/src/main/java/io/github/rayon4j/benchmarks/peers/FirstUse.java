package io.github.rayon4j.benchmarks.peers;

import io.github.rayon4j.iter.LongParIter;

/**
 * Target P7, the cost of the first use: a whole process that does one small pipeline and exits, to be
 * timed from the outside ({@code benchmarks/peers/first-use.sh}), beside {@link FirstUseStream}. Class
 * loading, the global pool's start and the interpreter are all in the figure, as a short-lived program or
 * a CLI tool pays them.
 */
public final class FirstUse {
    private FirstUse() { }

    public static void main(String[] args) {
        System.out.println(LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum());
    }
}
