package io.github.rayon4j.core.sleep;

import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Lincheck model checking of the two lock-free words of the sleep module against their
 * sequential specifications: the core latch (RFC #5 Appendix A: owner-only transitions in one
 * non-parallel group, {@code setCore} from any thread) and the packed counters (seed 000: the
 * CAS loops of posting and getting sleepy, and the JEC-checked increment of the sleeping count,
 * starting two steps below a JEC wrap-around).
 */
public class SleepLincheckTest {
    static final boolean FULL = Boolean.getBoolean("rayon4j.lincheck.full");

    static ModelCheckingOptions options() {
        ModelCheckingOptions o = new ModelCheckingOptions().threads(3).actorsPerThread(3).actorsBefore(2).actorsAfter(1);
        if (!FULL) {
            o.iterations(10).invocationsPerIteration(1_000);
        }
        return o;
    }

    /** The latch under test. */
    public static class LatchOps {
        private final CoreLatch latch = new CoreLatch();

        @Operation(nonParallelGroup = "owner")
        public boolean getSleepy() {
            return latch.getSleepy();
        }

        @Operation(nonParallelGroup = "owner")
        public boolean fallAsleep() {
            return latch.fallAsleep();
        }

        @Operation(nonParallelGroup = "owner")
        public int wakeUp() {
            latch.wakeUp();
            return latch.state();
        }

        @Operation(nonParallelGroup = "owner")
        public boolean probe() {
            return latch.probe();
        }

        @Operation
        public boolean setCore() {
            return latch.setCore();
        }
    }

    /** Appendix A as a plain state machine. */
    public static class LatchSpec {
        private int s = CoreLatch.UNSET;

        public boolean getSleepy() {
            if (s == CoreLatch.UNSET) {
                s = CoreLatch.SLEEPY;
                return true;
            }
            return false;
        }

        public boolean fallAsleep() {
            if (s == CoreLatch.SLEEPY) {
                s = CoreLatch.SLEEPING;
                return true;
            }
            return false;
        }

        public int wakeUp() {
            if (s == CoreLatch.SLEEPING) {
                s = CoreLatch.UNSET;
            }
            return s;
        }

        public boolean probe() {
            return s == CoreLatch.SET;
        }

        public boolean setCore() {
            boolean wasSleeping = s == CoreLatch.SLEEPING;
            s = CoreLatch.SET;
            return wasSleeping;
        }
    }

    static final long START_JEC = (1L << 32) - 2;
    /**
     * 20 sleeping of 40 inactive threads: a cushion so that no random sequence of at most a dozen
     * operations drives a thread field below zero or above its maximum, which the protocol itself
     * never does (the callers guarantee it; an unconditional decrement of zero would borrow from the
     * next field, a sequence the sleep module cannot produce).
     */
    static final long START = (START_JEC << 32) | (40L << 16) | 20L;

    /** The counters under test, starting just below a JEC wrap-around. */
    @Param(name = "k", gen = IntGen.class, conf = "0:3")
    public static class CounterOps {
        private final AtomicCounters c = new AtomicCounters(START);

        @Operation
        public void addInactive() {
            c.addInactiveThread();
        }

        @Operation
        public void subInactive() {
            c.subInactiveThread();
        }

        @Operation
        public void subSleeping() {
            c.subSleepingThread();
        }

        @Operation
        public long markJobsPosted() {
            return c.markJobsPosted();
        }

        @Operation
        public long announceSleepy() {
            return c.announceSleepy();
        }

        /** Sleep's loop: sleep only if the JEC is still the remembered one (START_JEC + k, wrapped). */
        @Operation
        public boolean sleepIfJecIs(@Param(name = "k") int k) {
            long remembered = (START_JEC + k) & 0xFFFF_FFFFL;
            while (true) {
                long seen = c.load();
                if (AtomicCounters.jobsCounter(seen) != remembered) {
                    return false;
                }
                if (c.tryAddSleepingThread(seen)) {
                    return true;
                }
            }
        }

        @Operation
        public long load() {
            return c.load();
        }
    }

    /** The packed word as one plain long with the same arithmetic. */
    public static class CounterSpec {
        private long v = START;

        public void addInactive() {
            v += AtomicCounters.ONE_INACTIVE;
        }

        public void subInactive() {
            v -= AtomicCounters.ONE_INACTIVE;
        }

        public void subSleeping() {
            v -= AtomicCounters.ONE_SLEEPING;
        }

        public long markJobsPosted() {
            if (AtomicCounters.jecIsEven(v)) {
                v += AtomicCounters.ONE_JEC;
            }
            return v;
        }

        public long announceSleepy() {
            if (!AtomicCounters.jecIsEven(v)) {
                v += AtomicCounters.ONE_JEC;
            }
            return v;
        }

        public boolean sleepIfJecIs(int k) {
            if (AtomicCounters.jobsCounter(v) != ((START_JEC + k) & 0xFFFF_FFFFL)) {
                return false;
            }
            v += AtomicCounters.ONE_SLEEPING;
            return true;
        }

        public long load() {
            return v;
        }
    }

    @Nested
    class CoreLatchLinearizability {
        @Test
        void coreLatchIsLinearizableAgainstTheAppendixAStateMachine() {
            options().sequentialSpecification(LatchSpec.class).check(LatchOps.class);
        }
    }

    @Nested
    class CountersLinearizability {
        @Test
        void atomicCountersAreLinearizableAgainstAPlainPackedLongAcrossJecWrapAround() {
            options().sequentialSpecification(CounterSpec.class).check(CounterOps.class);
        }
    }
}
