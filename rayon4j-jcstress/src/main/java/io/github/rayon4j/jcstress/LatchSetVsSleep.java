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
 * The core latch handshake of RFC #5 Appendix A with the real {@link CoreLatch}: the owner takes
 * its sleep lock before SLEEPY -> SLEEPING and marks itself blocked under it; a setter that swaps
 * SET over SLEEPING takes the same lock before looking. No wake-up can be lost.
 *
 * <p>r1 (owner): 0 = getSleepy failed (already SET), 1 = fallAsleep failed (SET while SLEEPY),
 * 2 = went to sleep (isBlocked set). r2 (setter): 0 = previous state was not SLEEPING, no wake-up
 * needed, 1 = woke the blocked owner, 2 = saw SLEEPING but found the owner not blocked.
 * r3 (arbiter, after both): 1 = the owner is still blocked, with its latch SET: nobody will ever
 * wake it.
 */
@JCStressTest
@Description("RFC #5 Appendix A: CoreLatch set vs the owner falling asleep under its sleep lock")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "set before the owner got sleepy; it stays awake")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "set while SLEEPY; the owner's fallAsleep fails")
@Outcome(id = "2, 1, 0", expect = ACCEPTABLE, desc = "set while SLEEPING; the setter woke the owner")
@Outcome(id = {"2, 0, 1", "2, 2, 1"}, expect = FORBIDDEN,
        desc = "lost wake-up: the owner blocked on a SET latch and nobody woke it")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class LatchSetVsSleep {
    /** The real latch. */
    final CoreLatch latch = new CoreLatch();
    /** The owner's sleep state, as in Sleep.WorkerSleepState: a lock guarding isBlocked. */
    final ReentrantLock lock = new ReentrantLock();
    volatile boolean isBlocked;

    /** The owner in Sleep.sleep (the JEC and injector checks, which can only make it back out, left out). */
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
            isBlocked = true; // then it would park until a waker clears this
            r.r1 = 2;
        } finally {
            lock.unlock();
        }
    }

    /** Any thread setting the latch (SpinLatch.set: setCore, then Sleep.wakeSpecificThread). */
    @Actor
    public void setter(III_Result r) {
        if (!latch.setCore()) {
            r.r2 = 0;
            return;
        }
        lock.lock();
        try {
            if (isBlocked) {
                isBlocked = false; // and unpark the owner
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
        r.r3 = isBlocked && latch.probe() ? 1 : 0;
    }
}
