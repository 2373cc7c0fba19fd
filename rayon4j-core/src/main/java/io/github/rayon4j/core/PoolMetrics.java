package io.github.rayon4j.core;

/**
 * A snapshot of what a pool has done since it started, for monitoring and for tuning: how much
 * work ran, how often it had to be stolen or injected, and how often workers slept and were
 * woken. Counts are cumulative; take two snapshots and subtract to see a period.
 *
 * <pre>{@code
 * PoolMetrics before = pool.metrics();
 * pool.install(() -> work());
 * PoolMetrics after = pool.metrics();
 * System.out.println("steals: " + (after.jobsStolen() - before.jobsStolen()));
 * }</pre>
 *
 * <p>The counters are kept per worker without synchronization and read without stopping the
 * pool, so a snapshot taken while the pool works is approximate: each value is one that its
 * counter really had, but not all from the same instant. Counting costs no atomic operation on
 * the paths that run per job.
 *
 * @param threads           the pool size
 * @param jobsExecuted      jobs run from a queue: popped, stolen, injected or broadcast (the right
 *                          half of a {@code join} that its owner took back and ran inline is not
 *                          a queued job and is not counted)
 * @param jobsStolen        jobs taken from another worker's deque
 * @param jobsInjected      jobs submitted from outside the pool (install, spawn, scope)
 * @param sleeps            times a worker went to sleep
 * @param wakeUps           times a sleeping worker was woken (by new work or a latch it waits on)
 * @param spareActivations  spare workers activated by {@link Rayon#blockInPlace}
 * @param fruitlessWakeUps  workers woken for new work that went back to sleep without running a
 *                          job (another thread took it first): wake-ups that bought nothing
 */
public record PoolMetrics(int threads, long jobsExecuted, long jobsStolen, long jobsInjected,
                          long sleeps, long wakeUps, long spareActivations, long fruitlessWakeUps) {
}
