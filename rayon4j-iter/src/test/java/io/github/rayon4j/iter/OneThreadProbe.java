package io.github.rayon4j.iter;

import io.github.rayon4j.core.Rayon;

/**
 * Run in a child JVM by {@link CallerTakesPartTest} with a global pool of one thread
 * ({@code -Drayon4j.numThreads=1}): pipelines called from the main thread, whose leaves run on
 * it. Prints the pool's size and the results.
 */
public final class OneThreadProbe {
    private OneThreadProbe() {
    }

    /**
     * Prints {@code <global pool size>}, then a sum over 10^7 values and a count over 10^6.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println(Rayon.currentNumThreads());
        System.out.println(LongParIter.range(0, 10_000_000).map(x -> x * 3).sum());
        System.out.println(IntParIter.range(0, 1_000_000).filter(x -> x % 7 == 0).count());
    }
}
