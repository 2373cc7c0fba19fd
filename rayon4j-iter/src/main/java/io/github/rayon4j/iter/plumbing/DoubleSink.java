package io.github.rayon4j.iter.plumbing;

/**
 * A {@link Sink} of {@code double} items: {@link #accept} takes the next item in order.
 *
 * <pre>{@code
 * DoubleSink sink = ...;                // usually made by a Consumer's folder
 * producer.foldWith(sink);           // the producer pushes its items into it
 * }</pre>

 */
public interface DoubleSink extends Sink, java.util.function.DoubleConsumer {
}
