package io.github.rayon4j.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The broken variant the NoFence litmus tests share: {@link WorkStealingDeque}'s pop and steal,
 * copied with the owner's full fence removed (the mutant that once left the whole unit suite
 * green). A fixed ring of two slots, filled by the constructor, never grown; one owner thread
 * pops, any thread steals.
 */
final class FencelessDeque {
    long top;
    long bottom;
    final Object[] slots = new Object[2];

    /** Holds {@code jobs} (1 or 2) distinct jobs. */
    FencelessDeque(int jobs) {
        for (int i = 0; i < jobs; i++) {
            slots[i] = new Object();
        }
        bottom = jobs;
    }

    /** The owner's pop, without the fence between its store of bottom and its load of top. */
    boolean pop() {
        long b = (long) BOTTOM.getOpaque(this) - 1;
        BOTTOM.setOpaque(this, b);
        // the real pop has VarHandle.fullFence() here
        long t = (long) TOP.getOpaque(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1); // empty
            return false;
        }
        Object x = SLOTS.getOpaque(slots, (int) b & 1);
        if (t == b) {
            // the last element: race the thieves for it, then restore bottom, as pop does
            boolean won = TOP.compareAndSet(this, t, t + 1);
            BOTTOM.setOpaque(this, b + 1);
            return won && x != null;
        }
        return x != null; // taken without a CAS; bottom stays lowered, as pop leaves it
    }

    /** One steal attempt, as the real deque's (without its retry loop). */
    boolean steal() {
        long t = (long) TOP.getAcquire(this);
        VarHandle.fullFence();
        long b = (long) BOTTOM.getAcquire(this);
        if (t >= b) {
            return false;
        }
        Object x = SLOTS.getAcquire(slots, (int) t & 1);
        return TOP.compareAndSet(this, t, t + 1) && x != null;
    }

    private static final VarHandle TOP;
    private static final VarHandle BOTTOM;
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TOP = lookup.findVarHandle(FencelessDeque.class, "top", long.class);
            BOTTOM = lookup.findVarHandle(FencelessDeque.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
