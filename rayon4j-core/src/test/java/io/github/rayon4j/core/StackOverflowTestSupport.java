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
}
