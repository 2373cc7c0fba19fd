package io.github.rayon4j.iter.plumbing;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;

/**
 * Runs a producer into a consumer in parallel: both are split at the same index, recursively,
 * with {@link Rayon#joinContext}, until the adaptive splitter says stop; each leaf folds its part
 * sequentially and the results are reduced in order on the way back up (Rayon's
 * {@code bridge_producer_consumer} and {@code bridge_unindexed}).
 *
 * <h2>The adaptive splitter</h2>
 * The split budget starts at the pool's thread count ({@link Rayon#currentNumThreads()}) and
 * halves at every split; no budget, no split. When a half was migrated (stolen by, or injected
 * into, another thread) other threads are idle, so its budget is reset to at least the thread
 * count. The length splitter adds the producer's bounds: a part is never split below
 * {@link Producer#minLen()} per half, and a part longer than {@link Producer#maxLen()} is always
 * split (the initial budget is also raised to {@code len / maxLen}, as in Rayon).
 *
 * <h2>Failure</h2>
 * An exception thrown in a leaf (by the producer, the sink, making the folder or completing it)
 * or by a reduction of two parts cancels the consumer ({@link Consumer#cancel()}), so the other
 * leaves stop soon, and reaches the caller unchanged once both sides of every join finished.
 *
 * <pre>{@code
 * Long total = Bridge.bridge(myProducer, myConsumer);
 * }</pre>
 */
public final class Bridge {
    private Bridge() {
    }

    /**
     * Splits and folds an indexed producer into a consumer.
     *
     * @param producer the source
     * @param consumer the receiving end
     * @param <S>      the sink type
     * @param <R>      the result type
     * @return the consumer's result over all items
     */
    public static <S extends Sink, R> R bridge(Producer<S> producer, Consumer<S, R> consumer) {
        long len = producer.len();
        long min = Math.max(1, producer.minLen());
        long max = Math.max(1, producer.maxLen());
        int threads = Math.max(1, Rayon.currentNumThreads());
        long splits = Math.max(threads, len / max);
        return new LengthSplitter(threads, min, max).run(len, false, splits, producer, consumer);
    }

    /**
     * Splits and folds an unindexed producer into a consumer.
     *
     * @param producer the source
     * @param consumer the receiving end
     * @param <S>      the sink type
     * @param <R>      the result type
     * @return the consumer's result over all items
     */
    public static <S extends Sink, R> R bridgeUnindexed(UnindexedProducer<S> producer,
                                                        Consumer<S, R> consumer) {
        int threads = Math.max(1, Rayon.currentNumThreads());
        return runUnindexed(threads, false, threads, producer, consumer);
    }

    /** The budget after a split decision; negative when the part must not split. */
    static long nextBudget(int threads, long splits, boolean migrated) {
        if (migrated) {
            return Math.max(threads, splits / 2);
        }
        return splits > 0 ? splits / 2 : -1;
    }

    static <S extends Sink, R> R fold(Consumer<S, R> consumer, java.util.function.Consumer<S> leaf) {
        try {
            Folder<S, R> folder = consumer.intoFolder();
            leaf.accept(folder.sink());
            return folder.complete();
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    /** The result of a part that is not folded because the consumer is already full. */
    private static <S extends Sink, R> R nothing(Consumer<S, R> consumer) {
        return fold(consumer, sink -> { });
    }

    /**
     * Reduces two adjacent results with the consumer's reducer; a reducer that throws cancels
     * the consumer first, as a failing leaf does, so the other parts stop soon. For drivers that
     * run two parts themselves (a {@code chain} of two sources, say) and combine their results.
     *
     * <pre>{@code
     * Pair<R, R> r = Rayon.join(() -> first.drive(consumer.splitOffLeft()), () -> second.drive(consumer));
     * return Bridge.reduce(consumer, r.left(), r.right());
     * }</pre>
     *
     * @param consumer the consumer whose splits gave the two results
     * @param left     the result of the left part
     * @param right    the result of the right part
     * @param <R>      the result type
     * @return the reduced result
     */
    public static <R> R reduce(Consumer<?, R> consumer, R left, R right) {
        try {
            return consumer.reduce(left, right);
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    private static <S extends Sink, R> R runUnindexed(int threads, boolean migrated, long splits,
                                                      UnindexedProducer<S> producer,
                                                      Consumer<S, R> consumer) {
        if (consumer.full()) {
            return nothing(consumer);
        }
        long next = nextBudget(threads, splits, migrated);
        if (next >= 0) {
            UnindexedProducer<S> left = producer.split();
            if (left != null) {
                Consumer<S, R> leftConsumer = consumer.splitOffLeft();
                Pair<R, R> both = Rayon.joinContext(
                        ctx -> runUnindexed(threads, ctx.migrated(), next, left, leftConsumer),
                        ctx -> runUnindexed(threads, ctx.migrated(), next, producer, consumer));
                return reduce(consumer, both.left(), both.right());
            }
        }
        return fold(consumer, producer::foldWith);
    }

    private record LengthSplitter(int threads, long min, long max) {
        <S extends Sink, R> R run(long len, boolean migrated, long splits, Producer<S> producer,
                                  Consumer<S, R> consumer) {
            if (consumer.full()) {
                return nothing(consumer);
            }
            long mid = len / 2;
            if (mid >= min) {
                long next = nextBudget(threads, splits, migrated);
                if (next < 0 && len > max) {
                    next = 0;
                }
                if (next >= 0) {
                    long budget = next;
                    Pair<Producer<S>, Producer<S>> parts = producer.splitAt(mid);
                    Consumer<S, R> leftConsumer = consumer.splitOffLeftAt(mid);
                    Pair<R, R> both = Rayon.joinContext(
                            ctx -> run(mid, ctx.migrated(), budget, parts.left(), leftConsumer),
                            ctx -> run(len - mid, ctx.migrated(), budget, parts.right(), consumer));
                    return reduce(consumer, both.left(), both.right());
                }
            }
            return fold(consumer, producer::foldWith);
        }
    }
}
