package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.rayon4j.core.sleep.Sleep;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * A worker that pushes the half of a join while a caller outside the pool polls leaves the
 * wake-up of a sleeper to that caller ({@code Sleep}, "Wake-ups left to a polling caller"): it
 * sets its flag, then reads the number of polling callers; the last caller to stop polling
 * decrements that number, then serves every flag. The real {@link Sleep#newJoinJob} and
 * {@link Sleep#pollerLeft}, raced on the real classes.
 *
 * <p>The sleep module starts with one poller registered and one sleeper counted (no thread is
 * parked: a wake-up finds nobody blocked and returns, which is all these two calls need). The
 * arbiter reads worker 1's flag once both are done: "1" (a wake-up left set with nobody polling
 * any more, so lost) must not happen; the pusher either saw the caller still polling, and the
 * caller's later read of the flag served it, or saw nobody and took its flag back.
 */
@JCStressTest
@Description("A join half's wake-up left to a polling caller vs that caller stopping")
@Outcome(id = "0", expect = ACCEPTABLE, desc = "the wake-up was served by the caller or made by the pusher")
@Outcome(id = "1", expect = FORBIDDEN, desc = "lost: the flag is set and nobody polls any more")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class JoinWakeLeftVsPollerLeft {
    final Sleep sleep = new Sleep(2, 2, 0, null);

    public JoinWakeLeftVsPollerLeft() {
        sleep.counters().addSleepingAndInactive(); // worker 0 counted asleep
        sleep.pollerArrived();
    }

    @Actor
    public void pusher() {
        sleep.newJoinJob(1, true); // worker 1 pushed the half of a join
    }

    @Actor
    public void poller() {
        sleep.pollerLeft(worker -> true); // the half is still queued
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = sleep.wakeLeft(1) ? 1 : 0;
    }
}
