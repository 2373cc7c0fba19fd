package io.github.rayon4j.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * As {@link DequeLastElementRace}, with the join hot path's {@link WorkStealingDeque#popIfBottom}:
 * plain volatile field accesses instead of opaque ones and an explicit fence (the volatile store
 * of {@code bottom} and the volatile load of {@code top} are ordered by the Java memory model).
 */
@JCStressTest
@Description("Chase-Lev deque of two jobs: owner popIfBottom vs a thief stealing twice")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the owner took one, the thief the other")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "the thief took both")
@Outcome(id = "1, 2", expect = FORBIDDEN, desc = "three takes of two jobs: one run twice")
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = FORBIDDEN, desc = "a job lost")
@State
public class DequeLastElementRaceJoinPop {
    static final Object JOB1 = new Object();
    static final Object JOB2 = new Object();
    final WorkStealingDeque<Object> deque = new WorkStealingDeque<>(2);

    public DequeLastElementRaceJoinPop() {
        deque.push(JOB1);
        deque.push(JOB2);
    }

    @Actor
    public void owner(II_Result r) {
        r.r1 = deque.popIfBottom(JOB2) ? 1 : 0;
    }

    /** Two steals: the second races the owner for the element it pops. */
    @Actor
    public void thief(II_Result r) {
        r.r2 = (deque.steal() != null ? 1 : 0) + (deque.steal() != null ? 1 : 0);
    }
}
