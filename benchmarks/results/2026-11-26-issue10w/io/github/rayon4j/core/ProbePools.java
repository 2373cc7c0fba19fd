package io.github.rayon4j.core;

/**
 * Builds the probe's pools with a search length of its choice: {@code roundsUntilSleepy} is
 * package-private in the library (its tests shrink it), so this class sits in the library's
 * package on the class path. For measurement only.
 */
public final class ProbePools {
    private ProbePools() {
    }

    /**
     * A pool of {@code threads} workers.
     *
     * @param threads    workers
     * @param rounds     fruitless rounds before a worker gets sleepy (the library's default is 8)
     * @param policy     sleep policy
     * @param callerRuns whether outside calls run on their caller as a guest
     * @return the pool
     */
    public static ThreadPool build(int threads, int rounds, SleepPolicy policy, boolean callerRuns) {
        return new ThreadPoolBuilder().numThreads(threads).roundsUntilSleepy(rounds).sleepPolicy(policy)
                .callerRuns(callerRuns).jmx(false).build();
    }
}
