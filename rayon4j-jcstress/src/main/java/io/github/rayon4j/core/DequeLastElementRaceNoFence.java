package io.github.rayon4j.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
    long top;
    long bottom = 2;
    final Object[] slots = {new Object(), new Object()};

    @Actor
    public void owner(II_Result r) {
        long b = (long) BOTTOM.getOpaque(this) - 1;
        BOTTOM.setOpaque(this, b);
        // the real pop has VarHandle.fullFence() here
        long t = (long) TOP.getOpaque(this);
        Object x = null;
        if (t <= b) {
            x = SLOTS.getOpaque(slots, (int) b & 1); // two slots, never grown
            if (t == b && !TOP.compareAndSet(this, t, t + 1)) {
                x = null;
            }
            BOTTOM.setOpaque(this, b + 1);
        } else {
            BOTTOM.setOpaque(this, b + 1);
        }
        r.r1 = x != null ? 1 : 0;
    }

    /** Two steals, as the real deque's steal does each. */
    @Actor
    public void thief(II_Result r) {
        r.r2 = steal() + steal();
    }

    private int steal() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();
        long b = (long) BOTTOM.getAcquire(this);
        Object x = null;
        if (t < b) {
            x = SLOTS.getAcquire(slots, (int) t & 1);
            if (!TOP.compareAndSet(this, t, t + 1)) {
                x = null;
            }
        }
        return x != null ? 1 : 0;
    }

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(DequeLastElementRaceNoFence.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(DequeLastElementRaceNoFence.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
