package io.github.rayon4j.core;

/**
 * The outcome of {@link Rayon#yieldNow()} and {@link Rayon#yieldLocal()} on a pool thread.
 *
 * <pre>{@code
 * while (!done.get()) {
 *     if (Rayon.yieldNow().orElse(Yield.IDLE) == Yield.IDLE) Thread.onSpinWait();
 * }
 * }</pre>
 */
public enum Yield {
    /** Another job was found and run to completion. */
    EXECUTED,
    /** No job was available. */
    IDLE
}
