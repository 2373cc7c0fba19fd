package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.Sleep;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.locks.LockSupport;

/**
 * The latch a thread <em>outside</em> any pool waits on while its job runs in a pool. The waiter
 * polls for up to {@link #POLL_NANOS}, yielding its processor between polls, then parks; the
 * setter unparks it. Parking blocks only the waiting thread, so a virtual thread that calls
 * {@code install} blocks only itself, never its carrier.
 *
 * <p>Why poll first: a job handed to a sleeping pool pays two wake-ups, the worker's and then the
 * caller's, each a futex round trip of tens of microseconds. A short job is over before its
 * caller would have finished going to sleep; polling through that window saves the second
 * wake-up. A long job costs the caller at most {@link #POLL_NANOS} once per {@code install}. A
 * virtual thread does not poll (it would hold its carrier).
 *
 * <p>Why yield between polls instead of {@link Thread#onSpinWait()}: while the caller polls, the
 * pool's workers are starting on its job, and when the pool has a worker per core, a busy-spinning
 * caller holds a core that the second worker needs: on two cores the second worker joined a
 * 40 µs job only after the caller's spin had ended. {@link Thread#yield()} gives the processor
 * to any thread that wants it and costs one system call when none does. Measured on two cores
 * (JMH {@code IncrementAll}, {@code IntParIter.range(0, 10^6).forEach(i -> a[i]++)}): 78-83 µs per
 * call with a 20 µs busy spin, 42-48 µs polling with yields (parallel stream 41-44 µs, the plain
 * loop 40 µs). Because a polling caller no longer slows the workers, it may poll for longer:
 * 100 µs covers the wake-up of a sleeping worker plus a short job, so that such calls end
 * without parking the caller (the peers' {@code wake_latency} case, a trivial {@code install}
 * into a sleeping two-worker pool: 34-72 µs with the 20 µs busy spin, 22-37 µs polling 100 µs
 * with yields, at the same idle CPU). Commands and loads:
 * {@code benchmarks/results/2026-11-23-issue10d/}.
 *
 * <p>Parking at once when the pool has a worker per processor (so that the polling caller takes
 * no processor time from the workers) was tried on a later two-processor machine and left out:
 * the short job into a sleeping pool (target P3) kept its second worker less often, CPU/wall
 * median 1.11 and 1.20 against 1.48 and 1.33 over twelve and six alternating pairs of JVMs,
 * although one yield before parking ({@code POLL_NANOS} 0) made calls of increment-all of 10^6
 * submitted in a loop faster (129-171 against 178-196 µs, four pairs) and matched the short job
 * (1.47 against 1.50, twelve pairs): {@code benchmarks/results/2026-11-25-issue10p/}.
 *
 * <p>What the poll still costs where the pool has a worker per processor: while a short call
 * runs, the polling caller and both workers of a two-worker pool are runnable, and to the
 * kernel all three look busy, so it leaves them where they are. When the caller sits alone on
 * one processor and the two workers share the other, the idle worker waits behind its working
 * sibling and steals nothing: on two processors, increment-all of 10^6 called in a loop from
 * outside took 70-90 µs a call in that placement against 40-53 µs in the other, in about a tenth
 * of the calls. Neither yielding idle rounds, a shorter poll, nor a hint that makes the caller
 * park when a worker went without the processor gave a better mean
 * ({@code benchmarks/results/2026-11-28-issue10am/}).
 *
 * <p>What the poll does besides: it serves the wake-ups that the pool's workers leave to a
 * polling caller ({@code Sleep}, "Wake-ups left to a polling caller"). Between two polls the
 * waiter looks at the workers' flags and makes each wake-up left there whose join half is still
 * queued; when it stops polling, it deregisters and serves what was left meanwhile, so that none
 * is left behind. A worker thus does not pay the wake-up's system call in the middle of the
 * caller's job, and a sibling is not woken for a half its pusher has already popped back.
 * Measured on two cores, the peers' idle case (a trivial join installed every 10 ms into a
 * sleeping two-worker pool; three sets of six rounds, the build before, this one and
 * ForkJoinPool(2) in turn, medians): Java threads' CPU per 3 s 56.3, 74.7 and 77.4 ms before,
 * 49.6, 56.0 and 57.6 after (ForkJoinPool 46.9, 55.9 and 55.1); wake latency 81.5, 112.5 and
 * 114.0 µs before, 76.0, 93.0 and 93.0 after (72.5, 99.5 and 100.0):
 * benchmarks/results/2026-11-28-issue10as.
 *
 * <h2>Protocol</h2>
 * The owner is the thread that created the latch and the only one that waits. It is a polling
 * caller of {@code registry}'s sleep module from before its first poll to after its last
 * ({@code pollerArrived}, {@code pollerLeft} in a {@code finally}). {@code done} is
 * written once (false to true) by the setter, then the setter unparks the owner; the owner loops
 * on {@code done}, so spurious unparks and an unpark that arrives before the park are both fine
 * (an early unpark makes the next park return at once). Volatile write and read of {@code done}
 * make the job's result, written before {@link #set()}, visible to the owner after
 * {@link #await()}.
 */
final class LockLatch implements Latch {
    /** How long the waiter polls before it parks. */
    static final long POLL_NANOS = 100_000;

    /** {@code Thread.isVirtual()} on JDK 21 and later, {@code null} before (no virtual threads). */
    private static final MethodHandle IS_VIRTUAL = isVirtualMethod();

    private final Thread owner = Thread.currentThread();
    /** The pool that runs the owner's job: while the owner polls, it serves the wake-ups that
     *  the pool's workers leave to a polling caller. */
    private final Registry registry;
    private volatile boolean done;

    /**
     * @param registry the pool that runs the job the owner waits for
     */
    LockLatch(Registry registry) {
        this.registry = registry;
    }

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

    /** Polls, then parks the owner until the latch is set. Interrupts are not lost: the flag is restored. */
    void await() {
        if (!done && !isVirtual(owner)) {
            Sleep sleep = registry.sleep();
            sleep.pollerArrived();
            try {
                long start = System.nanoTime();
                do {
                    sleep.serveLeftWakes(registry);
                    Thread.yield();
                } while (!done && System.nanoTime() - start < POLL_NANOS);
            } finally {
                sleep.pollerLeft(registry); // serves what was left meanwhile: see Sleep
            }
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
