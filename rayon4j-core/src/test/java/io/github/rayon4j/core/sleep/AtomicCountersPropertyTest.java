package io.github.rayon4j.core.sleep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * The packed counters word against a model that keeps the three fields apart: random sequences of
 * the operations the sleep module performs, starting anywhere, in particular just below a JEC
 * wrap-around (seed 000, "The counters", "Jobs event counter").
 */
class AtomicCountersPropertyTest {
    private static final long JEC_MOD = 1L << 32;

    /** What the packed word should hold, field by field. */
    static final class Model {
        int sleeping;
        int inactive;
        long jec;

        Model(int sleeping, int inactive, long jec) {
            this.sleeping = sleeping;
            this.inactive = inactive;
            this.jec = jec;
        }

        long packed() {
            return (jec << 32) | ((long) inactive << 16) | sleeping;
        }

        @Override
        public String toString() {
            return "[sleeping=" + sleeping + ", inactive=" + inactive + ", jec=" + jec + "]";
        }
    }

    enum Op { ADD_INACTIVE, SUB_INACTIVE, TRY_ADD_SLEEPING, TRY_ADD_SLEEPING_STALE, SUB_SLEEPING, MARK_JOBS_POSTED, ANNOUNCE_SLEEPY }

    private static final Op[] OPS = Op.values();

    /** Starting JEC: mostly within a few steps of 2^32, sometimes anywhere. */
    private static Gen<Long> startJec() {
        return longs().between(JEC_MOD - 6, JEC_MOD - 1).mix(longs().between(0, JEC_MOD - 1), 30);
    }

    @Test
    void randomCounterOperationSequencesMatchTheFieldModelAcrossJecWrapAround() {
        qt().withExamples(2_000)
                .forAll(startJec(), integers().between(0, 4), integers().between(0, 4),
                        lists().of(integers().between(0, OPS.length - 1)).ofSizeBetween(0, 60))
                .checkAssert(AtomicCountersPropertyTest::runSequence);
    }

    private static void runSequence(long jec, int sleepingStart, int extraInactive, List<Integer> ops) {
        Model m = new Model(sleepingStart, sleepingStart + extraInactive, jec);
        AtomicCounters c = new AtomicCounters(m.packed());
        StringBuilder trace = new StringBuilder("start " + m);
        for (int code : ops) {
            Op op = OPS[code];
            long before = c.load();
            switch (op) {
                case ADD_INACTIVE:
                    c.addInactiveThread();
                    m.inactive++;
                    break;
                case SUB_INACTIVE:
                    // Only an idle, awake thread finds work.
                    if (m.inactive - m.sleeping == 0) {
                        continue;
                    }
                    c.subInactiveThread();
                    m.inactive--;
                    break;
                case TRY_ADD_SLEEPING:
                    // Only an idle, awake thread goes to sleep.
                    if (m.inactive - m.sleeping == 0) {
                        continue;
                    }
                    assertTrue(c.tryAddSleepingThread(before), trace + " tryAddSleeping with a fresh value");
                    m.sleeping++;
                    break;
                case TRY_ADD_SLEEPING_STALE: {
                    if (m.inactive - m.sleeping == 0) {
                        continue;
                    }
                    // A value read before a JEC change must make the CAS fail.
                    long stale = before ^ AtomicCounters.ONE_JEC;
                    assertFalse(c.tryAddSleepingThread(stale), trace + " tryAddSleeping with a stale JEC");
                    break;
                }
                case SUB_SLEEPING:
                    if (m.sleeping == 0) {
                        continue;
                    }
                    c.subSleepingThread();
                    m.sleeping--;
                    break;
                case MARK_JOBS_POSTED: {
                    long r = c.markJobsPosted();
                    if (m.jec % 2 == 0) {
                        m.jec = (m.jec + 1) % JEC_MOD;
                    }
                    assertEquals(m.packed(), r, trace + " markJobsPosted returns the value after");
                    assertFalse(AtomicCounters.jecIsEven(r), trace + " JEC odd after posting");
                    break;
                }
                case ANNOUNCE_SLEEPY: {
                    long r = c.announceSleepy();
                    if (m.jec % 2 == 1) {
                        m.jec = (m.jec + 1) % JEC_MOD;
                    }
                    assertEquals(m.packed(), r, trace + " announceSleepy returns the value after");
                    assertTrue(AtomicCounters.jecIsEven(r), trace + " JEC even after getting sleepy");
                    break;
                }
                default:
                    throw new AssertionError(op);
            }
            trace.append(" -> ").append(op).append(' ').append(m);
            long v = c.load();
            String where = trace + "; actual " + AtomicCounters.describe(v);
            assertEquals(m.packed(), v, where);
            assertEquals(m.sleeping, AtomicCounters.sleepingThreads(v), where);
            assertEquals(m.inactive, AtomicCounters.inactiveThreads(v), where);
            assertEquals(m.inactive - m.sleeping, AtomicCounters.awakeButIdleThreads(v), where);
            assertEquals(m.jec, AtomicCounters.jobsCounter(v), where);
            assertEquals(m.jec % 2 == 0, AtomicCounters.jecIsEven(v), where);
            assertEquals(m.toString(), AtomicCounters.describe(v), where);
        }
    }

