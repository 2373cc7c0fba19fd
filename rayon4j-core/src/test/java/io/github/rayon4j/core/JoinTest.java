package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JoinTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    static long fib(int n) {
        if (n < 2) {
            return n;
        }
        Pair<Long, Long> r = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
        return r.left() + r.right();
    }

    static long fibSeq(int n) {
        return n < 2 ? n : fibSeq(n - 1) + fibSeq(n - 2);
    }

    @Test
    void joinFromOutsideUsesGlobalPoolAndComputesFib() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertEquals(fibSeq(22), fib(22)));
    }

    @Test
    void joinInCustomPoolRunsOnItsWorkers() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).threadName(i -> "jt-" + i).build()) {
                Set<String> names = ConcurrentHashMap.newKeySet();
                long r = pool.install(() -> {
                    names.add(Thread.currentThread().getName());
                    return fib(20);
                });
                assertEquals(fibSeq(20), r);
                assertTrue(names.iterator().next().startsWith("jt-"), names.toString());
            }
        });
    }

    @Test
    void runnableJoinRunsBothSides() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                AtomicInteger count = new AtomicInteger();
                pool.join(count::incrementAndGet, () -> {
                    count.incrementAndGet();
                });
                assertEquals(2, count.get());
            }
        });
    }

    @Test
    void leftExceptionIsRethrownAfterRightFinishesWithRightSuppressed() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                IllegalStateException left = new IllegalStateException("left");
                IllegalArgumentException right = new IllegalArgumentException("right");
                AtomicInteger rightRan = new AtomicInteger();
                IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.join(
                        () -> {
                            throw left;
                        },
                        () -> {
                            rightRan.incrementAndGet();
                            throw right;
                        }));
                assertSame(left, thrown);
                assertEquals(1, rightRan.get());
                assertEquals(1, thrown.getSuppressed().length);
                assertSame(right, thrown.getSuppressed()[0]);
                // The pool stays usable.
                assertEquals(fibSeq(15), pool.install(() -> fib(15)));
            }
        });
    }

    @Test
    void rightExceptionKeepsItsStackTrace() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                RuntimeException e = assertThrows(RuntimeException.class, () -> pool.join(
                        () -> 1, () -> {
                            throw new RuntimeException("boom");
                        }));
                assertEquals("boom", e.getMessage());
                assertTrue(e.getStackTrace().length > 0);
                assertTrue(e.getStackTrace()[0].getMethodName().contains("lambda"), e.getStackTrace()[0].toString());
            }
        });
    }

    @Test
    void nullArgumentsAreRejectedWithTheirName() {
        assertTimeoutPreemptively(LIMIT, () -> {
            NullPointerException e = assertThrows(NullPointerException.class, () -> Rayon.join((Runnable) null, () -> { }));
            assertEquals("a", e.getMessage());
            e = assertThrows(NullPointerException.class, () -> Rayon.join(() -> 1, (java.util.function.Supplier<Integer>) null));
            assertEquals("b", e.getMessage());
        });
    }

    @Test
    void joinContextReportsMigrationWhenInjectedFromOutside() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build()) {
                Pair<Boolean, Boolean> outside = pool.joinContext(FnContext::migrated, FnContext::migrated);
                assertTrue(outside.left(), "the left side of an injected join runs on another thread");
                Pair<Boolean, Boolean> inside = pool.install(() -> Rayon.joinContext(FnContext::migrated, FnContext::migrated));
                assertFalse(inside.left());
                assertFalse(inside.right(), "on one thread the right side is popped back, not stolen");
            }
        });
    }

    @Test
    void currentThreadIndexAndNumThreads() {
        assertTimeoutPreemptively(LIMIT, () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(3).build()) {
                assertEquals(3, pool.currentNumThreads());
                assertTrue(pool.currentThreadIndex().isEmpty());
                int idx = pool.install(() -> Rayon.currentThreadIndex().getAsInt());
                assertTrue(idx >= 0 && idx < 3);
                assertEquals(3, (int) pool.install(Rayon::currentNumThreads));
                assertTrue(Rayon.currentThreadIndex().isEmpty());
                assertTrue(Rayon.yieldNow().isEmpty());
            }
        });
    }
}
