package io.github.rayon4j.iter.plumbing;

/**
 * Combines the results of two adjacent parts: {@code left} came before {@code right}
 * (Rayon's {@code Reducer}).
 *
 * <pre>{@code
 * Reducer<Long> sum = Long::sum;
 * }</pre>
 *
 * @param <R> the result type
 */
@FunctionalInterface
public interface Reducer<R> {
    /**
     * Combines two results in order.
     *
     * @param left  the result of the earlier part
     * @param right the result of the later part
     * @return the combined result
     */
    R reduce(R left, R right);
}
