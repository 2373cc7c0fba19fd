package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.rayon4j.core.sleep.CoreLatch;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The owner gets as far as SLEEPING and then backs out, as Sleep.sleep does when the JEC changed
 * or the final injector check found work: {@link CoreLatch#wakeUp()} must move SLEEPING back to
 * UNSET without ever overwriting a concurrent SET, or the owner would never see its latch set.
 *
 * <p>r1 (owner): 0 = getSleepy failed, 1 = fallAsleep failed, 2 = backed out from SLEEPING.
 * r2 (setter): 0 = no wake-up needed, 2 = saw SLEEPING, found the owner not blocked (fine: it is
 * awake). r3 (arbiter): whether the latch is SET at the end; it must be.
 */
@JCStressTest
@Description("RFC #5 Appendix A: CoreLatch set vs the owner's wakeUp after backing out of sleep")
@Outcome(id = {"0, 0, 1", "1, 0, 1", "2, 0, 1", "2, 2, 1"}, expect = ACCEPTABLE,
        desc = "the latch ends SET and the owner is awake")
@Outcome(id = {"0, 0, 0", "1, 0, 0", "2, 0, 0", "2, 2, 0"}, expect = FORBIDDEN,
        desc = "the owner's wakeUp overwrote SET: the latch looks unset for good")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class LatchSetVsBackOut {
    final CoreLatch latch = new CoreLatch();
    final ReentrantLock lock = new ReentrantLock();
    volatile boolean isBlocked;

    @Actor
    public void owner(III_Result r) {
        if (!latch.getSleepy()) {
            r.r1 = 0;
            return;
        }
        lock.lock();
        try {
            if (!latch.fallAsleep()) {
                r.r1 = 1;
                return;
            }
            // the JEC changed (or the final check found work): do not block, back out
            latch.wakeUp();
            r.r1 = 2;
        } finally {
            lock.unlock();
        }
    }

    @Actor
    public void setter(III_Result r) {
        if (!latch.setCore()) {
            r.r2 = 0;
            return;
        }
        lock.lock();
        try {
            if (isBlocked) {
                isBlocked = false;
                r.r2 = 1;
            } else {
                r.r2 = 2;
            }
        } finally {
            lock.unlock();
        }
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = latch.probe() ? 1 : 0;
    }
}
