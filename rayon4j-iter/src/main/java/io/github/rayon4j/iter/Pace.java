package io.github.rayon4j.iter;

/**
 * How often a leaf loop looks at {@link Sink#full()}: the built-in sources push their items in
 * batches and ask {@code full()} (and read the clock) between batches. A leaf's first batch is
 * one item. After each batch the next one's length follows the rate just measured: a batch that
 * took at most half of {@link #GROW_NANOS} is followed by one as many times longer as would take
 * about {@code GROW_NANOS} at that rate ({@code GROW_NANOS / nanos} times), but at most
 * {@link #MAX_GROWTH} times and {@link #MAX_BATCH} items; one that took between half of
 * {@code GROW_NANOS} and {@link #SLOW_BATCH_NANOS} keeps its length; a slower one sets the next
 * back to one item.
 *
 * <p>So a batch settles at half of {@code GROW_NANOS} to {@code GROW_NANOS} of work, whatever an
 * item costs: items of 5 ns are pushed about 2,000 at a time, items of 0.3 ns (an increment of an
 * array element) 16,384 at a time, and items of 50 µs or more one at a time. Once an answer is
 * known or a leaf has thrown, a running leaf pushes at most one more batch: one item when items
 * are slow, otherwise at most about {@code GROW_NANOS} of work while item costs are steady (the
 * growth is sized by the batch before, whose time includes the clock read and so overstates an
 * item's cost). Only a leaf whose items turn slow after a run of cheap ones can push more: up to
 * {@code MAX_GROWTH} times its last batch, at most {@code MAX_BATCH} slow items, before it notices.
 *
 * <p>Growing by the measured rate, rather than doubling the batch each time, matters for short
 * leaves: a leaf of 1,000 items of 3.6 ns (the inner reduction of a nested n-body, two such
 * leaves per inner call on a one-thread pool, as it then was) took ten batches when doubling and
 * takes three (1, 64, then the rest); at about 60 ns between batches (below), the doubling
 * schedule cost about 1 µs per inner call of 7: a one-thread pool ran the nested n-body 13-16 %
 * over the same computation written as loops, 3-9 % with growth capped at 16, 7-8 % at 64, and
 * 4-6 % once a one-thread pool stopped splitting (see {@code Bridge};
 * benchmarks/results/2026-11-26-issue10s). A cheap loop reaches the cap after three batches
 * instead of fourteen.
 *
 * <p>The cap is a measured compromise. Between batches the loop pays a clock read (about 25 ns
 * on a KVM guest), the {@code full()} chain and the restart of an unrolled inner loop, about
 * 60 ns in all: against 1,024 items of a 0.25 ns increment that was a quarter of the leaf's time
 * (a one-thread pool ran {@code IntParIter.range(0, 10^7).forEach(i -> a[i]++)} 1.25x slower than
 * a parallel stream in a {@code ForkJoinPool(1)}); against 16,384 items it is under 2 %.
 *
 * <p>The loops that copy their items into a block before pushing them (zip, rev, interleave of
 * producers without an array) use {@link #nextBlock}, capped at {@link #MAX_BLOCK}: the copy
 * costs more per item than the check between blocks, and the block is allocated.
 *
 * <pre>{@code
 * long t = System.nanoTime();
 * for (int i = lo, batch = 1; i < hi && !sink.full(); ) {
 *     for (int stop = hi - i > batch ? i + batch : hi; i < stop; i++) {
 *         sink.accept(a[i]);
 *     }
 *     long now = System.nanoTime();
 *     batch = Pace.next(batch, now - t);
 *     t = now;
 * }
 * }</pre>
 */
final class Pace {
    /** The longest batch of a loop, in items. */
    static final int MAX_BATCH = 16_384;
    /** The longest block of a loop that copies its items into a block first, in items. */
    static final int MAX_BLOCK = 1024;
    /**
     * The work a batch is sized for: a batch that took at most half of this is followed by a
     * longer one, {@code GROW_NANOS / nanos} times as long (at most {@link #MAX_GROWTH} times).
     */
    static final long GROW_NANOS = 10_000;
    /**
     * The most a batch grows in one step. The first batches of a leaf are dominated by the clock
     * read, so their rate says little; the cap also bounds what a leaf pushes when its items turn
     * slow after a run of cheap ones. 64 rather than 16: one batch fewer for a short leaf of
     * cheap items, 1-2 % of the nested n-body's time on one thread (issue10s).
     */
    static final long MAX_GROWTH = 64;
    /** A batch that took at least this long is followed by a batch of one item. */
    static final long SLOW_BATCH_NANOS = 50_000;
    /**
     * The longest range that the common producers (arrays, lists, number ranges) push without
     * reading the clock, asking {@code full()} before every item instead: for so few items the
     * checks cost less than the clock reads (about 25 ns each on a KVM guest; a paced loop over
     * three items reads it three times), and are as prompt as batches of one. Short ranges are
     * what {@code flatMap} mostly folds, one per item of the outer iterator
     * ({@link FlatMapConsumer}).
     */
    static final int UNTIMED = 16;

    private Pace() {
    }

    /**
     * The length of a loop's next batch.
     *
     * @param batch the length of the batch just pushed
     * @param nanos how long it took
     * @return between 1 and {@link #MAX_BATCH}
     */
    static int next(int batch, long nanos) {
        return next(batch, nanos, MAX_BATCH);
    }

    /**
     * The length of a block-copying loop's next block.
     *
     * @param batch the length of the block just pushed
     * @param nanos how long it took
     * @return between 1 and {@link #MAX_BLOCK}
     */
    static int nextBlock(int batch, long nanos) {
        return next(batch, nanos, MAX_BLOCK);
    }

    private static int next(int batch, long nanos, int max) {
        if (nanos >= SLOW_BATCH_NANOS) {
            return 1;
        }
        if (nanos > GROW_NANOS / 2) {
            return batch; // the steady state: no division
        }
        // batch <= max: every loop starts at 1 and takes its lengths from here. The growth is
        // floor(GROW_NANOS / nanos), at least 2 here, so the next batch takes GROW_NANOS / 2 to
        // GROW_NANOS at this rate when it is not capped; a clock that reads 0 counts as 1 ns
        long growth = Math.min(MAX_GROWTH, GROW_NANOS / Math.max(nanos, 1));
        return (int) Math.min(batch * growth, max);
    }
}
