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
 * {@link InternalPostVsSleepy} for a job that its pusher may never pop: a spawn, or the queued
 * jobs of a worker about to block ({@code Sleep.newSharedJobs}: fence 1 between the push and the
 * real {@link AtomicCounters#markJobsPosted()}). The sleeper is the same: the real
 * {@link AtomicCounters#announceSleepy()}, a search of the deque (acquire load), the JEC compared
 * and the commit by the real CAS.
 *
 * <p>"0, 0" (the poster saw no sleeper, so it will wake nobody; the sleeper committed without
 * seeing the job) must not happen: with the fence, a poster whose read of the JEC comes before
 * the announcement has its push visible to the search after it; one whose read comes after
 * finds the JEC even and makes it odd, which fails the commit (r2 = 2); one whose read comes
 * after the commit sees the sleeper (r1 = 1).
 *
 * <p>r1: sleepers seen by the poster. r2: 0 = the sleeper committed to sleep without seeing the
 * job, 1 = it found the job, 2 = the JEC had changed, so it backed out.
 */
@JCStressTest
@Description("Seed 000 JEC handshake with fence 1: a spawn's push, fence, post vs getting sleepy + search + commit")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "a job nobody will pop overlooked: the sleeper sleeps, nobody wakes it")
@Outcome(id = {"0, 1", "0, 2", "1, 0", "1, 1", "1, 2"}, expect = ACCEPTABLE, desc = "seen")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class SharedPostVsSleepy {
    int dequeSlot;
    final AtomicCounters counters = new AtomicCounters(Support.JEC_ODD_ONE_IDLE);

    @Actor
    public void poster(II_Result r) {
        SLOT.setRelease(this, 1);                 // push onto the own deque (release)
        VarHandle.fullFence();                    // fence 1 (Sleep.newSharedJobs)
        long seen = counters.markJobsPosted();
        r.r1 = AtomicCounters.sleepingThreads(seen);
    }

    @Actor
    public void sleeper(II_Result r) {
        long jec = AtomicCounters.jobsCounter(counters.announceSleepy());
        if ((int) SLOT.getAcquire(this) != 0) {  // the one more search
            r.r2 = 1;
            return;
        }
        while (true) {
            long seen = counters.load();
            if (AtomicCounters.jobsCounter(seen) != jec) {
                r.r2 = 2;
                return;
            }
            if (counters.tryAddSleepingThread(seen)) {
                r.r2 = 0;
                return;
            }
        }
    }

    private static final VarHandle SLOT;

    static {
        try {
            SLOT = MethodHandles.lookup().findVarHandle(SharedPostVsSleepy.class, "dequeSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
