package io.github.rayon4j.iter.plumbing;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The adaptive splitter's budget follows Rayon's rules (see the comment of {@link Bridge}). */
class BridgeBudgetTest {
    @Test
    void budgetDecisionsFollowRayon() {
        assertEquals(2, Bridge.nextBudget(4, 4, false), "halves when not migrated");
        assertEquals(-1, Bridge.nextBudget(4, 0, false), "no budget, no split");
        assertEquals(4, Bridge.nextBudget(4, 0, true), "a stolen half resets to the thread count");
        assertEquals(8, Bridge.nextBudget(4, 16, true), "or keeps half of a larger budget");
    }

    @Test
    void aStolenHalfOfAManyThreadPoolIsResetToAtMostFour() {
        assertEquals(2, Bridge.nextBudget(2, 0, true), "two threads: the thread count, as in Rayon");
        assertEquals(4, Bridge.nextBudget(16, 0, true), "16 threads: 4, not 16");
        assertEquals(4, Bridge.nextBudget(16, 3, true));
        assertEquals(6, Bridge.nextBudget(16, 12, true), "half of a larger budget is kept");
        assertEquals(4, Bridge.nextBudget(16, 8, false), "not migrated: halves, whatever the cap");
    }

    @Test
    void aPoolOfOneThreadStartsWithNoBudget() {
        assertEquals(4, Bridge.initialBudget(4, false, false, false, 0), "the thread count, as in Rayon");
        assertEquals(2, Bridge.initialBudget(2, false, false, true, 1));
        assertEquals(0, Bridge.initialBudget(1, false, false, false, 0), "one thread: nobody could take a half");
        assertEquals(1, Bridge.initialBudget(1, true, false, false, 0),
                "from outside: one split, through which the call enters the pool");
        assertEquals(-1, Bridge.nextBudget(1, Bridge.initialBudget(1, false, false, false, 0), false), "so no split");
        assertEquals(10, Bridge.initialBudget(1, false, false, false, 10), "len / maxLen still raises it");
        assertEquals(1, Bridge.nextBudget(1, 0, true), "a half taken by another thread splits once");
    }

    @Test
    void aSaturatedPoolSplitsOnceOrNotAtAll() {
        assertEquals(1, Bridge.initialBudget(4, false, true, false, 0), "leaves that cannot share: one split");
        assertEquals(0, Bridge.nextBudget(2, Bridge.initialBudget(2, false, true, false, 0), false),
                "so two leaves, the second of them stealable");
        assertEquals(0, Bridge.initialBudget(4, false, true, true, 0), "leaves that share on demand: none");
        assertEquals(-1, Bridge.nextBudget(4, Bridge.initialBudget(4, false, true, true, 0), false), "so no split");
        assertEquals(8, Bridge.initialBudget(4, false, true, true, 8), "len / maxLen still raises it");
        assertEquals(4, Bridge.nextBudget(16, 0, true), "a half that was stolen gets a budget again");
    }
}
