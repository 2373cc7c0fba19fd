package io.github.rayon4j.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;

/**
 * Deadlock detection fired: no worker of the pool was active and at least one was blocked in
 * user code. Recorded on the detecting thread, with its stack.
 *
 * <pre>{@code
 * jfr print --events io.github.rayon4j.Deadlock recording.jfr
 * }</pre>
 */
@Name("io.github.rayon4j.Deadlock")
@Label("Deadlock Detected")
@Category({"rayon4j", "Scheduler"})
@Description("No rayon4j worker was active and at least one was blocked in user code")
public final class DeadlockEvent extends Event {
    /** An event with its fields unset; see {@link Events}, which creates and commits them. */
    public DeadlockEvent() {
    }

    /** The pool's name. */
    @Label("Pool")
    public String pool;

    /** How many threads were marked blocked. */
    @Label("Blocked Threads")
    public int blocked;

    /** The names of the pool threads that were not asleep, comma-separated. */
    @Label("Threads Not Asleep")
    public String threads;
}
