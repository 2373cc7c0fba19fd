package io.github.rayon4j.core;

/**
 * What a side of {@link Rayon#joinContext} learns about where it runs, as Rayon's
 * {@code FnContext}. {@link #migrated()} is {@code true} when the closure runs on a different
 * thread than the one that called {@code joinContext}: the right side was stolen, or the whole
 * join was injected from outside the pool. Adaptive splitters use it: stolen work means idle
 * threads, so it pays to split more.
 *
 * <pre>{@code
 * Pair<Boolean, Boolean> moved = Rayon.joinContext(a -> a.migrated(), b -> b.migrated());
 * }</pre>
 */
public final class FnContext {
    static final FnContext MIGRATED = new FnContext(true);
    static final FnContext NOT_MIGRATED = new FnContext(false);

    private final boolean migrated;

    private FnContext(boolean migrated) {
        this.migrated = migrated;
    }

    static FnContext of(boolean migrated) {
        return migrated ? MIGRATED : NOT_MIGRATED;
    }

    /**
     * Whether this closure runs on another thread than the caller of {@code joinContext}.
     *
     * @return {@code true} if stolen or injected
     */
    public boolean migrated() {
        return migrated;
    }

    @Override
    public String toString() {
        return "FnContext[migrated=" + migrated + "]";
    }
}
