package io.github.rayon4j.iter.plumbing;

/**
 * Anything that can feed its items into a {@link Consumer} (Rayon's {@code drive_unindexed}):
 * every parallel iterator of this package.
 *
 * <pre>{@code
 * Drivable<IntSink> d = IntParIter.range(0, 10);
 * }</pre>
 *
 * @param <S> the sink type
 */
public interface Drivable<S extends Sink> {
    /**
     * Runs the iteration in parallel into the consumer and returns its reduced result.
     *
     * @param consumer the receiving end
     * @param <R>      the result type
     * @return the consumer's result over all items
     */
    <R> R drive(Consumer<S, R> consumer);
}
