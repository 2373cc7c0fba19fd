package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The batch schedule of the leaf loops ({@link Pace}): grow, hold, reset, and the two caps. */
class PaceTest {
    @Test
    void fastBatchesDoubleUpToTheCap() {
        int batch = 1;
        int steps = 0;
        while (batch < Pace.MAX_BATCH) {
            int next = Pace.next(batch, 100);
            assertEquals(2 * batch, next);
            batch = next;
            steps++;
        }
        assertEquals(14, steps, "1 -> 16,384 in 14 doublings");
        assertEquals(Pace.MAX_BATCH, Pace.next(Pace.MAX_BATCH, 100));
    }

    @Test
    void blocksStopAtTheirOwnCap() {
        int batch = 1;
        for (int i = 0; i < 30; i++) {
            batch = Pace.nextBlock(batch, 100);
        }
        assertEquals(Pace.MAX_BLOCK, batch);
        assertEquals(Pace.MAX_BLOCK, Pace.nextBlock(Pace.MAX_BLOCK, Pace.GROW_NANOS - 1));
    }

    @Test
    void aBatchOfTenToFiftyMicrosecondsKeepsItsLength() {
        assertEquals(2048, Pace.next(2048, Pace.GROW_NANOS));
        assertEquals(2048, Pace.next(2048, Pace.SLOW_BATCH_NANOS - 1));
        assertEquals(4096, Pace.next(2048, Pace.GROW_NANOS - 1));
        assertEquals(512, Pace.nextBlock(512, 20_000));
    }

    @Test
    void aSlowBatchGoesBackToOneItem() {
        assertEquals(1, Pace.next(Pace.MAX_BATCH, Pace.SLOW_BATCH_NANOS));
        assertEquals(1, Pace.next(1, 3_000_000));
        assertEquals(1, Pace.nextBlock(Pace.MAX_BLOCK, Pace.SLOW_BATCH_NANOS));
    }

    @Test
    void steadyItemsSettleAtTenToTwentyMicroseconds() {
        // items of 5 ns: the batch grows while it takes under 10 µs and stops at 2,048 (10.2 µs)
        int batch = 1;
        for (int i = 0; i < 40; i++) {
            batch = Pace.next(batch, batch * 5L);
        }
        assertEquals(2048, batch);
        // items of 0.25 ns: 16,384 take 4 µs, so the cap, not the clock, ends the growth
        batch = 1;
        for (int i = 0; i < 40; i++) {
            batch = Pace.next(batch, batch / 4L);
        }
        assertEquals(Pace.MAX_BATCH, batch);
    }
}
