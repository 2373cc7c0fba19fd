package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.Sleep;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Test support: a pool's sleep state in words, and bounded waits on it. */
final class PoolState {
    private PoolState() {
    }

    static Sleep sleep(ThreadPool pool) {
        return pool.registry().sleep();
    }

    /** Counters, who sleeps, and the deadlock bookkeeping, for failure messages. */
    static String describe(ThreadPool pool) {
        Sleep sleep = sleep(pool);
        int n = pool.currentNumThreads();
        StringBuilder sb = new StringBuilder(pool.toString()).append(" sleep=")
                .append(sleep.getClass().getSimpleName()).append(sleep.describeState()).append(" isSleeping=[");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "" : ",").append(sleep.isSleeping(i));
        }
        return sb.append("] deadlockData{workers,active,blocked}=").append(Arrays.toString(sleep.deadlockData()))
                .toString();
    }

    /** Every worker of the pool is blocked asleep, by both the counters and the sleep states. */
    static boolean allAsleep(ThreadPool pool) {
        Sleep sleep = sleep(pool);
        int n = pool.currentNumThreads();
        for (int i = 0; i < n; i++) {
            if (!sleep.isSleeping(i)) {
                return false;
            }
        }
        return sleep.sleepingThreads() == n;
    }

    /** Polls for at most {@code seconds}; never sleeps a fixed time. */
    static boolean await(BooleanSupplier condition, int seconds) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.yield();
        }
        return true;
    }

    /**
     * Waits (polling, outside the pool's loop) for {@code done}, at most 10 s, else fails naming
     * {@code what}.
     */
    static void awaitOrFail(BooleanSupplier done, String what) {
        if (!await(done, 10)) {
            throw new AssertionError("timed out waiting for " + what);
        }
    }

    /** Waits (at most 10 s) until every worker sleeps, else fails with the pool's state. */
    static void awaitAllAsleep(ThreadPool pool) {
        if (!await(() -> allAsleep(pool), 10)) {
            throw new AssertionError("the workers never all fell asleep: " + describe(pool));
        }
    }

    /**
     * A blocking operation's body for {@code blockInPlace} tests: spawns a job and waits at most
     * {@code seconds} for it to run, which another thread must do (the caller waits); an
     * interrupt ends the wait and stays set.
     *
     * @return whether the job ran in time
     */
    static boolean awaitASpawnedJob(int seconds) {
        java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(1);
        Rayon.spawn(ran::countDown);
        try {
            return ran.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Waits for {@code latch} in a job; an interrupt ends the wait and stays set. */
    static void awaitQuietly(java.util.concurrent.CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The live threads of a pool's registry (workers and spares), found among all threads. */
    static List<Thread> liveThreadsOf(ThreadPool pool) {
        List<Thread> live = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t instanceof WorkerThread && ((WorkerThread) t).registry() == pool.registry() && t.isAlive()) {
                live.add(t);
            }
        }
        return live;
    }

    /** Live threads whose name starts with {@code prefix}. */
    static List<String> liveThreadsNamed(String prefix) {
        List<String> live = new ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith(prefix) && t.isAlive()) {
                live.add(t.getName());
            }
        }
        return live;
    }

    /** Closes without hanging the test run: a failed test can leave a pool with a lost wake-up. */
    interface Closer extends AutoCloseable {
        @Override
        void close();
    }

    /** {@code try (Closer c = closing(pool))}: shutdown, then wait at most 10 s for the workers. */
    static Closer closing(ThreadPool pool) {
        return () -> {
            pool.shutdown();
            boolean done;
            try {
                done = pool.awaitTermination(java.time.Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                done = false;
            }
            if (!done) {
                throw new AssertionError("pool did not terminate within 10 s after shutdown: " + describe(pool));
            }
        };
    }
}
