package io.github.rayon4j.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A worker slept: the event's duration is the time from falling asleep (after the sleep
 * protocol's last check) to being woken, with who it was and why it was woken. Recorded on the
 * worker's own thread when it wakes. Like every rayon4j event it costs nothing while no recording
 * has it enabled: the event object is created only on the way to sleep, which is the slow path.
 *
 * <pre>{@code
 * jcmd <pid> JFR.start name=pool settings=profile
 * jfr print --events io.github.rayon4j.WorkerSleep recording.jfr
 * }</pre>
 */
@Name("io.github.rayon4j.WorkerSleep")
@Label("Worker Sleep")
@Category({"rayon4j", "Scheduler"})
@Description("A rayon4j worker slept until it was woken")
@StackTrace(false)
public final class WorkerSleepEvent extends Event {
    /** An event with its fields unset; see {@link Events}, which creates and commits them. */
    public WorkerSleepEvent() {
    }

    /** The pool's name. */
    @Label("Pool")
    public String pool;

    /** The worker's index in its pool (spares have indices from the pool size up). */
    @Label("Worker")
    public int worker;

    /** Why it was woken: new job, latch set, termination or broadcast. */
    @Label("Wake Cause")
    public String cause;
}
