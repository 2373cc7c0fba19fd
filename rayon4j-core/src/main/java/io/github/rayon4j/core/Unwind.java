package io.github.rayon4j.core;

/**
 * Rethrowing a captured exception on the waiting thread, Rayon's {@code resume_unwind}. The same
 * {@link Throwable} object is rethrown, so its stack trace is the one from the worker where it
 * happened; checked exceptions (from sneaky code) pass through unchanged.
 */
final class Unwind {
    private Unwind() {
    }

    /**
     * Throws {@code t} as it is.
     *
     * @param t the exception to rethrow
     * @return never returns; declared so callers can write {@code throw Unwind.rethrow(t)}
     */
    static RuntimeException rethrow(Throwable t) {
        throw Unwind.<RuntimeException>sneaky(t);
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /**
     * The first exception of two, with the second attached as suppressed.
     *
     * @param first  the exception that wins, or {@code null}
     * @param second a later one, or {@code null}
     * @return the combined exception, or {@code null} if both were {@code null}
     */
    static Throwable combine(Throwable first, Throwable second) {
        if (first == null) {
            return second;
        }
        if (second != null && second != first) {
            first.addSuppressed(second);
        }
        return first;
    }
}
