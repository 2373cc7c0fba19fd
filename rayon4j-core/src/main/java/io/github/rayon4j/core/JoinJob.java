package io.github.rayon4j.core;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The right-hand side of a {@code join}: pushed on the owner's deque, then either popped back and
 * run inline by the owner, or stolen and run by another worker. It is its own {@link SpinLatch},
 * so a join allocates this one object (and the user's closures).
 *
 * <p>Written by the thread that runs it: {@code result} or {@code error}, then the latch (a
 * release). Read by the owner only after {@link #probe()} saw the latch set (an acquire), or
 * after running it inline on its own thread.
 */
final class JoinJob extends SpinLatch implements Job {
    static final int FUNCTION = 0;
    static final int SUPPLIER = 1;
    static final int RUNNABLE = 2;

    private final Object fn;
    private final int kind;
    private Object result;
    private Throwable error;
    /**
     * Set by the owner when a stack overflow left it no room to wait (see
     * {@code WorkerThread.join}): nobody will read this job's outcome, so its exception goes to
     * the panic handler. A plain volatile field, written without a method call.
     */
    volatile boolean abandoned;

    JoinJob(WorkerThread owner, Object fn, int kind) {
        super(owner);
        this.fn = fn;
        this.kind = kind;
    }

    /** Stolen: run on a thief, capture the outcome, set the latch. */
    @Override
    public void execute() {
        try {
            result = invoke(fn, kind, true);
        } catch (Throwable t) {
            error = t;
        }
        set();
        if (error != null && abandoned) {
            ownerRegistry().handlePanic(error);
        }
    }

    /** Popped back by the owner: run directly; exceptions propagate to the owner. */
    Object runInline(boolean migrated) {
        return invoke(fn, kind, migrated);
    }

    Object result() {
        return result;
    }

    Throwable error() {
        return error;
    }

    @SuppressWarnings("unchecked")
    static Object invoke(Object fn, int kind, boolean migrated) {
        switch (kind) {
            case FUNCTION:
                return ((Function<FnContext, ?>) fn).apply(FnContext.of(migrated));
            case SUPPLIER:
                return ((Supplier<?>) fn).get();
            default:
                ((Runnable) fn).run();
                return null;
        }
    }
}
