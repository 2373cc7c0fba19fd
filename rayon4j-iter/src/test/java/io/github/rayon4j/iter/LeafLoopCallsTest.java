package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fused leaf loops hold no call but the user's functions and the answer of the work-wanted
 * hint (which the JIT may leave as a call; see {@link LeafLoopCallsProbe}). A call in a loop can
 * cost its compiled code on every iteration (HotSpot keeps no value in a register across one),
 * and such a call came from code that looked harmless, a lookup of the calling thread whose branch for
 * outside threads the JIT could not rule out (see {@code WorkerThread}, "The lookup of the
 * calling worker": Life 8-12 % slower, increment-all a quarter). {@link LeafLoopCallsProbe}
 * reads the JIT's own inlining records for three leaf loops, compiled in a JVM whose main thread
 * calls the pool from outside, as programs do.
 */
class LeafLoopCallsTest {
    @Test
    @Timeout(60)
    void theCompiledLeafLoopsCallNothingButTheirExits() throws Exception {
        String out = FreshJvm.run(List.of("-Drayon4j.numThreads=2"), LeafLoopCallsProbe.class, 50);
        assertFalse(out.contains("timeout"), out);
        for (String loop : List.of("IntRange", "IntArray", "LongRange")) {
            assertTrue(out.contains("compiled " + loop), out);
        }
        assertFalse(out.contains("\ncall "), out);
    }
}
