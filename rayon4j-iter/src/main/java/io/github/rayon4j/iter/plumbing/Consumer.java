package io.github.rayon4j.iter.plumbing;

/**
 * The receiving end of a parallel iteration (Rayon's {@code Consumer} and
 * {@code UnindexedConsumer} in one type): it can be split along with the producer, turned into a
 * {@link Folder} at a leaf, and it reduces the results of adjacent parts.
 *
 * <p>Splitting is done by {@link #splitOffLeft()}: the returned consumer takes the part before
 * the one this consumer keeps. The indexed bridge calls {@link #splitOffLeftAt(long)} with the
 * length of the left part, which consumers that write by position (collecting into a pre-sized
 * array) need; others inherit the default that ignores it.
 *
 * <pre>{@code
 * // count the items of any ParIter through the plumbing
 * long n = parIter.drive(new Consumer<ObjSink<String>, Long>() {
 *     public boolean full() { return false; }
 *     public Consumer<ObjSink<String>, Long> splitOffLeft() { return this; }
 *     public Long reduce(Long a, Long b) { return a + b; }
 *     public Folder<ObjSink<String>, Long> intoFolder() {
 *         class Count implements ObjSink<String>, Folder<ObjSink<String>, Long> {
 *             long n;
 *             public void accept(String s) { n++; }
 *             public boolean full() { return false; }
 *             public ObjSink<String> sink() { return this; }
 *             public Long complete() { return n; }
 *         }
 *         return new Count();
 *     }
 * });
 * }</pre>
 *
 * @param <S> the sink type its folders offer
 * @param <R> the result type
 */
public interface Consumer<S extends Sink, R> extends Reducer<R> {
    /**
     * Whether no more items are wanted (early exit, or a failed leaf).
     *
     * @return {@code true} to stop splitting and folding
     */
    boolean full();

    /**
     * A folder for one leaf.
     *
     * @return a new folder
     */
    Folder<S, R> intoFolder();

    /**
     * Splits without knowing lengths: the result consumes the part before the part this
     * consumer keeps. A stateless consumer may return itself.
     *
     * @return the consumer for the left part
     */
    Consumer<S, R> splitOffLeft();

    /**
     * Splits at a known index; by default the same as {@link #splitOffLeft()}.
     *
     * @param index the length of the left part, {@code >= 0}
     * @return the consumer for the left part
     */
    default Consumer<S, R> splitOffLeftAt(long index) {
        return splitOffLeft();
    }

    /**
     * Called by the bridge when a leaf of this consumer threw (Rayon's panic fuse): a consumer
     * whose splits share state should make {@link #full()} and its sinks' {@code full()} return
     * {@code true} from now on, so that the other leaves stop soon. The default does nothing.
     */
    default void cancel() {
    }
}
