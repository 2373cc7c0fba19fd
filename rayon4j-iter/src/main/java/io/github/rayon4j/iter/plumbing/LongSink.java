package io.github.rayon4j.iter.plumbing;

/**
 * A {@link Sink} of {@code long} items: {@link #accept} takes the next item in order.
 *
 * <pre>{@code
 * LongSink sink = ...;                // usually made by a Consumer's folder
 * producer.foldWith(sink);           // the producer pushes its items into it
 * }</pre>

 */
public interface LongSink extends Sink, java.util.function.LongConsumer {
}
