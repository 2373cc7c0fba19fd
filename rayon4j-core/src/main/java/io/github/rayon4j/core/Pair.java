package io.github.rayon4j.core;

/**
 * Two values produced together: the results of the two sides of {@link Rayon#join(
 * java.util.function.Supplier, java.util.function.Supplier)}, a zipped item, a partition.
 *
 * <pre>{@code
 * Pair<Integer, String> p = Rayon.join(() -> 6 * 7, () -> "answer");
 * int n = p.left();       // 42
 * String s = p.right();   // "answer"
 * }</pre>
 *
 * @param left  the first value (may be {@code null})
 * @param right the second value (may be {@code null})
 * @param <A>   type of the first value
 * @param <B>   type of the second value
 */
public record Pair<A, B>(A left, B right) {
}
