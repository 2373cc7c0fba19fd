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
 * The real {@link WorkStealingDeque} holding one element (pushed by the owner in the state's
 * constructor): the owner pops while a thief steals. Exactly one of them must get it.
 *
 * <p>Uses only the deque's constructor, {@code push}, {@code pop} and {@code steal}, so it keeps
 * compiling whatever the deque's internals become. In package {@code io.github.rayon4j.core}
 * because the deque is package-private.
 *
 * <p>With a single element the owner's pop sees {@code top == bottom - 1} and races the thief
 * with a CAS on {@code top}, which settles the race whatever the owner's view of {@code top}:
 * see {@link DequeSingleElementPopVsStealNoFence}, which shows that the fence in {@code pop} is
 * not what protects this case, and {@link DequeLastElementRace}, the case it does protect.
 */
@JCStressTest
@Description("Chase-Lev deque of one element: owner pop vs one steal")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the owner got it")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the thief got it")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "both got it: a job run twice")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "neither got it: a job lost")
@State
public class DequeSingleElementPopVsSteal {
    static final Object JOB = new Object();
    final WorkStealingDeque<Object> deque = new WorkStealingDeque<>(2);

    public DequeSingleElementPopVsSteal() {
        deque.push(JOB);
    }

    @Actor
    public void owner(II_Result r) {
        r.r1 = deque.pop() == JOB ? 1 : 0;
    }

    @Actor
    public void thief(II_Result r) {
        r.r2 = deque.steal() == JOB ? 1 : 0;
    }
}
