package io.github.rayon4j.core;

/** Test support: recursion to a chosen depth, and how deep the calling thread can go. */
final class StackOverflowTestSupport {
    private StackOverflowTestSupport() {
    }

    /** A frame of known shape, so a depth counts frames of one size; runs {@code atBottom} there. */
    static int descend(int depth, Runnable atBottom) {
        if (depth <= 0) {
            atBottom.run();
            return 0;
        }
        return descend(depth - 1, atBottom) + 1;
    }

    /** How many {@link #descend} frames fit on the calling thread before it overflows. */
    static int capacity() {
        int lo = 0;
        int hi = 1 << 20;
        while (lo < hi) { // the largest depth that does not overflow
            int mid = (lo + hi + 1) >>> 1;
            try {
                descend(mid, () -> { });
                lo = mid;
            } catch (StackOverflowError e) {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** One round of a sweep across the stack's end. */
    interface Round {
        /**
         * @param index the round, from 0
         * @param depth how deep to recurse before calling into the pool
         * @param top   how deep a worker can go, as last measured
         * @return what went wrong, or {@code null}
         */
        String run(int index, int depth, int top) throws Exception;
    }

    /**
     * Runs {@code round} at 1,500 depths one frame apart, from 1,450 frames short of how deep a
     * worker of {@code pool} can go to 50 past it. Frames shrink as the JIT compiles them, so the
     * capacity is measured again every 100 rounds and the window follows it.
     *
     * @return the first failure a round returned, or {@code null}
     */
    static String acrossTheStacksEnd(ThreadPool pool, Round round) throws Exception {
        int top = 0;
        for (int i = 0; i < 1_500; i++) {
            if (i % 100 == 0) {
                top = pool.install(StackOverflowTestSupport::capacity);
            }
            String failure = round.run(i, Math.max(0, top - 1_450 + i), top);
            if (failure != null) {
                return failure;
            }
        }
        return null;
    }
}
