package io.github.rayon4j.iter.plumbing;

import io.github.rayon4j.core.Pair;

/**
 * A source of a known number of items that can be split at any index (Rayon's
 * {@code Producer}): an array slice, a list range, a number range. The bridge splits it together
 * with a {@link Consumer} and, at each leaf, calls {@link #foldWith} with the leaf's sink.
 * Producers are immutable descriptions; splitting makes new ones.
 *
 * <pre>{@code
 * // the squares 0, 1, 4, ... of [lo, hi)
 * record Squares(long lo, long hi) implements Producer<LongSink> {
 *     public long len() { return hi - lo; }
 *     public Pair<Producer<LongSink>, Producer<LongSink>> splitAt(long i) {
 *         return new Pair<>(new Squares(lo, lo + i), new Squares(lo + i, hi));
 *     }
 *     public void foldWith(LongSink sink) {
 *         for (long x = lo; x < hi && !sink.full(); x++) sink.accept(x * x);
 *     }
 * }
 * long s = LongParIter.fromProducer(new Squares(0, 1000)).sum();
 * }</pre>
 *
 * @param <S> the sink type it pushes into
 */
public interface Producer<S extends Sink> {
    /**
     * The number of items.
     *
     * @return the length, {@code >= 0}
     */
    long len();

    /**
     * Splits into {@code [0, index)} and {@code [index, len)}.
     *
     * @param index where to split, {@code 0 <= index <= len()}
     * @return the two parts, in order
     */
    Pair<Producer<S>, Producer<S>> splitAt(long index);

    /**
     * Pushes every item, in order, into the sink; may stop early once {@code sink.full()}.
     *
     * @param sink where the items go
     */
    void foldWith(S sink);

    /**
     * The smallest length worth a leaf of its own (see {@link io.github.rayon4j.iter.IndexedParIter#withMinLen}).
     *
     * @return at least 1
     */
    default long minLen() {
        return 1;
    }

    /**
     * The largest length a leaf should have (see {@link io.github.rayon4j.iter.IndexedParIter#withMaxLen}).
     *
     * @return at least 1
     */
    default long maxLen() {
        return Long.MAX_VALUE;
    }

    /**
     * Whether this producer's {@link #foldWith} gives part of its work to other threads by
     * itself once one wants work ({@link io.github.rayon4j.core.Rayon#isWorkWanted()}): the fused
     * leaves of the primitive pipelines do, by ending their loop and handing the rest of their
     * range back to the bridge. A run started on a saturated pool
     * ({@link io.github.rayon4j.core.Rayon#isPoolSaturated()}) is then not split up front at
     * all; otherwise it is split once there, so that a thread that frees up finds a half to take
     * (see {@link Bridge}). Say {@code true} only if the fold really shares: a long leaf that
     * does not would keep one thread working alone while the others idle.
     *
     * @return {@code false} unless the fold shares its work on demand
     */
    default boolean sharesOnDemand() {
        return false;
    }
}
