package io.github.rayon4j.iter.plumbing;

/**
 * A source of an unknown number of items that can sometimes be split in two (Rayon's
 * {@code UnindexedProducer}); a {@link java.util.Spliterator} is one.
 *
 * <pre>{@code
 * ParIter<String> lines = ParIter.fromUnindexed(myProducer);
 * }</pre>
 *
 * @param <S> the sink type it pushes into
 */
public interface UnindexedProducer<S extends Sink> {
    /**
     * Tries to split: on success, returns a producer of items that come before the ones this
     * producer keeps (for ordered sources); otherwise {@code null}.
     *
     * @return the left part, or {@code null} when this producer cannot be split
     */
    UnindexedProducer<S> split();

    /**
     * Pushes every remaining item, in order, into the sink; may stop early once
     * {@code sink.full()}.
     *
     * @param sink where the items go
     */
    void foldWith(S sink);
}
