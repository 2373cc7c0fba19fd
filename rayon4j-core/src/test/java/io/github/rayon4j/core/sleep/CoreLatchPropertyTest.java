package io.github.rayon4j.core.sleep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link CoreLatch} against the state machine of RFC #5, Appendix A: arbitrary operation
 * sequences, and the owner's sleep attempt with a set inserted at every possible point.
 */
class CoreLatchPropertyTest {
    enum Op { GET_SLEEPY, FALL_ASLEEP, WAKE_UP, SET_CORE, PROBE }

    private static final Op[] OPS = Op.values();
    private static final String[] NAMES = {"UNSET", "SLEEPY", "SLEEPING", "SET"};

    /** The Appendix A transition function; returns the operation's boolean result. */
    static boolean step(int[] state, Op op) {
        int s = state[0];
        switch (op) {
            case GET_SLEEPY:
                if (s == CoreLatch.UNSET) {
                    state[0] = CoreLatch.SLEEPY;
                    return true;
                }
                return false;
            case FALL_ASLEEP:
                if (s == CoreLatch.SLEEPY) {
                    state[0] = CoreLatch.SLEEPING;
                    return true;
                }
                return false;
            case WAKE_UP:
                if (s == CoreLatch.SLEEPING) {
                    state[0] = CoreLatch.UNSET;
                }
                return false;
            case SET_CORE:
                state[0] = CoreLatch.SET;
                return s == CoreLatch.SLEEPING;
            case PROBE:
                return s == CoreLatch.SET;
            default:
                throw new AssertionError(op);
        }
    }

    static boolean apply(CoreLatch latch, Op op) {
        switch (op) {
            case GET_SLEEPY:
                return latch.getSleepy();
            case FALL_ASLEEP:
                return latch.fallAsleep();
            case WAKE_UP:
                latch.wakeUp();
                return false;
            case SET_CORE:
                return latch.setCore();
            case PROBE:
                return latch.probe();
            default:
                throw new AssertionError(op);
        }
    }

    @Test
    void randomLatchOperationSequencesFollowTheAppendixAStateMachine() {
        qt().withExamples(3_000)
                .forAll(lists().of(integers().between(0, OPS.length - 1)).ofSizeBetween(0, 40))
                .checkAssert(CoreLatchPropertyTest::runSequence);
    }

    private static void runSequence(List<Integer> codes) {
        CoreLatch latch = new CoreLatch();
        int[] model = {CoreLatch.UNSET};
        boolean everSet = false;
        StringBuilder trace = new StringBuilder("UNSET");
        for (int code : codes) {
            Op op = OPS[code];
            boolean expected = step(model, op);
            boolean actual = apply(latch, op);
            trace.append(" -").append(op).append("-> ").append(NAMES[model[0]]);
            assertEquals(expected, actual, trace + ": result of " + op);
            assertEquals(NAMES[model[0]], NAMES[latch.state()], trace.toString());
            everSet |= op == Op.SET_CORE;
            // SET is final.
            assertEquals(everSet, latch.probe(), trace.toString());
        }
    }

    /**
     * The owner runs its sleep attempt (getSleepy, fallAsleep, block, wakeUp) and one setter call
     * lands before step {@code setAt}. The setter must be told to wake the owner exactly when the
     * owner has committed to block, and the owner must never block on a set latch.
     */
    @Test
    void aSetAtAnyPointOfTheSleepAttemptIsNeverLost() {
        qt().withExamples(200)
                .forAll(integers().between(0, 5), integers().between(0, 3))
                .checkAssert((setAt, priorAttempts) -> {
                    CoreLatch latch = new CoreLatch();
                    // Earlier attempts that were woken by new work, not by the set.
                    for (int i = 0; i < priorAttempts; i++) {
                        assertTrue(latch.getSleepy());
                        assertTrue(latch.fallAsleep());
                        latch.wakeUp();
                        assertEquals(CoreLatch.UNSET, latch.state());
                    }
                    boolean setterMustWake = false;
                    boolean ownerStopped = false;
                    for (int stepNo = 0; stepNo <= 4 && !ownerStopped; stepNo++) {
                        if (stepNo == setAt) {
                            setterMustWake = latch.setCore();
                            // Between a successful fallAsleep and wakeUp the owner is (or is about
                            // to be, under its lock) blocked: only then must the setter wake it.
                            assertEquals(setAt == 2 || setAt == 3, setterMustWake,
                                    "set before step " + stepNo + ", setter told to wake: " + setterMustWake);
                        }
                        switch (stepNo) {
                            case 0:
                                ownerStopped = !latch.getSleepy();
                                break;
                            case 1:
                                ownerStopped = !latch.fallAsleep();
                                break;
                            case 2:
                                break; // blocks until a waker comes
                            case 3:
                                latch.wakeUp();
                                break;
                            default:
                                break;
                        }
                    }
                    assertEquals(setAt <= 1, ownerStopped,
                            "owner must give up sleeping exactly when the set came before its CASes, setAt=" + setAt);
                    if (setAt > 4) {
                        assertEquals(CoreLatch.UNSET, latch.state(), "a sleep attempt woken by work ends UNSET");
                        assertFalse(latch.setCore(), "owner awake: nobody to wake");
                    }
                    assertTrue(latch.probe());
                    assertEquals(CoreLatch.SET, latch.state());
                });
    }
}
