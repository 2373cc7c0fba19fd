package io.github.rayon4j.core;

import java.util.concurrent.locks.LockSupport;

/**
 * The latch a thread <em>outside</em> any pool waits on while its job runs in a pool. The waiter
 * parks; the setter unparks it. Parking blocks only the waiting thread, so a virtual thread that
 * calls {@code install} blocks only itself, never its carrier.
 *
 * <h2>Protocol</h2>
 * The owner is the thread that created the latch and the only one that waits. {@code done} is
 * written once (false to true) by the setter, then the setter unparks the owner; the owner loops
 * on {@code done}, so spurious unparks and an unpark that arrives before the park are both fine
 * (an early unpark makes the next park return at once). Volatile write and read of {@code done}
 * make the job's result, written before {@link #set()}, visible to the owner after
 * {@link #await()}.
 */
final class LockLatch implements Latch {
    private final Thread owner = Thread.currentThread();
    private volatile boolean done;

    @Override
    public void set() {
        done = true;
        LockSupport.unpark(owner);
    }

    /** Parks the owner until the latch is set. Interrupts are not lost: the flag is restored. */
    void await() {
        boolean interrupted = false;
        while (!done) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                interrupted = true;
            }
        }
        if (interrupted) {
            owner.interrupt();
        }
    }
}
