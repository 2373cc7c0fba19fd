package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * The JVM's own {@link StackOverflowError} takes no suppressed exceptions:
 * {@link Throwable#addSuppressed} on it drops its argument silently. Where rayon4j gathers several
 * exceptions into the first (a scope's jobs, a broadcast's shares, a join's two sides), an
 * exception that cannot be attached goes to the panic handler, so that each comes out exactly
 * once. These tests failed before: the second exception was gone.
 */
class ExceptionsNotLostTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    static int deep(int n) {
        return deep(n + 1) + 1;
    }

    /** A StackOverflowError made by the JVM, as a job that recursed too deep would throw. */
    static StackOverflowError jvmOverflow() {
        try {
            deep(0);
        } catch (StackOverflowError e) {
            return e;
        }
        throw new AssertionError("no overflow");
    }

    @Test
    void theJvmsStackOverflowErrorTakesNoSuppressedExceptions() {
        StackOverflowError e = jvmOverflow();
        RuntimeException other = new RuntimeException("other");
        assertFalse(Unwind.attach(e, other), "if this fails, the JVM now keeps them; the fallback is then unused");
        assertTrue(Unwind.attach(other, e));
        assertSame(e, other.getSuppressed()[0]);
    }

    @Test
    void aScopeWhoseFirstExceptionIsAStackOverflowHandsTheOthersToThePanicHandler() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
            StackOverflowError overflow = jvmOverflow();
            RuntimeException second = new RuntimeException("second");
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(panics::add).build()) {
                Throwable thrown = assertThrows(Throwable.class, () -> pool.scope(s -> {
                    s.base.jobFailed(overflow); // as a spawned job's failure would be recorded
                    s.base.jobFailed(second);
                }));
                assertSame(overflow, thrown);
                assertEquals(List.of(second), new ArrayList<>(panics));
            }
        });
    }

    @Test
    void aBroadcastWhoseFirstShareOverflowedHandsTheOthersToThePanicHandler() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(panics::add).build()) {
                RuntimeException[] second = new RuntimeException[1];
                Throwable thrown = assertThrows(Throwable.class, () -> pool.broadcast(ctx -> {
                    if (ctx.index() == 0) {
                        return deep(0); // the first share's exception, in index order: the JVM's overflow
                    }
                    second[0] = new RuntimeException("share " + ctx.index());
                    throw second[0];
                }));
                assertTrue(thrown instanceof StackOverflowError, thrown.toString());
                assertEquals(List.of(second[0]), new ArrayList<>(panics));
            }
        });
    }

    @Test
    void aJoinWhoseLeftSideOverflowedHandsTheRightSidesExceptionToThePanicHandler() {
        assertTimeoutPreemptively(LIMIT, () -> {
            ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).panicHandler(panics::add).build()) {
                RuntimeException right = new RuntimeException("right");
                Throwable thrown = assertThrows(Throwable.class, () -> pool.join(() -> deep(0), () -> {
                    throw right;
                }));
                assertTrue(thrown instanceof StackOverflowError, thrown.toString());
                assertEquals(List.of(right), new ArrayList<>(panics));
            }
        });
    }
}
