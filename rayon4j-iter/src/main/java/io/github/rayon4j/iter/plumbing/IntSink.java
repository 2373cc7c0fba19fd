package io.github.rayon4j.iter.plumbing;

/**
 * A {@link Sink} of {@code int} items: {@link #accept} takes the next item in order.
 *
 * <pre>{@code
 * IntSink sink = ...;                // usually made by a Consumer's folder
 * producer.foldWith(sink);           // the producer pushes its items into it
 * }</pre>

 */
public interface IntSink extends Sink, java.util.function.IntConsumer {
}
