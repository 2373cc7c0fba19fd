package io.github.rayon4j.iter.plumbing;

/**
 * One leaf's share of a {@link Consumer}: a sink to push the leaf's items into, and the result
 * once the leaf is done (Rayon's {@code Folder}). Folders are used by one thread.
 *
 * <pre>{@code
 * Folder<IntSink, Long> f = consumer.intoFolder();
 * producer.foldWith(f.sink());
 * Long partial = f.complete();
 * }</pre>
 *
 * @param <S> the sink type
 * @param <R> the result type
 */
public interface Folder<S extends Sink, R> {
    /**
     * The sink items are pushed into; usually the folder itself.
     *
     * @return the sink
     */
    S sink();

    /**
     * Ends the fold.
     *
     * @return this leaf's result
     */
    R complete();
}
