package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A join whose push threw after the right side was already on the deque: the wake-up that
 * follows the push's commit called into the sleep module, and what it threw (an {@code
 * OutOfMemoryError} taking a sleeper's lock; a {@code StackOverflowError} at the call itself)
 * left the join before its handler, with the frame queued and still in the worker's array. The
 * next join at that depth took the same frame again: it pushed it a second time, the first
 * entry later ran with the next join's closure or a cleared one, the right side of the failed
 * join never ran, and a join that found the frame's latch set by such a stray run returned
 * another join's outcome (the soak on 16 cores: a {@code joinLong} whose right side's value came
 * back {@code null}). Since then the push is inside the handler's reach: the frame is abandoned
 * (it runs once, on its own, and leaves the array), as for every other cut after the push.
 *
 * <p>White-box: worker {@code other} sleeps, so the push's wake-up takes its sleep lock, and that
 * lock's next {@code lock()} from the joining worker is made to throw, so the failure strikes at
 * that one step, deterministically, for each of the five join forms. The workers' sleep locks
 * are replaced by {@link FailingLock}s once, while both sleep with their locks released and no
 * thread is waking them: a lock replaced later could be replaced between a thread's {@code
 * lock()} and its {@code unlock()} of the field, which would then release the new lock, not held
 * (an {@code IllegalMonitorStateException}: the test's own race, seen once in CI).
 *
 * <p>Before it arms the lock, the failing join's thread waits until the other worker is asleep
 * with its lock released <em>and</em> the calling thread has parked in its wait. "Blocked" alone
 * was not enough (CI on JDK 25 saw a join that took no wake-up, once): the caller's injection can
 * still be waking the other worker at that point, when both workers were about to sleep and
 * the one that backed out of its sleep took the job. A wake-up takes the sleeper off the
 * sleeping count first and clears {@code isBlocked} last, under the sleeper's lock, so the
 * worker looked blocked while the counters already said awake, and the push rightly woke no one.
 * Once the caller is parked its posting is over, and a blocked sleeper whose lock is free is
 * counted asleep: nobody but the failing join can wake it.
 */
class JoinPushFailureTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final int ROUNDS = 10;
    private static final int AFTER = 200;

    /** A sleep lock whose next {@code lock()} by {@code victim} throws, once armed. */
    static final class FailingLock extends ReentrantLock {
        private static final long serialVersionUID = 1L;
        volatile Thread victim;
        final AtomicInteger failures = new AtomicInteger();

        @Override
        public void lock() {
            if (victim != null && Thread.currentThread() == victim) {
                victim = null;
                failures.incrementAndGet();
                throw new OutOfMemoryError("test: no memory to queue for a sleeper's lock");
            }
            super.lock();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"runnable", "supplier", "context", "long", "double"})
    void aJoinWhosePushThrowsLeavesNoFrameToTheNextJoin(String form) {
        assertTimeoutPreemptively(LIMIT, () -> run(form));
    }

    private static void run(String form) throws Exception {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(1).jmx(false).build()) {
            Object[] states = sleepStates(pool);
            FailingLock[] locks = {new FailingLock(), new FailingLock()};
            PoolState.awaitOrFail(() -> blockedAndUnlocked(states[0]) && blockedAndUnlocked(states[1]),
                    "both workers asleep, their locks released");
            replaceLock(states[0], locks[0]);
            replaceLock(states[1], locks[1]);
            for (int round = 0; round < ROUNDS; round++) {
                oneRound(pool, states, locks, form, round);
            }
            assertEquals(42L, pool.install(() -> Rayon.joinLong(() -> 40, () -> 2, Long::sum)), "the pool still works");
        }
    }

    private static void oneRound(ThreadPool pool, Object[] states, FailingLock[] locks, String form, int round) {
        AtomicInteger leftRuns = new AtomicInteger();
        AtomicInteger rightRuns = new AtomicInteger();
        Thread caller = Thread.currentThread();
        pool.install(() -> {
            int other = 1 - WorkerThread.current().index();
            FailingLock lock = locks[other];
            // The failed join runs one level down, in an outer join's left side, and the checks
            // after it at that same depth: in later outer joins' left sides.
            Rayon.join(() -> {
                PoolState.awaitOrFail(
                        () -> caller.getState() == Thread.State.WAITING && blockedAndUnlocked(states[other]),
                        "the caller parked in its wait, the other worker asleep with its lock released");
                int failuresBefore = lock.failures.get();
                lock.victim = Thread.currentThread();
                try {
                    joinOnce(form, leftRuns, rightRuns);
                    fail("the push's wake-up threw, yet the join returned");
                } catch (OutOfMemoryError expected) {
                    assertEquals(failuresBefore + 1, lock.failures.get(), "the wake-up after the push failed once");
                }
            }, () -> {
            });
            for (int k = 0; k < AFTER; k++) {
                int at = k;
                Rayon.join(() -> checkEveryForm(at), () -> {
                });
            }
            return null;
        });
        // The failed join's right side was queued: it runs once, on its own. (Before the fix
        // the next join at its depth took its frame and replaced its closure: it never ran.)
        PoolState.awaitOrFail(() -> rightRuns.get() >= 1, "round " + round + ": the failed join's right side to run");
        assertTrue(leftRuns.get() <= 1, "round " + round + ": the failed join's left side ran at most once");
        assertEquals(1, pool.install(rightRuns::get), "round " + round + ": the failed join's right side ran once");
    }

    /** One join of the given form whose sides count their runs. */
    private static void joinOnce(String form, AtomicInteger left, AtomicInteger right) {
        switch (form) {
            case "runnable":
                Rayon.join(() -> {
                    left.incrementAndGet();
                }, () -> {
                    right.incrementAndGet();
                });
                break;
            case "supplier":
                Rayon.join((Supplier<Integer>) left::incrementAndGet, (Supplier<Integer>) right::incrementAndGet);
                break;
            case "context":
                Rayon.joinContext(c -> left.incrementAndGet(), c -> right.incrementAndGet());
                break;
            case "long":
                Rayon.joinLong(left::incrementAndGet, right::incrementAndGet, Long::sum);
                break;
            default:
                Rayon.joinDouble(left::incrementAndGet, right::incrementAndGet, Double::sum);
                break;
        }
    }

    private static void checkEveryForm(int k) {
        int[] ran = new int[2];
        Rayon.join(() -> {
            ran[0] = k + 1;
        }, () -> {
            ran[1] = k + 2;
        });
        assertEquals(k + 1, ran[0], "runnable join " + k + ", left");
        assertEquals(k + 2, ran[1], "runnable join " + k + ", right");
        Pair<Integer, String> p = Rayon.join(() -> k, () -> "r" + k);
        assertEquals(k, p.left(), "supplier join " + k);
        assertEquals("r" + k, p.right(), "supplier join " + k);
        Pair<Integer, Integer> c = Rayon.joinContext(x -> 2 * k, x -> 2 * k + 1);
        assertEquals(2 * k, c.left(), "context join " + k);
        assertEquals(2 * k + 1, c.right(), "context join " + k);
        assertEquals(3L * k + 1, Rayon.joinLong(() -> k, () -> 2L * k + 1, Long::sum), "joinLong " + k);
        assertEquals(k + 0.5, Rayon.joinDouble(() -> k, () -> 0.5, Double::sum), "joinDouble " + k);
    }

    private static Object[] sleepStates(ThreadPool pool) throws ReflectiveOperationException {
        Object sleep = pool.registry().sleep();
        Class<?> c = sleep.getClass();
        while (!c.getSimpleName().equals("Sleep")) {
            c = c.getSuperclass();
        }
        Field f = c.getDeclaredField("states");
        f.setAccessible(true);
        return (Object[]) f.get(sleep);
    }

    /**
     * The sleeper has marked itself blocked and has released its sleep lock (it marks itself
     * blocked while it holds the lock).
     */
    private static boolean blockedAndUnlocked(Object state) {
        try {
            Field f = state.getClass().getDeclaredField("lock");
            f.setAccessible(true);
            return blocked(state) && !((ReentrantLock) f.get(state)).isLocked();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static boolean blocked(Object state) {
        try {
            Field f = state.getClass().getDeclaredField("isBlocked");
            f.setAccessible(true);
            return f.getBoolean(state);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void replaceLock(Object state, ReentrantLock lock) {
        try {
            Field f = state.getClass().getDeclaredField("lock");
            f.setAccessible(true);
            Class<?> was = f.get(state).getClass();
            // the sleep module's own lock (a ReentrantLock that takes itself when the heap is full), or ours
            assertTrue(ReentrantLock.class.isAssignableFrom(was), "the sleep state's lock: " + was);
            f.set(state, lock);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
