package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

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
 * {@link SharedPostVsLeavingIdle} without fence 1, as a join's half is posted: the push is a
 * release store that may still sit in the store buffer when the poster reads the counters, so
 * the poster can count the leaving thread as idle while that thread's look misses the job.
 * Expected to show up on x86: before spawns were posted with fence 1 this was how a spawned
 * job whose spawner then blocked could be left with every other worker asleep.
 *
 * <p>The counters start with the JEC odd (the poster's post is read-only), one thread asleep and
 * one idle and awake. r1: awake idle threads the poster counted (1: it trusts the leaving
 * thread; 0: it wakes the sleeper itself). r2: whether the leaving thread's look saw the job.
 */
@JCStressTest
@Description("Leaving idle: push, post vs the inactive decrement and the hand-off look")
@Outcome(id = "1, 0", expect = ACCEPTABLE_INTERESTING, desc = "lost hand-off (possible without fence 1: why spawns have it)")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "the job is seen, or a sleeper woken")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class SharedPostVsLeavingIdleNoFence {
    /** JEC odd (1), inactive 2, sleeping 1. */
    static final long JEC_ODD_ONE_IDLE_ONE_ASLEEP = (1L << 32) | (2L << 16) | 1L;

    int dequeSlot;
    final AtomicCounters counters = new AtomicCounters(JEC_ODD_ONE_IDLE_ONE_ASLEEP);

    @Actor
    public void poster(II_Result r) {
        SLOT.setRelease(this, 1);                 // push onto the own deque (release)
        // no fence 1: the post of a join's half (Sleep.newInternalJobs)
        long seen = counters.markJobsPosted();    // read-only: the JEC is odd
        r.r1 = AtomicCounters.awakeButIdleThreads(seen);
    }

    @Actor
    public void leaver(II_Result r) {
        long before = counters.subInactiveThread(); // Sleep.workFound
        if (AtomicCounters.sleepingThreads(before) != 0) {
            r.r2 = (int) SLOT.getAcquire(this);   // the look (WorkerThread.hasSharedJobs)
        } else {
            r.r2 = -1;                            // cannot happen: a thread sleeps throughout
        }
    }

    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(SharedPostVsLeavingIdleNoFence.class, "dequeSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
