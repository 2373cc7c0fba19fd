package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A pipeline called from outside any pool runs in the pool, also when the global pool has one
 * thread (a one-processor machine, or {@code -Drayon4j.numThreads=1}). The adaptive splitter
 * starts a one-thread pool with no split budget, since no other thread could take a half; but a
 * call enters the pool through its first split, so from outside it must start with one, as in
 * Rayon: with none, a first version ran every item on the caller. The global pool is configured
 * once per JVM, so {@link OneThreadProbe} runs in a fresh one.
 */
class OneThreadGlobalPoolTest {
    @Test
    void aPipelineCalledFromOutsideRunsInAOneThreadGlobalPool() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            String text = FreshJvm.run(List.of("-Drayon4j.numThreads=1"), OneThreadProbe.class);
            assertEquals(List.of("threads 1", "indexed items outside the pool 0", "unindexed items outside the pool 0"),
                    text.lines().toList(), text);
        });
    }
}
