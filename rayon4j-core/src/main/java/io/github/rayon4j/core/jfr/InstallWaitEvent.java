package io.github.rayon4j.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Threshold;

/**
 * A thread outside the pool (or a worker of another pool) waited for work it submitted with
 * {@code install}, {@code join} or {@code scope}; recorded only when the wait lasted at least
 * the threshold (20 ms unless the recording's settings say otherwise), on the waiting thread,
 * with its stack.
 *
 * <pre>{@code
 * jfr print --events io.github.rayon4j.InstallWait recording.jfr
 * }</pre>
 */
@Name("io.github.rayon4j.InstallWait")
@Label("Install Wait")
@Category({"rayon4j", "Scheduler"})
@Description("A caller waited for work it installed into a rayon4j pool")
@Threshold("20 ms")
public final class InstallWaitEvent extends Event {
    /** An event with its fields unset; see {@link Events}, which creates and commits them. */
    public InstallWaitEvent() {
    }

    /** The pool's name. */
    @Label("Pool")
    public String pool;
}
