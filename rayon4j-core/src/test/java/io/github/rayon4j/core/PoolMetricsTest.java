package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PoolMetricsTest {
    @Test
    void countersFollowWhatThePoolDid() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).roundsUntilSleepy(0).build()) {
                PoolMetrics start = pool.metrics();
                assertEquals(2, start.threads());
                assertEquals(0, start.jobsInjected());

                PoolState.awaitAllAsleep(pool);
                PoolMetrics asleep = pool.metrics();
                assertTrue(asleep.sleeps() >= 2, "both workers slept: " + asleep);

                pool.install(() -> JoinTest.fib(20));
                pool.scope(s -> {
                    for (int i = 0; i < 100; i++) {
                        s.spawn(s1 -> JoinTest.fib(10));
                    }
                });
                PoolMetrics after = pool.metrics();
                assertEquals(2, after.jobsInjected(), "one install and one scope came from outside: " + after);
                assertTrue(after.wakeUps() >= 1, "the injected work woke a sleeper: " + after);
                assertTrue(after.jobsExecuted() >= 102, "the injected jobs and the 100 spawns ran: " + after);
                assertTrue(after.jobsStolen() <= after.jobsExecuted(), after.toString());

                pool.install(() -> Rayon.blockInPlace(() -> 1));
                assertEquals(1, pool.metrics().spareActivations());
            }
        });
    }
}
