package io.github.rayon4j.core;

import io.github.rayon4j.core.jfr.Events;
import io.github.rayon4j.core.sleep.StackGuard;
import java.util.function.Function;

/**
 * {@link Rayon#joinContext} called from a thread outside every pool: the calling thread runs the
 * left side itself while the global pool may run the right side, and takes the right side back if
 * no worker has started it by then. This is how a parallel stream's caller takes part in its own
 * job; it lets a parallel iterator's terminal, whose splits are {@code joinContext} calls, start
 * on its first items at once instead of waiting for a sleeping worker to wake (see "Why" below).
 *
 * <pre>{@code
 * // on a thread outside any pool:
 * Pair<Long, Long> halves = Rayon.joinContext(a -> sum(0, mid), b -> sum(mid, n));
 * }</pre>
 *
 * <h2>Protocol</h2>
 * <ol>
 *   <li>Reserve the stack ({@link StackGuard#reserve()}), then take one unit of the global
 *       registry's termination count for the right side's job, as every injection does.</li>
 *   <li>Inject the right side as an {@link InstallJob} whose latch is a {@link LockLatch} owned
 *       by the caller. The injection wakes a sleeping worker if no idle one is awake (the
 *       injector's fence 1 and the sleep protocol, unchanged).</li>
 *   <li>Run the left side on the calling thread (its {@link FnContext} says "not migrated"),
 *       keeping its result or exception.</li>
 *   <li>Take the right side back: {@link Registry#takeBackInjected} removes the job from the
 *       injector. The injector is a {@link java.util.concurrent.ConcurrentLinkedQueue}, whose
 *       {@code remove} and {@code poll} of one element are linearizable against each other: of a
 *       worker's poll and the caller's removal exactly one gets the job. If the caller got it, it
 *       gives the termination unit back and runs the right side itself ("not migrated"); no
 *       worker ever sees the job. If a worker got it, the job runs there ("migrated"), writes its
 *       result or exception, sets the latch (a volatile write) and then gives its unit back; the
 *       caller waits on the latch (polls, then parks) and reads the outcome after seeing it set
 *       (a volatile read), so the job's writes happen before the caller's reads.</li>
 *   <li>Leave as {@code Join} does: if the left side threw, that exception leaves, with the right
 *       side's attached as suppressed (or, if the left one takes no suppressed exceptions, the
 *       right one goes to the global pool's panic handler); else the right side's exception
 *       leaves, if any; else both results, as a {@link Pair}.</li>
 * </ol>
 * So the right side runs exactly once, on the caller or on one worker, and the caller returns only
 * after it finished. A worker woken for a job that the caller took back finds nothing and goes
 * back to sleep: the cost of one wake-up, which the parallel job it was woken for usually pays
 * anyway (the left side's own splits inject more right sides). The caller holds no lock and
 * nothing a worker waits for: a worker running the right side never waits for the caller, so the
 * wait in step 4 cannot close a cycle. A left side that calls {@code joinContext} again (the
 * bridge's recursion) repeats the protocol one level down; every level waits for its own right
 * side, so the caller returns with none of its jobs still queued or running.
 *
 * <h2>Why</h2>
 * Rayon runs a join called from outside its pools entirely on the global pool, and the caller
 * blocks. When the pool is asleep, which between two short calls it is, the job first waits for
 * a worker to wake (12-16 µs to the first item on this project's machine), and a terminal of a
 * few tens of microseconds pays that on every call: increment-all of 10^6 ints took 63-66 µs a
 * call from outside, where the plain loop takes 44-48 µs and the parallel stream, whose caller
 * works, 56-60. With the caller running its left side, the same calls took 41-45 µs (CallerRuns,
 * benchmarks/results/2026-11-26-issue10t). The caller is a thread beyond the pool's workers, so
 * while it runs, the machine may have one more running thread than processors; a leaf on the
 * caller, which no worker can steal from, shares its rest with idle workers instead
 * ({@link Rayon#isWorkWanted()} answers for the global pool from outside), so that the pool's
 * other threads do not wait for it at the end of a job.
 *
 * <p>Two variants were measured and left out. Waiting without polling (parking at once) made
 * the short calls slower (51 against 39 µs). Handing the rest of a caller's leaf to the pool when
 * every worker is busy, so that no more threads run than processors, put the caller's part
 * behind the workers' own: an early exit at its start (the first match, an exception) then
 * waited for them, for ever over 2^40 values ({@code EarlyExitAndFailureTest}).
 *
 * <p>Only {@code joinContext} behaves this way. {@link Rayon#join} called from outside keeps
 * Rayon's contract and runs both sides on the pool's workers.
 */
final class OutsideJoin {
    private OutsideJoin() {
    }

    /**
     * Runs both sides, the left one on the calling thread, which must not be a worker of any
     * pool.
     *
     * @param registry the global registry
     * @param a        the left side
     * @param b        the right side
     * @return both results
     */
    static <A, B> Pair<A, B> joinContext(Registry registry, Function<FnContext, A> a, Function<FnContext, B> b) {
        StackGuard.reserve(); // for the unit, the injection with its wake-up, the take-back and the wait
        registry.acquireExternal();
        LockLatch latch = new LockLatch();
        InstallJob<B> jobB = new InstallJob<>(registry, new RightSide<>(b), latch);
        registry.injectAccepted(jobB);
        A resultA = null;
        Throwable errorA = null;
        try {
            resultA = a.apply(FnContext.NOT_MIGRATED);
        } catch (Throwable t) {
            errorA = t;
        }
        B resultB = null;
        Throwable errorB = null;
        if (registry.takeBackInjected(jobB)) {
            registry.releaseTerminateCount(); // the job's unit: it will never run as a job
            try {
                resultB = b.apply(FnContext.NOT_MIGRATED);
            } catch (Throwable t) {
                errorB = t;
            }
        } else {
            Object event = Events.beginInstallWait();
            latch.await();
            Events.endInstallWait(event, registry.name());
            try {
                resultB = jobB.join();
            } catch (Throwable t) {
                errorB = t;
            }
        }
        if (errorA != null) {
            if (errorB != null && errorB != errorA && !Unwind.attach(errorA, errorB)) {
                registry.handlePanic(errorB); // errorA takes no suppressed exceptions
            }
            throw Unwind.rethrow(errorA);
        }
        if (errorB != null) {
            throw Unwind.rethrow(errorB);
        }
        return new Pair<>(resultA, resultB);
    }

    /** The right side as a worker runs it: migrated, since it left the calling thread. */
    private static final class RightSide<B> implements WorkerOp<B> {
        private final Function<FnContext, B> b;

        RightSide(Function<FnContext, B> b) {
            this.b = b;
        }

        @Override
        public B run(WorkerThread worker, boolean injected) {
            return b.apply(FnContext.MIGRATED);
        }
    }
}
