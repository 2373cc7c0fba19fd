package io.github.rayon4j.core.sleep;

/**
 * Why a sleeping worker was woken; recorded in the {@code io.github.rayon4j.WorkerSleep} Flight
 * Recorder event.
 */
public enum WakeCause {
    /** Work was posted (or handed off by a thread leaving idle) and not enough threads were awake. */
    NEW_JOB("new job"),
    /** The latch the worker slept on was set: a stolen join half, a scope's jobs or an install finished. */
    LATCH("latch set"),
    /** The pool terminated (or, for a spare worker, it was retired). */
    TERMINATION("termination"),
    /** A broadcast put a job in the worker's own queue. */
    BROADCAST("broadcast");

    private final String label;

    WakeCause(String label) {
        this.label = label;
    }

    /**
     * The words recorded in the event.
     *
     * @return the label
     */
    public String label() {
        return label;
    }
}
