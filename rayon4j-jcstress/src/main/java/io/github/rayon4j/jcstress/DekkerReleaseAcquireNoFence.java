package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import io.github.rayon4j.core.sleep.AtomicCounters;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The release/acquire injector of {@link DekkerReleaseAcquire} without the fences: the injector's
 * release store may still sit in the store buffer when its volatile read of the counters runs
 * (store-load reordering, real on x86; the counters' CAS on the sleeper side is a full barrier on
 * x86, so one reordering side is enough). The lost-wake-up outcome is allowed by the JMM and
 * expected to show up: this is what Fence1 and Fence2 are for.
 */
@JCStressTest
@Description("Dekker pair of seed 000: PushJob; Fence1; ReadSleepers vs IncSleepers; Fence2; ReadJob")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "lost wake-up: the injector saw no sleeper and the sleeper saw no job")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the injector saw the sleeper (and would wake it)")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the sleeper saw the job in its final check")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "both saw each other")
@State
public class DekkerReleaseAcquireNoFence {
    /** A one-slot injector with release/acquire accesses only (like a Rust queue's push/pop). */
    int injectorSlot;
    /** The real packed counters; see Support.JEC_ODD_ONE_IDLE. */
    final AtomicCounters counters = new AtomicCounters(Support.JEC_ODD_ONE_IDLE);

    /** Posting an injected job (Sleep.newInjectedJobs after Registry.inject). r1: sleepers seen. */
    @Actor
    public void injector(II_Result r) {
        SLOT.setRelease(this, 1);                     // PushJob (release)
        // no Fence1
        long seen = counters.markJobsPosted();         // ReadSleepers (read-only: JEC is odd)
        r.r1 = AtomicCounters.sleepingThreads(seen);
    }

    /** A worker committing to sleep (Sleep.sleep). r2: whether its final check saw a job. */
    @Actor
    public void sleeper(II_Result r) {
        long seen;
        do {
            seen = counters.load();
        } while (!counters.tryAddSleepingThread(seen)); // IncSleepers (CAS)
        // no Fence2
        r.r2 = (int) SLOT.getAcquire(this);           // ReadJob (acquire)
    }

    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(DekkerReleaseAcquireNoFence.class, "injectorSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
