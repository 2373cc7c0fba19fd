package io.github.rayon4j.core;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jdk.jfr.Recording;

/**
 * Run in a child JVM by {@link ObservabilityTest}: records the scheduler's Flight Recorder events
 * of one scenario into a file. A child, because once Flight Recorder has started in a JVM it
 * stays on, and the model-checking tests must not step into its machinery.
 */
public final class JfrProbe {
    private JfrProbe() {
    }

    /**
     * Records a scenario.
     *
     * @param args the scenario ({@code pool} or {@code deadlock}) and the file to dump to
     * @throws Exception if the recording fails
     */
    public static void main(String[] args) throws Exception {
        try (Recording r = new Recording()) {
            for (String name : new String[] {"io.github.rayon4j.WorkerSleep", "io.github.rayon4j.SpareActivation",
                "io.github.rayon4j.InstallWait", "io.github.rayon4j.Deadlock"}) {
                r.enable(name).withThreshold(Duration.ZERO).withStackTrace();
            }
            r.start();
            if (args[0].equals("pool")) {
                pool();
            } else {
                deadlock();
            }
            r.stop();
            r.dump(Path.of(args[1]));
        }
        System.out.println("recorded");
    }

    /** Sleeps and wake-ups (new job, termination), one spare, one install from outside. */
    private static void pool() {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(0).maxBlockingSpares(1).build();
        PoolState.awaitAllAsleep(pool);
        pool.install(() -> Rayon.blockInPlace(() -> 1));
        PoolState.awaitAllAsleep(pool);
        pool.close();
        System.out.println("pool " + pool.registry().name());
    }

    /** One deadlock, resolved by a rescuer thread. */
    private static void deadlock() throws InterruptedException {
        deadlock(report -> { });
    }

    /**
     * A one-thread pool whose only worker marks itself blocked: deadlock detection fires, the
     * handler gets the report, and a rescuer thread marks the worker unblocked and releases it.
     *
     * @param seen also receives the report
     * @return the closed pool
     */
    static ThreadPool deadlock(java.util.function.Consumer<DeadlockReport> seen) {
        CountDownLatch release = new CountDownLatch(1);
        AtomicReference<ThreadPool> self = new AtomicReference<>();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).threadName(i -> "deadlocked-" + i)
                .deadlockReportHandler(report -> {
                    seen.accept(report);
                    new Thread(() -> {
                        self.get().markUnblocked();
                        release.countDown();
                    }).start();
                }).build();
        self.set(pool);
        pool.install(() -> {
            Rayon.markBlocked();
            try {
                release.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        });
        pool.close();
        return pool;
    }
}
