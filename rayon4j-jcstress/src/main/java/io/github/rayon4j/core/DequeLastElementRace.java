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
 * The real {@link WorkStealingDeque} holding two jobs: its owner pops one while a thief steals
 * twice. Each job must be taken exactly once. The race that matters is the thief's second steal
 * against the owner's pop of the same (then last) job: the owner lowers {@code bottom}, then
 * (a full fence) reads {@code top}, and takes the job without a CAS if it saw {@code top} below
 * it; the thief reads {@code top}, then (a full fence) reads {@code bottom}. Without the owner's
 * fence its store of {@code bottom} can be reordered after its read of {@code top} (a stale
 * {@code top} that does not count the first steal), and both take the job (see
 * {@link DequeLastElementRaceNoFence}).
 * In package {@code io.github.rayon4j.core} because the deque is package-private.
 */
@JCStressTest
@Description("Chase-Lev deque of two jobs: owner pop vs a thief stealing twice")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the owner took one, the thief the other")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "the thief took both")
@Outcome(id = "1, 2", expect = FORBIDDEN, desc = "three takes of two jobs: one run twice")
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = FORBIDDEN, desc = "a job lost")
@State
public class DequeLastElementRace {
    static final Object JOB1 = new Object();
    static final Object JOB2 = new Object();
    final WorkStealingDeque<Object> deque = new WorkStealingDeque<>(2);

    public DequeLastElementRace() {
        deque.push(JOB1);
        deque.push(JOB2);
    }

    @Actor
    public void owner(II_Result r) {
        r.r1 = deque.pop() != null ? 1 : 0;
    }

    /** Two steals: the second races the owner for the element it pops. */
    @Actor
    public void thief(II_Result r) {
        r.r2 = (deque.steal() != null ? 1 : 0) + (deque.steal() != null ? 1 : 0);
    }
}
