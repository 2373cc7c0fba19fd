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
     * Whether a leaf may go on filling the result of the part just before it, instead of making
     * a result of its own that a {@link #reduce} then merges in: {@link #resumeFolder} is
     * supported. The bridge asks at each split; where the right half then runs on the thread
     * that has just finished the left half (it was not stolen: Rayon's {@code migrated()} is
     * false), the right half's first leaf continues the left half's result and the reduction of
     * the two is skipped. Only a consumer whose folders do not depend on where their part lies
     * (no writing by index, no positions) may say {@code true}; the default is {@code false}.
     *
     * <pre>{@code
     * // a collecting consumer: one container for every part that ran on the same thread in order
     * public boolean resumable() { return true; }
     * public Folder<ObjSink<T>, List<T>> resumeFolder(List<T> before) { return new Adding<>(before); }
     * }</pre>
     *
     * @return {@code true} if {@link #resumeFolder} may be called
     */
    default boolean resumable() {
        return false;
    }

    /**
     * A folder for one leaf that goes on from {@code before}, the whole result of the part just
     * before this leaf's (the items of both parts, in order, folded into one result): its
     * {@code complete()} is what {@code reduce(before, this leaf's own result)} would have been.
     * Called only when {@link #resumable()} says so, on the thread that made {@code before},
     * which no one else uses any more.
     *
     * @param before the result of the preceding part
     * @return a folder whose result includes {@code before}
     * @throws UnsupportedOperationException by default
     */
    default Folder<S, R> resumeFolder(R before) {
        throw new UnsupportedOperationException("this consumer's leaves cannot resume: " + getClass().getName());
    }

    /**
     * Called by the bridge when a leaf of this consumer threw (Rayon's panic fuse): a consumer
     * whose splits share state should make {@link #full()} and its sinks' {@code full()} return
     * {@code true} from now on, so that the other leaves stop soon. The default does nothing.
     */
    default void cancel() {
    }
}
