package io.github.rayon4j.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The broken variant of {@link DequeLastElementRace} (two jobs, the owner pops, a thief steals
 * twice): the deque's pop and steal, copied with the owner's full fence removed (the mutant that once left the whole suite green). The owner's
 * store of {@code bottom} may then be reordered after its load of {@code top} (x86's store
 * buffer does this), and both sides take the last element: the outcome the real deque forbids,
 * here marked interesting so that a run shows whether the hardware produces it.
 */
@JCStressTest
@Description("A deque whose pop lacks the full fence: owner pop vs a thief stealing twice")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the owner took one, the thief the other")
@Outcome(id = "0, 2", expect = ACCEPTABLE, desc = "the thief took both")
@Outcome(id = "1, 2", expect = ACCEPTABLE_INTERESTING, desc = "a job taken twice: the fence was needed")
@Outcome(id = {"0, 0", "0, 1", "1, 0"}, expect = ACCEPTABLE_INTERESTING, desc = "a job lost")
@State
public class DequeLastElementRaceNoFence {
    final FencelessDeque deque = new FencelessDeque(2);

    @Actor
    public void owner(II_Result r) {
        r.r1 = deque.pop() ? 1 : 0;
    }

    @Actor
    public void thief(II_Result r) {
        r.r2 = (deque.steal() ? 1 : 0) + (deque.steal() ? 1 : 0);
    }
}
