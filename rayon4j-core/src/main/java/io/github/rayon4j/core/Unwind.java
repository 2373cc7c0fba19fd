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
     * Does nothing; calling it loads and initializes this class. {@link Registry} calls it when
     * it is initialized itself, before any pool exists: this class is used only once something
     * failed, and loading a class allocates, while the first failure a pool delivers may come with
     * a full heap (a job that ran out of memory), which would replace it with an
     * {@code OutOfMemoryError} of the loading ({@code OutOfMemoryJobErrorProbe}).
     */
    static void load() {
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
     * Attaches {@code second} to {@code first} as suppressed, if {@code first} takes suppressed
     * exceptions: the JVM's own {@link StackOverflowError} does not (nor does any exception made
     * with suppression off), and {@link Throwable#addSuppressed} then drops {@code second}
     * silently. Never throws: attaching allocates (the list of suppressed exceptions, the copy
     * that checks it), and a failure often comes with a full heap, so an error while attaching
     * or checking also answers {@code false}. A caller that gets {@code false} must deliver
     * {@code second} another way (the panic handler), or it is lost; at worst (attached, then no
     * memory to check) it is delivered twice, never lost.
     *
     * @param first  the exception that is thrown
     * @param second another one, not {@code first}
     * @return whether {@code second} is known to be among {@code first}'s suppressed exceptions
     */
    static boolean attach(Throwable first, Throwable second) {
        try {
            first.addSuppressed(second);
            for (Throwable s : first.getSuppressed()) {
                if (s == second) {
                    return true;
                }
            }
        } catch (Throwable noRoom) {
            // an OutOfMemoryError: deliver second another way
        }
        return false;
    }
}
