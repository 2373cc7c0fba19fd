package io.github.rayon4j.core;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.LockSupport;

/**
 * The latch a thread <em>outside</em> any pool waits on while its job runs in a pool. The waiter
 * spins for up to {@link #SPIN_NANOS}, then parks; the setter unparks it. Parking blocks only the
 * waiting thread, so a virtual thread that calls {@code install} blocks only itself, never its
 * carrier.
 *
 * <p>Why spin first: a job handed to a sleeping pool pays two wake-ups, the worker's and then the
 * caller's, each a futex round trip of tens of microseconds. A short job is over before its
 * caller would have finished going to sleep; spinning through that window (as
 * {@code CompletableFuture.join} does) saves the second wake-up. A long job costs the caller at
 * most {@link #SPIN_NANOS} of one core, once per {@code install}. A virtual thread does not spin
 * (it would hold its carrier).
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
    /** How long the waiter spins before it parks. */
    static final long SPIN_NANOS = 20_000;

    /** {@code Thread.isVirtual()} on JDK 21 and later, {@code null} before (no virtual threads). */
    private static final MethodHandle IS_VIRTUAL = isVirtualMethod();

    private final Thread owner = Thread.currentThread();
    private volatile boolean done;

    @Override
    public void set() {
        done = true;
        LockSupport.unpark(owner);
    }

    private static MethodHandle isVirtualMethod() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    private static boolean isVirtual(Thread t) {
        if (IS_VIRTUAL == null) {
            return false;
        }
        try {
            return (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            throw new IllegalStateException("Thread.isVirtual failed", e);
        }
    }

    /** Parks the owner until the latch is set. Interrupts are not lost: the flag is restored. */
    void await() {
        if (!done && !isVirtual(owner)) {
            long start = System.nanoTime();
            do {
                Thread.onSpinWait();
            } while (!done && System.nanoTime() - start < SPIN_NANOS);
        }
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
