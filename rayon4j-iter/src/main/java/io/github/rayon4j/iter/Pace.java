package io.github.rayon4j.iter;

/**
 * How often a leaf loop looks at {@link Sink#full()}: the built-in sources push their items in
 * batches and ask {@code full()} before each batch. A leaf's first batch is one item; a batch
 * that took less than {@link #SLOW_BATCH_NANOS} makes the next one twice as long, up to
 * {@link #MAX_BATCH} items; a slower batch sets the next one back to one item.
 *
 * <p>So a leaf of cheap items asks {@code full()} (a chain of calls through the adaptors) and
 * reads the clock once per 1,024 items, and a leaf of slow items asks after every item: once an
 * answer is known or a leaf has thrown, a running leaf pushes at most one more batch, which is one
 * item when items are slow and otherwise about {@code SLOW_BATCH_NANOS} of work (at most twice
 * that while item costs are steady). Only a leaf whose items turn slow after a long run of cheap
 * ones can push up to {@code MAX_BATCH} slow items before it notices. The loop itself stays as
 * tight as before: per batch two clock reads and this static call, nothing per item.
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
    /** The longest batch, in items. */
    static final int MAX_BATCH = 1024;
    /** A batch that took at least this long is followed by a batch of one item. */
    static final long SLOW_BATCH_NANOS = 50_000;

    private Pace() {
    }

    /**
     * The length of the next batch.
     *
     * @param batch the length of the batch just pushed
     * @param nanos how long it took
     * @return between 1 and {@link #MAX_BATCH}
     */
    static int next(int batch, long nanos) {
        if (nanos >= SLOW_BATCH_NANOS) {
            return 1;
        }
        return batch < MAX_BATCH ? batch << 1 : MAX_BATCH;
    }
}
