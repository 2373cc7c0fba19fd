package io.github.rayon4j.core.sleep;

/**
 * Stack reservation for the scheduler's multi-step operations: a {@link StackOverflowError}
 * must never tear the pool's state. Internal: this package is not exported.
 *
 * <h2>The problem</h2>
 * The pool's own steps run on the user's stack: a {@code join} deep in a recursion pushes,
 * pops and waits there; a job stolen by a worker that waits deep in its own join is run, and its
 * latch set and its owner woken, at that depth. In the JVM a {@code StackOverflowError} is
 * thrown at a method's entry, so an operation made of several calls (take a termination unit,
 * then push; set a latch, then wake its owner; mark a worker asleep, then count it) can be cut
 * between two of them, and the pool is left with a unit that is never given back, an owner that
 * sleeps for ever, or counters that disagree with the threads.
 *
 * <h2>The rule</h2>
 * Every such operation either cannot be cut (its last call is its only commit, as the deque's
 * push and pop: see {@code Join}), or it starts with {@link #reserve()}: a probe
 * that descends {@link #FRAMES} frames and returns. If the stack cannot hold them, the probe
 * overflows <em>before</em> the operation changed anything, and the error reaches the caller as
 * any overflow in its own code would. If it can, the pages below the caller are known to be
 * usable for the operation, which needs far less than the probe took: the deepest scheduler path
 * from a reservation point (the sleep protocol with its locks, or a job's completion with a
 * latch set, a wake-up and the release of termination units) is about 25 frames; the probe's
 * frames are each at least as large as an interpreted scheduler frame, and it takes
 * {@value #FRAMES} of them. Wake-ups, which are reached both inside reserved operations and from
 * a push on the join hot path (where no reservation is made), reserve {@link #SMALL_FRAMES}
 * frames themselves with {@link #reserveSmall()}; inside a reserved operation that always fits.
 * The stack-overflow sweep ({@code StackOverflowTest}) checks the sizes at every depth where an
 * overflow can land.
 *
 * <p>Cost: {@value #FRAMES} calls, about 0.1-0.5 µs when compiled; taken only off the join hot
 * path (outside installs, scopes, spawns, broadcasts, {@code blockInPlace}, a worker starting
 * to wait, a wake-up). Off the join path is not off every hot path: a scope that spawns tiny
 * jobs in a loop spent most of its time in the probe each spawn took (a burst of 10,000 trivial
 * spawns on two threads: 4.5-7.7 ms, ForkJoinPool's {@code fork()} 0.35-0.9), so a scope's
 * spawns from its own workers take one probe per 64 spawns ({@code ScopeBase}, "Spawn
 * credits"; the same burst 0.34-0.7 ms; benchmarks/results/2026-11-27-issue10ac).
 */
public final class StackGuard {
    /** Frames {@link #reserve()} descends. */
    public static final int FRAMES = 96;
    /** Frames {@link #reserveSmall()} descends: enough for one wake-up. */
    public static final int SMALL_FRAMES = 24;

    /** Written so that the probe cannot be optimized away; never read for its value. */
    @SuppressWarnings("unused")
    private static long sink;

    private StackGuard() {
    }

    /**
     * Makes sure the stack below the caller holds a whole scheduler operation.
     *
     * @throws StackOverflowError if it does not; nothing has been changed then
     */
    public static void reserve() {
        sink = descend(FRAMES, 1, 2, 3, 4, 5, 6);
    }

    /**
     * Makes sure the stack below the caller holds a wake-up.
     *
     * @throws StackOverflowError if it does not; nothing has been changed then
     */
    public static void reserveSmall() {
        sink = descend(SMALL_FRAMES, 1, 2, 3, 4, 5, 6);
    }

    /**
     * One probe frame. The six arguments stay live across the recursive call (they are summed
     * after it), so a compiled frame must keep them, and the rotation stops the compiler from
     * folding them; an interpreted frame holds them as locals anyway.
     */
    private static long descend(int frames, long a, long b, long c, long d, long e, long f) {
        if (frames == 0) {
            return a ^ f;
        }
        long below = descend(frames - 1, b, c, d, e, f, a);
        return below + a + b * 3 + c * 5 + d * 7 + e * 11 + f * 13;
    }
}
