package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;

/**
 * The parts in which an indexed iterator's {@code iterator()} computes its items: the first
 * part as long as the pool has threads, each next one {@link #GROWTH} times as long, up to
 * {@link #MAX_PART}. Each part is computed in parallel when the caller reaches it (its own
 * terminal call, in the pool of the thread that asks), so the first item costs about one item's
 * time, not the whole pipeline's; an iterator abandoned early has computed at most about four
 * times what it delivered, or one full part; and a long run makes few calls: a million items on
 * two threads take 13 parts. An exception from a part's computation reaches the caller that
 * asked for the part; the next call goes on with the part after it.
 *
 * <p>The sizes were measured (benchmarks/results/2026-11-26-issue10z, section 5): with parts
 * doubling up to 65,536 items, reading all of {@code LongParIter.range(0, 10^7).map(f)} through
 * the iterator took 1.2-1.9 times as long as collecting the array first and iterating it
 * (every part a parallel call whose workers then sleep while the caller reads); growing four
 * times up to 262,144, 0.74-1.11 times; a million boxed items of a list, 0.90-1.86 (median
 * 1.14). The parallel stream's own iterator, which walks its source sequentially, took 1.0-1.6
 * times as long as this one on the list and 4-7 times on the range.
 *
 * <pre>{@code
 * LazyParts<ObjSink<T>> parts = new LazyParts<>(producer);
 * for (Producer<ObjSink<T>> p; (p = parts.next()) != null; ) {
 *     consume(new IndexedParIter<>(p).toList());
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one iterator's, used by one thread at a time.
 *
 * @param <S> the producer's sink type
 */
final class LazyParts<S extends Sink> {
    /**
     * The longest part: enough items that a part's parallel call (tens of microseconds to wake
     * the pool and join) costs well under a nanosecond per item, and few enough that a part's
     * results (an array of this many: 1-2 MiB of references or {@code long}s) stay small.
     */
    static final long MAX_PART = 1 << 18;
    /** How much longer each part is than the one before. */
    static final long GROWTH = 4;

    private Producer<S> rest;
    private long nextLen;

    LazyParts(Producer<S> producer) {
        this.rest = producer;
        this.nextLen = -1;
    }

    /**
     * The next part, or {@code null} when every item was handed out.
     *
     * @return a producer of the next items in order
     */
    Producer<S> next() {
        Producer<S> r = rest;
        if (r == null) {
            return null;
        }
        long len = r.len();
        if (len == 0) {
            rest = null;
            return null;
        }
        long want = nextLen < 0 ? Math.max(1, Rayon.currentNumThreads()) : nextLen;
        nextLen = Math.min(MAX_PART, want * GROWTH);
        if (want >= len) {
            rest = null;
            return r;
        }
        Pair<Producer<S>, Producer<S>> parts = r.splitAt(want);
        rest = parts.right();
        return parts.left();
    }
}
