package io.github.rayon4j.core.jfr;

import jdk.jfr.FlightRecorder;

/**
 * The scheduler's only door to its Flight Recorder events. The first use of any
 * {@code jdk.jfr.Event} subclass loads the recorder's machinery (about 100 classes, 110 ms
 * measured in a fresh JVM), even with no recording; so the scheduler creates events only once
 * Flight Recorder has been started in this JVM ({@link FlightRecorder#isInitialized()}, a
 * volatile read), and holds them as plain {@code Object}s, so that none of its classes refers
 * to an event class. Until then an event costs one volatile read.
 *
 * <pre>{@code
 * Object event = Events.beginInstallWait();      // null while Flight Recorder is not running
 * ... wait ...
 * Events.endInstallWait(event, "rayon4j-pool-1"); // commits if a recording wants it
 * }</pre>
 */
public final class Events {
    private Events() {
    }

    /**
     * Whether Flight Recorder has been started in this JVM.
     *
     * @return {@code true} once any recording was started
     */
    public static boolean on() {
        return FlightRecorder.isInitialized();
    }

    /**
     * A worker is about to park asleep.
     *
     * @return the started event, or {@code null} if Flight Recorder is not running
     */
    public static Object beginSleep() {
        if (!on()) {
            return null;
        }
        WorkerSleepEvent e = new WorkerSleepEvent();
        e.begin();
        return e;
    }

    /**
     * The worker woke.
     *
     * @param event  what {@link #beginSleep()} returned
     * @param pool   the pool's name
     * @param worker the worker's index
     * @param cause  why it was woken
     */
    public static void endSleep(Object event, String pool, int worker, String cause) {
        if (event == null) {
            return;
        }
        WorkerSleepEvent e = (WorkerSleepEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.pool = pool;
            e.worker = worker;
            e.cause = cause;
            e.commit();
        }
    }

    /**
     * A caller starts waiting for work it installed.
     *
     * @return the started event, or {@code null} if Flight Recorder is not running
     */
    public static Object beginInstallWait() {
        if (!on()) {
            return null;
        }
        InstallWaitEvent e = new InstallWaitEvent();
        e.begin();
        return e;
    }

    /**
     * The installed work finished.
     *
     * @param event what {@link #beginInstallWait()} returned
     * @param pool  the pool's name
     */
    public static void endInstallWait(Object event, String pool) {
        if (event == null) {
            return;
        }
        InstallWaitEvent e = (InstallWaitEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.pool = pool;
            e.commit();
        }
    }

    /**
     * A worker blocks in {@code blockInPlace} while a spare stands in.
     *
     * @return the started event, or {@code null} if Flight Recorder is not running
     */
    public static Object beginSpare() {
        if (!on()) {
            return null;
        }
        SpareActivationEvent e = new SpareActivationEvent();
        e.begin();
        return e;
    }

    /**
     * The blocking call returned.
     *
     * @param event  what {@link #beginSpare()} returned
     * @param pool   the pool's name
     * @param worker the blocked worker's index
     * @param spare  the spare's index
     * @param reused whether a parked spare was reused
     */
    public static void endSpare(Object event, String pool, int worker, int spare, boolean reused) {
        if (event == null) {
            return;
        }
        SpareActivationEvent e = (SpareActivationEvent) event;
        e.end();
        if (e.shouldCommit()) {
            e.pool = pool;
            e.worker = worker;
            e.spare = spare;
            e.reused = reused;
            e.commit();
        }
    }

    /**
     * Deadlock detection fired.
     *
     * @param pool    the pool's name
     * @param blocked how many threads were marked blocked
     * @param threads the names of the threads not asleep
     */
    public static void deadlock(String pool, int blocked, String threads) {
        if (!on()) {
            return;
        }
        DeadlockEvent e = new DeadlockEvent();
        if (e.shouldCommit()) {
            e.pool = pool;
            e.blocked = blocked;
            e.threads = threads;
            e.commit();
        }
    }
}
