package io.github.rayon4j.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * A worker blocked in {@code Rayon.blockInPlace} while a spare worker stood in for it: the
 * event's duration is the blocking call's, recorded with the worker's stack.
 *
 * <pre>{@code
 * jfr print --events io.github.rayon4j.SpareActivation recording.jfr
 * }</pre>
 */
@Name("io.github.rayon4j.SpareActivation")
@Label("Spare Activation")
@Category({"rayon4j", "Scheduler"})
@Description("A spare worker stood in for a worker blocked in blockInPlace")
public final class SpareActivationEvent extends Event {
    /** An event with its fields unset; see {@link Events}, which creates and commits them. */
    public SpareActivationEvent() {
    }

    /** The pool's name. */
    @Label("Pool")
    public String pool;

    /** The index of the worker that blocked. */
    @Label("Blocked Worker")
    public int worker;

    /** The index of the spare that stood in. */
    @Label("Spare")
    public int spare;

    /** Whether a parked spare was reused rather than a thread created. */
    @Label("Reused")
    public boolean reused;
}
