package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
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
 * A poster that counts an awake idle thread wakes nobody, trusting that thread to find its job;
 * the thread may leave idle without having looked ({@code Sleep}, "Leaving idle: the
 * hand-off"): the real {@link AtomicCounters#subInactiveThread()}, and, since the old counters
 * show a sleeper, a look at the deque (acquire load). For a job its pusher may never pop (a
 * spawn, the queued jobs of a worker about to block), the poster has fence 1 between its push
 * and its read of the counters ({@code Sleep.newSharedJobs}).
 *
 * <p>"1, 0" (the poster counted the leaving thread as idle, so it wakes nobody; the leaving
 * thread did not see the job, so it wakes nobody either) must not happen: the poster's read
 * comes before the decrement (else it would not count the thread), and its push before the
 * fence before that read, so the look after the decrement sees the job.
 *
 * <p>The counters start with the JEC odd (the poster's post is read-only), one thread asleep and
 * one idle and awake. r1: awake idle threads the poster counted (1: it trusts the leaving
 * thread; 0: it wakes the sleeper itself). r2: whether the leaving thread's look saw the job.
 */
@JCStressTest
@Description("Leaving idle: push, post vs the inactive decrement and the hand-off look")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "lost hand-off: the poster trusted the idle thread, which left without seeing the job")
@Outcome(id = {"0, 0", "0, 1", "1, 1"}, expect = ACCEPTABLE, desc = "the job is seen, or a sleeper woken")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class SharedPostVsLeavingIdle {
    /** JEC odd (1), inactive 2, sleeping 1. */
    static final long JEC_ODD_ONE_IDLE_ONE_ASLEEP = (1L << 32) | (2L << 16) | 1L;

    int dequeSlot;
    final AtomicCounters counters = new AtomicCounters(JEC_ODD_ONE_IDLE_ONE_ASLEEP);

    @Actor
    public void poster(II_Result r) {
        SLOT.setRelease(this, 1);                 // push onto the own deque (release)
        VarHandle.fullFence();                    // fence 1 (Sleep.newSharedJobs)
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
            SLOT = MethodHandles.lookup().findVarHandle(SharedPostVsLeavingIdle.class, "dequeSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
