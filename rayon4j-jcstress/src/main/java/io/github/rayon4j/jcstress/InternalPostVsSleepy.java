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
 * The JEC handshake for internal work, which has no fence on purpose (seed 000: "no fence is
 * needed for work posted to internal queues, since it is ok to overlook work in that case"). A
 * worker pushes onto its own deque with a release store and posts (the real
 * {@link AtomicCounters#markJobsPosted()}); another worker gets sleepy (the real
 * {@link AtomicCounters#announceSleepy()}), searches that deque (acquire load), compares the JEC
 * and commits with the real CAS.
 *
 * <p>The JEC starts odd, so a poster that comes first takes the read-only path and creates no
 * happens-before edge to the sleeper. Sequential consistency would forbid "0, 0"; the JMM and x86
 * (store-load reordering on the poster's side) allow it: the job is overlooked while the poster
 * believes nobody sleeps. Benign by design for a join's half: the poster is awake and will run
 * its own job. Not for a spawn, whose spawner may block until it ran: spawns are posted with
 * fence 1 ({@link SharedPostVsSleepy}, {@link SharedPostVsLeavingIdle}).
 *
 * <p>r1: sleepers seen by the poster. r2: 0 = the sleeper committed to sleep without seeing the
 * job, 1 = it found the job, 2 = the JEC had changed, so it backed out.
 */
@JCStressTest
@Description("Seed 000 JEC handshake: internal push + post vs getting sleepy + search + commit")
@Outcome(id = "0, 0", expect = ACCEPTABLE_INTERESTING,
        desc = "internal job overlooked (allowed by the protocol: the poster runs it itself)")
@Outcome(id = {"0, 1", "0, 2", "1, 0", "1, 1", "1, 2"}, expect = ACCEPTABLE, desc = "seen")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class InternalPostVsSleepy {
    int dequeSlot;
    final AtomicCounters counters = new AtomicCounters(Support.JEC_ODD_ONE_IDLE);

    @Actor
    public void poster(II_Result r) {
        SLOT.setRelease(this, 1);                 // push onto the own deque (release)
        long seen = counters.markJobsPosted();    // no fence for internal work
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
            SLOT = MethodHandles.lookup().findVarHandle(InternalPostVsSleepy.class, "dequeSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
