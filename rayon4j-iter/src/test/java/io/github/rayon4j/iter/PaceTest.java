package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The batch schedule of the leaf loops ({@link Pace}): grow by the rate, hold, reset, and the caps. */
class PaceTest {
    @Test
    void fastBatchesGrowAtMostSixtyFourfoldUpToTheCap() {
        int batch = 1;
        int steps = 0;
        while (batch < Pace.MAX_BATCH) {
            int next = Pace.next(batch, 100);
            assertEquals(Math.min(64 * batch, Pace.MAX_BATCH), next);
            batch = next;
            steps++;
        }
        assertEquals(3, steps, "1 -> 64 -> 4,096 -> 16,384");
        assertEquals(Pace.MAX_BATCH, Pace.next(Pace.MAX_BATCH, 100));
    }

    @Test
    void theGrowthIsWhatWouldTakeGrowNanosAtTheMeasuredRate() {
        assertEquals(10_000, Pace.next(1000, 1000), "10 µs / 1 µs: ten times");
        assertEquals(3000, Pace.next(1000, 3000), "10 µs / 3 µs: three times, rounded down");
        assertEquals(2000, Pace.next(1000, Pace.GROW_NANOS / 2), "half of GROW_NANOS: twice");
        assertEquals(1000, Pace.next(1000, Pace.GROW_NANOS / 2 + 1), "more than half: kept");
        assertEquals(64, Pace.next(1, 0), "a clock that read 0: at most MAX_GROWTH");
        assertEquals(64 * 100, Pace.next(100, 10), "a thousand times faster than GROW_NANOS: capped");
    }

    @Test
    void blocksStopAtTheirOwnCap() {
        int batch = 1;
        for (int i = 0; i < 30; i++) {
            batch = Pace.nextBlock(batch, 100);
        }
        assertEquals(Pace.MAX_BLOCK, batch);
        assertEquals(Pace.MAX_BLOCK, Pace.nextBlock(Pace.MAX_BLOCK, Pace.GROW_NANOS / 2));
        assertEquals(Pace.MAX_BLOCK, Pace.nextBlock(600, 1000), "ten times 600, capped");
    }

    @Test
    void aBatchOfFiveToFiftyMicrosecondsKeepsItsLength() {
        assertEquals(2048, Pace.next(2048, Pace.GROW_NANOS / 2 + 1));
        assertEquals(2048, Pace.next(2048, Pace.GROW_NANOS));
        assertEquals(2048, Pace.next(2048, Pace.SLOW_BATCH_NANOS - 1));
        assertEquals(512, Pace.nextBlock(512, 20_000));
    }

    @Test
    void aSlowBatchGoesBackToOneItem() {
        assertEquals(1, Pace.next(Pace.MAX_BATCH, Pace.SLOW_BATCH_NANOS));
        assertEquals(1, Pace.next(1, 3_000_000));
        assertEquals(1, Pace.nextBlock(Pace.MAX_BLOCK, Pace.SLOW_BATCH_NANOS));
    }

    @Test
    void steadyItemsSettleAtFiveToTenMicroseconds() {
        // items of 5 ns: 1, 64 (320 ns: 31 times), 1,984 (9.9 µs: kept)
        int batch = 1;
        for (int i = 0; i < 40; i++) {
            batch = Pace.next(batch, batch * 5L);
        }
        assertEquals(1984, batch);
        // items of 0.25 ns: 16,384 take 4 µs, so the cap, not the clock, ends the growth
        batch = 1;
        for (int i = 0; i < 40; i++) {
            batch = Pace.next(batch, batch / 4L);
        }
        assertEquals(Pace.MAX_BATCH, batch);
    }

    /**
     * For item costs from 0.1 ns to 1 ms, each batch timed with a clock read of 25 ns on top:
     * no batch after the first takes more than GROW_NANOS plus one item and the clock (the bound
     * on what a leaf pushes after an answer is known), and the schedule settles where the class
     * comment says: at half of GROW_NANOS to GROW_NANOS of work, at the cap, or at one slow item.
     */
    @Test
    void everySteadyCostSettlesWithinTheBound() {
        long clock = 25;
        for (double c = 0.1; c <= 1_000_000; c *= 1.07) {
            double cost = c;
            int batch = 1;
            for (int i = 0; i < 60; i++) {
                long nanos = (long) (batch * cost) + clock;
                int b = batch;
                assertTrue(i == 0 || nanos <= Pace.GROW_NANOS + cost + clock,
                        () -> "items of " + cost + " ns: a batch of " + b + " took " + nanos + " ns");
                batch = Pace.next(batch, nanos);
            }
            long settled = (long) (batch * cost) + clock;
            String at = "items of " + cost + " ns: batch " + batch + " takes " + settled + " ns";
            if (batch == Pace.MAX_BATCH) {
                assertTrue(settled <= Pace.GROW_NANOS, at);
            } else if (batch == 1) {
                assertTrue(settled > Pace.GROW_NANOS / 2, at);
            } else {
                assertTrue(settled > Pace.GROW_NANOS / 2 && settled < Pace.SLOW_BATCH_NANOS, at);
                assertTrue((long) (batch * cost) <= Pace.GROW_NANOS, at);
            }
        }
    }
}