    @Test
    void jecWrapsFromTopToZeroWithoutTouchingTheThreadCounters() {
        long top = JEC_MOD - 1; // odd
        AtomicCounters c = new AtomicCounters((top << 32) | (3L << 16) | 2);
        long after = c.announceSleepy();
        assertEquals(0, AtomicCounters.jobsCounter(after), AtomicCounters.describe(after));
        assertEquals(2, AtomicCounters.sleepingThreads(after));
        assertEquals(3, AtomicCounters.inactiveThreads(after));
        assertEquals(1, AtomicCounters.jobsCounter(c.markJobsPosted()));
    }

    @Test
    void postingTwiceWritesOnceAndGettingSleepyTwiceWritesOnce() {
        AtomicCounters c = new AtomicCounters();
        long p1 = c.markJobsPosted();
        long p2 = c.markJobsPosted();
        assertEquals(p1, p2, "a second post while odd must not change the word");
        assertEquals(1, AtomicCounters.jobsCounter(p2));
        long s1 = c.announceSleepy();
        long s2 = c.announceSleepy();
        assertEquals(s1, s2, "a second sleepy thread while even must not change the word");
        assertEquals(2, AtomicCounters.jobsCounter(s2));
    }

    @Test
    void threadCountersHoldUpToThreadsMax() {
        long full = ((long) AtomicCounters.THREADS_MAX << 16) | (AtomicCounters.THREADS_MAX - 1);
        AtomicCounters c = new AtomicCounters(full);
        assertTrue(c.tryAddSleepingThread(full));
        long v = c.load();
        assertEquals(AtomicCounters.THREADS_MAX, AtomicCounters.sleepingThreads(v), AtomicCounters.describe(v));
        assertEquals(AtomicCounters.THREADS_MAX, AtomicCounters.inactiveThreads(v), AtomicCounters.describe(v));
        assertEquals(0, AtomicCounters.jobsCounter(v));
        assertEquals(0, AtomicCounters.awakeButIdleThreads(v));
    }

    @Test
    void addingASleeperBeyondThreadsMaxTripsTheAssertion() {
        boolean assertionsOn = false;
        assert assertionsOn = true;
        Assumptions.assumeTrue(assertionsOn, "needs -ea");
        long full = ((long) AtomicCounters.THREADS_MAX << 16) | AtomicCounters.THREADS_MAX;
        AtomicCounters c = new AtomicCounters(full);
        assertThrows(AssertionError.class, () -> c.tryAddSleepingThread(full));
    }

    /** HINTED: claims, give-backs and a negative sleeping field never touch the other fields. */
    @Test
    void signedSleepingFieldChangesFieldWiseOnly() {
        qt().forAll(integers().between(0, 300), integers().between(0, 2000), integers().between(1, 5))
                .checkAssert((inactive, jec, want) -> {
                    long start = ((long) jec << 32) | ((long) inactive << 16);
                    AtomicCounters c = new AtomicCounters(start);
                    assertEquals(0, c.claimSleepers(want), "nothing to claim at zero");
                    c.addSignedSleepers(-want); // targeted wake-ups while claims are out
                    assertEquals(-want, AtomicCounters.signedSleepingThreads(c.load()));
                    assertEquals(inactive.intValue(), AtomicCounters.inactiveThreads(c.load()));
                    assertEquals(jec.longValue(), AtomicCounters.jobsCounter(c.load()));
                    assertEquals(0, c.claimSleepers(want), "a negative field has nothing to claim");
                    assertTrue(c.tryAddSignedSleeper(c.load()));
                    c.addSignedSleepers(want + 2); // give-backs
                    assertEquals(3, AtomicCounters.signedSleepingThreads(c.load()));
                    assertEquals(Math.min(3, want), c.claimSleepers(want));
                    assertEquals(3 - Math.min(3, want), AtomicCounters.signedSleepingThreads(c.load()));
                    assertEquals(inactive.intValue(), AtomicCounters.inactiveThreads(c.load()));
                    assertEquals(jec.longValue(), AtomicCounters.jobsCounter(c.load()));
                });
    }
}
