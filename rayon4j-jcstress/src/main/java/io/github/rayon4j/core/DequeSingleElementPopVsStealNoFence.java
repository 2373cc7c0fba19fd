package io.github.rayon4j.core;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
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
    long top;
    long bottom = 1;
    final Object[] slots = {new Object(), null};

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

    /** One steal, as the real deque's steal (without its retry loop: one element, one try). */
    @Actor
    public void thief(II_Result r) {
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
        r.r2 = x != null ? 1 : 0;
    }

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(DequeSingleElementPopVsStealNoFence.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(DequeSingleElementPopVsStealNoFence.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
