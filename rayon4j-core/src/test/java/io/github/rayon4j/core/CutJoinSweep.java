package io.github.rayon4j.core;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Test support for {@code StackOverflowTest.aJoinCutShortLeavesNoFrameToTheNextJoin}: a join
 * that a stack overflow cuts short after it pushed its right side, at one of the calls its hot
 * path makes before the frame is settled (into the cold path after the left side threw, the
 * latch's probe, the pop, the give-back after a thief ran the right side), must not leave that
 * frame in the worker's array for the next join at the same depth. That join would find the
 * latch already set by the orphan's run and return the orphan's result, and the orphan, if
 * still queued, would run again with its closure cleared. The soak found it (a wrong sum, and a
 * frame run with a {@code null} closure).
 *
 * <p>The sweep recurses to a depth just short of the stack's end and joins there, one depth more
 * each round across the range where the overflow lands in the join, and after each round checks
 * that a join at depth 0 (the cut join's depth) returns its own results. On one worker (the right
 * side is never stolen there: a cut join leaves it queued, and the worker's loop runs it) and
 * in the even rounds on two, the left side fits but for the last few depths. In the odd rounds
 * on two workers the left side waits until the other worker has stolen and run the right side,
 * then overflows, so the join's calls after it run with whatever room the sweep left and the
 * frame's latch already set.
 *
 * <p>Run alone: {@code java -cp rayon4j-core/target/test-classes:rayon4j-core/target/classes
 * io.github.rayon4j.core.CutJoinSweep <stack bytes> <threads or throwing:threads>...}; exit status
 * 0, or 1 with the failure printed.
 */
final class CutJoinSweep {
    private CutJoinSweep() {
    }

    public static void main(String[] args) throws Exception {
        long stack = Long.parseLong(args[0]);
        for (int i = 1; i < args.length; i++) {
            String failure = args[i].startsWith("throwing:")
                    ? runThrowing(Integer.parseInt(args[i].substring("throwing:".length())), stack)
                    : run(Integer.parseInt(args[i]), stack);
            if (failure != null) {
                System.out.println(failure);
                System.exit(1);
            }
        }
        System.out.println("ok");
    }

    /** The right side's exception in {@link #runThrowing}, numbered by round. */
    static final class RightFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int round;

        /** No message, cause or stack trace to fill in: made near the stack's end, it must fit. */
        RightFailed(int round) {
            super(null, null, false, false);
            this.round = round;
        }

        @Override
        public String getMessage() {
            return "right side of round " + round;
        }
    }

    /**
     * The sweep with a right side that throws: each of its exceptions must come out exactly once,
     * out of the join (as itself, or suppressed by the left side's) or to the panic handler,
     * also when the join was cut short after a thief had run the right side.
     *
     * @return {@code null}, or what went wrong
     */
    static String runThrowing(int threads, long stack) throws Exception {
        ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
        boolean[] ran = new boolean[1_500];
        int[] seen = new int[ran.length];
        ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).stackSize(stack).panicHandler(panics::add).build();
        try {
            StackOverflowTestSupport.acrossTheStacksEnd(pool, (k, depth, top) -> {
                try {
                    cutJoin(pool, threads, depth, k, () -> {
                        RightFailed e = new RightFailed(k); // may overflow: then it never threw
                        ran[k] = true;
                        throw e;
                    });
                } catch (Throwable t) {
                    count(t, seen);
                }
                return null;
            });
        } finally {
            pool.shutdown();
            if (!pool.awaitTermination(java.time.Duration.ofSeconds(20))) {
                return threads + " threads: the pool did not terminate";
            }
        }
        for (Throwable t : panics) {
            count(t, seen);
        }
        for (int k = 0; k < ran.length; k++) {
            if (ran[k] && seen[k] != 1) {
                return threads + " threads: the right side of round " + k + " threw, and its exception came out "
                        + seen[k] + " times (caught by the caller or the panic handler)";
            }
        }
        return null;
    }

    private static void count(Throwable t, int[] seen) {
        if (t instanceof RightFailed) {
            seen[((RightFailed) t).round]++;
        }
        for (Throwable s : t.getSuppressed()) {
            count(s, seen);
        }
    }

    /**
     * One sweep on a pool of {@code threads} workers with {@code stack}-byte thread stacks.
     *
     * @return {@code null}, or what went wrong
     */
    static String run(int threads, long stack) throws Exception {
        ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).stackSize(stack)
                .panicHandler(panics::add).build()) {
            int[] fitsAndOverflows = new int[2];
            String failure = StackOverflowTestSupport.acrossTheStacksEnd(pool, (k, depth, top) -> {
                try {
                    cutJoin(pool, threads, depth, k, () -> -k);
                    fitsAndOverflows[0]++;
                } catch (StackOverflowError expected) {
                    fitsAndOverflows[1]++;
                }
                Pair<Integer, Integer> next = pool.install(() -> Rayon.join(() -> 2 * k + 1, () -> 2 * k + 2));
                if (next.left() != 2 * k + 1 || next.right() != 2 * k + 2) {
                    return threads + " threads: after an overflow at depth " + depth + " of " + top
                            + ", the next join returned " + next + ", not (" + (2 * k + 1) + ", " + (2 * k + 2) + ")";
                }
                return null;
            });
            if (failure != null) {
                return failure;
            }
            if (fitsAndOverflows[0] == 0 || fitsAndOverflows[1] == 0) {
                return threads + " threads: the sweep did not cross the stack's end (" + fitsAndOverflows[0] + " fit, "
                        + fitsAndOverflows[1] + " overflowed)";
            }
            if (!panics.isEmpty()) {
                return threads + " threads: nothing here throws but the overflow, yet the panic handler got " + panics;
            }
            return null;
        }
    }

    /**
     * Round {@code k}'s join, at {@code depth} on a worker of {@code pool}: in odd rounds on two
     * workers the left side waits for the thief to run {@code right}, then overflows; otherwise
     * it fits but for the last few depths.
     */
    private static void cutJoin(ThreadPool pool, int threads, int depth, int k, Supplier<Integer> right) {
        boolean thiefFirst = (k & 1) == 1 && threads == 2;
        boolean[] rightRan = new boolean[1];
        pool.install(() -> StackOverflowTestSupport.descend(depth, () -> Rayon.join(
                () -> thiefFirst ? overflowAfter(rightRan) : StackOverflowTestSupport.descend(2, () -> { }),
                () -> {
                    rightRan[0] = true;
                    return right.get();
                })));
    }

    /**
     * Waits (at most 10 ms) until {@code flag[0]} is set by another thread, then overflows the
     * stack. The wait times out when the other worker slept and the push's wake-up itself had no
     * room (it is best effort: the owner runs its right side then), some times per sweep.
     */
    private static int overflowAfter(boolean[] flag) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
        while (!flag[0] && System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
        return StackOverflowTestSupport.descend(Integer.MAX_VALUE, () -> { });
    }
}
