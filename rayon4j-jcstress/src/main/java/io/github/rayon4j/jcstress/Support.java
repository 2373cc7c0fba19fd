package io.github.rayon4j.jcstress;

import io.github.rayon4j.core.sleep.AtomicCounters;

/** Shared constants of the litmus tests. */
final class Support {
    private Support() {
    }

    /**
     * Packed counters with the JEC odd (1), no sleeping and no inactive threads except the one
     * sleeper below: work was already posted since the last thread got sleepy, so a poster's
     * {@link AtomicCounters#markJobsPosted()} takes its read-only path and the sleeper's CAS on
     * the word is not disturbed by the poster. That is the case the seed-000 proof sketch is
     * about: the JEC cannot help (it has rolled over, or the poster wrote nothing), so only the
     * Dekker pair of fences stands between an injected job and a sleeping pool.
     */
    static final long JEC_ODD_ONE_IDLE = (1L << 32) | (1L << 16);

    /** A stand-in for a job. */
    static final Object JOB = new Object();
}
