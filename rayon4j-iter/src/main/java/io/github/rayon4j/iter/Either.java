package io.github.rayon4j.iter;

/**
 * One of two values: a {@link Left} or a {@link Right}, for {@link ParIter#partitionMap}
 * (Rayon's {@code Either} from the {@code either} crate).
 *
 * <pre>{@code
 * Pair<List<Integer>, List<String>> parsed = ParIter.of(inputs).partitionMap(s -> {
 *     try {
 *         return Either.left(Integer.parseInt(s));
 *     } catch (NumberFormatException e) {
 *         return Either.right(s);
 *     }
 * });
 * }</pre>
 *
 * @param <L> the left type
 * @param <R> the right type
 */
public sealed interface Either<L, R> permits Either.Left, Either.Right {

    /**
     * A left value.
     *
     * @param value the value ({@code null} allowed)
     * @param <L>   the left type
     * @param <R>   the right type
     */
    record Left<L, R>(L value) implements Either<L, R> {
    }

    /**
     * A right value.
     *
     * @param value the value ({@code null} allowed)
     * @param <L>   the left type
     * @param <R>   the right type
     */
    record Right<L, R>(R value) implements Either<L, R> {
    }

    /**
     * A left value.
     *
     * <pre>{@code Either<Integer, String> e = Either.left(1);}</pre>
     *
     * @param value the value
     * @param <L>   the left type
     * @param <R>   the right type
     * @return the left
     */
    static <L, R> Either<L, R> left(L value) {
        return new Left<>(value);
    }

    /**
     * A right value.
     *
     * <pre>{@code Either<Integer, String> e = Either.right("x");}</pre>
     *
     * @param value the value
     * @param <L>   the left type
     * @param <R>   the right type
     * @return the right
     */
    static <L, R> Either<L, R> right(R value) {
        return new Right<>(value);
    }

    /**
     * Whether this is a {@link Left}.
     *
     * @return {@code true} for a left value
     */
    default boolean isLeft() {
        return this instanceof Left;
    }
}
