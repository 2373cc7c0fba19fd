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
 * {@link DequeSingleElementPopVsSteal} on a copy of the deque's pop and steal with the owner's
 * full fence removed, as in {@link DequeLastElementRaceNoFence}. The bad outcomes stay
 * {@code FORBIDDEN} on purpose: with one element the owner computes {@code b = 0} and can only
 * take the element by winning the CAS of {@code top} from 0 to 1 (a {@code top} it reads above
 * {@code b} means the thief already won that CAS), and the thief too takes it only by that CAS.
 * A stale {@code top} cannot make the owner skip the CAS, so the missing fence cannot duplicate
 * or lose the element; a run that passes confirms it. The fence matters when the owner reads
 * {@code top} below {@code b} and takes its element without a CAS: the two-element race of
 * {@link DequeLastElementRaceNoFence}.
 */
@JCStressTest
@Description("A deque whose pop lacks the full fence, one element: owner pop vs one steal")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the owner got it")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the thief got it")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "both got it: a job run twice")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "neither got it: a job lost")
@State
public class DequeSingleElementPopVsStealNoFence {
    final FencelessDeque deque = new FencelessDeque(1);

    @Actor
    public void owner(II_Result r) {
        r.r1 = deque.pop() ? 1 : 0;
    }

    @Actor
    public void thief(II_Result r) {
        r.r2 = deque.steal() ? 1 : 0;
    }
}
