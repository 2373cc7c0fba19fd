package io.github.rayon4j.iter.plumbing;

/**
 * A {@link Sink} of {@code T} items: {@link #accept} takes the next item in order.
 *
 * <pre>{@code
 * ObjSink<T> sink = ...;                // usually made by a Consumer's folder
 * producer.foldWith(sink);           // the producer pushes its items into it
 * }</pre>
 * @param <T> the item type
 */
public interface ObjSink<T> extends Sink, java.util.function.Consumer<T> {
}
