package io.github.rayon4j.core.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The one place where rayon4j-core turns a field into a {@link VarHandle}. Every class that
 * accesses a field with explicit memory orderings (the deque's ends, a latch's state, the
 * termination count, the sleep counters) looks it up here from its static initializer, passing
 * its own lookup, so the field may stay private.
 *
 * <pre>{@code
 * private volatile long counter;
 * private static final VarHandle COUNTER =
 *         VarHandles.field(MethodHandles.lookup(), CountLatch.class, "counter", long.class);
 * }</pre>
 *
 * <p>A field that is not found is a bug in rayon4j itself, not a condition a caller can handle:
 * it fails the class's initialization, as the hand-written {@code try}/{@code catch} in each class
 * did before.
 *
 * <p>A {@code VarHandle} access links its call site the first time it runs, which allocates, and
 * a failure often comes with a full heap (a job that ran out of memory). So a field that only a
 * failure's path touches does not come here: it uses a field updater of
 * {@code java.util.concurrent.atomic}, whose calls link nothing ({@code ScopeBase.error},
 * {@code Join.Frame.reported}). And a class whose sites may first run long after the pool
 * started, on a failure's way (a deque's pop that finds a job, a latch's first set), runs each of
 * them once in its static initializer, on an instance of its own ({@code WorkStealingDeque},
 * {@code CoreLatch}); {@code OutOfMemoryJobErrorProbe} finds the ones that were missed.
 */
public final class VarHandles {
    private VarHandles() {
    }

    /**
     * The handle of the instance field {@code name} of type {@code type} declared in
     * {@code holder}.
     *
     * @param lookup the caller's {@code MethodHandles.lookup()}, which may access the field
     * @param holder the class that declares the field
     * @param name   the field's name
     * @param type   the field's type
     * @return the handle
     * @throws ExceptionInInitializerError if there is no such field, or the lookup cannot see it
     */
    public static VarHandle field(MethodHandles.Lookup lookup, Class<?> holder, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(holder, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
