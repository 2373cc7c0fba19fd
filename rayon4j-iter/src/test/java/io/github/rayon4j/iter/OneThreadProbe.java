package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Run in a fresh JVM by {@link OneThreadGlobalPoolTest}, with a global pool of one thread
 * ({@code -Drayon4j.numThreads=1}): pipelines called from {@code main}, an indexed one and an
 * unindexed one, count the items that ran on a thread that is not a pool thread. Prints the
 * two counts and the pool size.
 */
public final class OneThreadProbe {
    private OneThreadProbe() {
    }

    /**
     * Runs the pipelines.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        AtomicInteger outside = new AtomicInteger();
        IntParIter.range(0, 10_000).forEach(i -> {
            if (Rayon.currentThreadIndex().isEmpty()) {
                outside.incrementAndGet();
            }
        });
        AtomicInteger outsideUnindexed = new AtomicInteger();
        ParIter.split(new int[] {0, 64}, r -> {
            int mid = (r[0] + r[1]) >>> 1;
            return r[1] - r[0] > 1
                    ? new Pair<>(new int[] {r[0], mid}, Optional.of(new int[] {mid, r[1]}))
                    : new Pair<>(r, Optional.<int[]>empty());
        }).forEach(r -> {
            if (Rayon.currentThreadIndex().isEmpty()) {
                outsideUnindexed.incrementAndGet();
            }
        });
        System.out.println("threads " + Rayon.currentNumThreads());
        System.out.println("indexed items outside the pool " + outside.get());
        System.out.println("unindexed items outside the pool " + outsideUnindexed.get());
    }
}
