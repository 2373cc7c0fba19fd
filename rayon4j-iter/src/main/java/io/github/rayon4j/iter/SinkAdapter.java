package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Sink;

/**
 * A one-item-at-a-time adaptor (map, filter, peek, ...) as a function from the downstream sink
 * to the sink the upstream pushes into. It is applied once per leaf, so it may create per-leaf
 * state (mapInit).
 *
 * @param <U> the upstream sink type
 * @param <D> the downstream sink type
 */
@FunctionalInterface
interface SinkAdapter<U extends Sink, D extends Sink> {
    U adapt(D down);
}
