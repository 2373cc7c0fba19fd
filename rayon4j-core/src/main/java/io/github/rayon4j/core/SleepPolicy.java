package io.github.rayon4j.core;

/**
 * How the workers of a pool fall asleep when they run out of work, and whom a new job wakes.
 * Chosen per pool with {@link ThreadPoolBuilder#sleepPolicy(SleepPolicy)}; every policy runs the
 * same jobs with the same results, and differs only in idle CPU, wake-up latency and the cost of
 * posting work.
 *
 * <pre>{@code
 * // A pool that serves rare, bursty requests: wake a sleeper straight to the queue that has work.
 * try (ThreadPool pool = new ThreadPoolBuilder()
 *         .numThreads(8)
 *         .sleepPolicy(SleepPolicy.HINTED)
 *         .build()) {
 *     long sum = pool.install(() -> parallelSum(data));
 * }
 * }</pre>
 *
 * <p>How to choose: keep {@link #RAYON} unless a measurement on your workload says otherwise
 * ({@code benchmarks}' {@code SleepPolicyHarness} runs all three side by side). {@link #HINTED}
 * is meant for pools that sleep often and are woken by a few jobs at a time; {@link #LEGACY_TICKLE}
 * is there as the baseline the current protocol replaced, to compare against.
 */
public enum SleepPolicy {
    /**
     * The default: Rayon's current sleep module. Idle workers sleep one by one; a post reads one
     * packed counter word and wakes exactly as many sleepers as there are jobs that the awake idle
     * workers cannot take; setting a latch wakes only its owner. Deadlock detection is supported.
     */
    RAYON,
    /**
     * Rayon's previous sleep module: one sleepy worker at a time in a single atomic word, and every
     * post or latch set while anyone sleeps wakes <em>all</em> sleepers, who then search and
     * mostly fall asleep again. Cheap when nobody sleeps, expensive in wake-ups when some do.
     * For comparison. Deadlock detection is supported.
     */
    LEGACY_TICKLE,
    /**
     * {@link #RAYON}'s counters with two ideas of the EMPER runtime: a poster claims the sleepers
     * it will wake by decrementing the sleeping count first (so concurrent posters do not race
     * for the same sleepers), and a woken worker is told which queue received the work (the
     * pusher's deque or the injector) and looks there first instead of at a random victim.
     * Deadlock detection is supported.
     */
    HINTED
}
