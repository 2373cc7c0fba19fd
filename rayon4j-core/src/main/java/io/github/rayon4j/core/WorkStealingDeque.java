package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Keeps {@code top}, which thieves CAS, off the cache line of whatever precedes the deque. */
abstract class DequePadTop {
    long p00, p01, p02, p03, p04, p05, p06, p07;
}

/** {@code top}: the steal end. */
abstract class DequeTop extends DequePadTop {
    volatile long top;
}

/** Keeps {@code bottom}, which the owner writes on every push and pop, off {@code top}'s line. */
abstract class DequePadBottom extends DequeTop {
    long q00, q01, q02, q03, q04, q05, q06, q07;
}

/** {@code bottom}: the owner's end; and the ring array. */
abstract class DequeBottom extends DequePadBottom {
    volatile long bottom;
    volatile Object[] array;
}

/**
 * A Chase-Lev work-stealing deque (Chase and Lev, SPAA 2005), with the memory orderings of Lê,
 * Pop, Cohen and Zappa Nardelli, "Correct and efficient work-stealing for weak memory models"
 * (PPoPP 2013).
 *
 * <h2>Protocol</h2>
 * The live elements are the indices {@code [top, bottom)} of a power-of-two ring array, index
 * {@code i} at slot {@code i & (length - 1)}. Exactly one thread, the <em>owner</em> (the worker
 * the deque belongs to), calls {@link #push} and {@link #pop}, at the bottom end: the newest job
 * first, which keeps a worker on the most recent, cache-warm, smallest piece of its own work.
 * Any thread may call {@link #steal}, which takes the oldest (biggest) job at the top end.
 * <ul>
 *   <li>{@code bottom} is written only by the owner. A push writes the slot, then publishes it
 *       with a release store of {@code bottom + 1}; a thief's acquire load of {@code bottom}
 *       therefore sees the slot.</li>
 *   <li>{@code top} only grows, and only by CAS. A thief reads {@code top}, issues a full fence,
 *       reads {@code bottom}; if the range is non-empty it reads the slot and claims it by CAS
 *       of {@code top} from {@code t} to {@code t + 1}.</li>
 *   <li>A pop that finds {@code bottom <= top} (an acquire read of {@code top}) returns at once:
 *       the deque is empty and stays so until the owner's next push. Otherwise it first takes
 *       its claim by storing {@code bottom - 1}, then a full fence, then reads
 *       {@code top}. The fence pairs with the thief's: of "owner lowered bottom" and "thief read
 *       top", one is seen by the other, so the owner and a thief never both take the same element
 *       unless both race for the very last one, and that race is settled by the CAS on
 *       {@code top}.</li>
 *   <li>When full, the owner copies the live range into an array twice the size and publishes
 *       it with a release store before the next {@code bottom} store. The old array is never
 *       written again, so a thief still reading it reads valid elements: everything below the
 *       {@code bottom} it saw was copied from it.</li>
 *   <li>Garbage: a pop clears the slot it takes; a successful thief clears its slot by CAS from
 *       the element to {@code null} (a CAS so that it cannot erase a newer element). A thief that
 *       loses a race with growth may leave one reference in the new array until that slot is
 *       reused.</li>
 * </ul>
 *
 * @param <T> the element type
 */
final class WorkStealingDeque<T> extends DequeBottom {
    long r00, r01, r02, r03, r04, r05, r06, r07;

    /** Initial capacity for worker deques. */
    static final int DEFAULT_CAPACITY = 64;

    /**
     * @param initialCapacity a power of two; tests pass tiny values to exercise growth
     */
    WorkStealingDeque(int initialCapacity) {
        if (initialCapacity < 2 || Integer.bitCount(initialCapacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two >= 2: " + initialCapacity);
        }
        array = new Object[initialCapacity];
    }

    /**
     * Owner only: pushes at the bottom.
     *
     * @param x the element, not null
     * @return whether the deque looked empty before the push: a hint for the sleep module, read
     *         from a {@code top} that a concurrent steal may make stale (Lincheck shows the
     *         stale case). Acting on a wrong hint costs at most one needless or one missed
     *         extra wake-up, never a lost job: the pusher itself stays awake to pop its job.
     */
    boolean push(T x) {
        long b = (long) BOTTOM.getOpaque(this);
        long t = (long) TOP.getAcquire(this);
        Object[] a = (Object[]) ARRAY.getOpaque(this);
        long size = b - t;
        if (size >= a.length - 1) {
            a = grow(a, t, b);
        }
        a[(int) b & (a.length - 1)] = x;
        BOTTOM.setRelease(this, b + 1);
        return size <= 0;
    }

    private Object[] grow(Object[] old, long t, long b) {
        Object[] bigger = new Object[old.length << 1];
        for (long i = t; i < b; i++) {
            bigger[(int) i & (bigger.length - 1)] = old[(int) i & (old.length - 1)];
        }
        ARRAY.setRelease(this, bigger);
        return bigger;
    }

    /**
     * Owner only: whether the deque holds no element. Only the owner adds elements, so an answer
     * of {@code true} stays true until the owner's next push; {@code false} may be stale at once,
     * because a thief can take the last element right after the read.
     *
     * @return whether {@code bottom <= top}
     */
    boolean looksEmpty() {
        return (long) BOTTOM.getOpaque(this) <= (long) TOP.getAcquire(this);
    }

    /**
     * Owner only: pops the newest element.
     *
     * @return the element, or {@code null} if the deque is empty (or a thief won the last one)
     */
    @SuppressWarnings("unchecked")
    T pop() {
        if (looksEmpty()) {
            // Empty for certain, and without the fence: only the owner adds elements, and top
            // only grows, so bottom <= top read now stays true until our next push. A worker
            // looks at its own deque after every job and every join, and it is mostly empty.
            return null;
        }
        long b = (long) BOTTOM.getOpaque(this) - 1;
        Object[] a = (Object[]) ARRAY.getOpaque(this);
        BOTTOM.setOpaque(this, b);
        VarHandle.fullFence();
        long t = (long) TOP.getOpaque(this);
        if (t > b) {
            BOTTOM.setOpaque(this, b + 1);
            return null;
        }
        int slot = (int) b & (a.length - 1);
        Object x = SLOTS.getOpaque(a, slot);
        if (t == b) {
            // The last element: race the thieves for it.
            if (!TOP.compareAndSet(this, t, t + 1)) {
                x = null;
            } else {
                SLOTS.setOpaque(a, slot, null);
            }
            BOTTOM.setOpaque(this, b + 1);
            return (T) x;
        }
        SLOTS.setOpaque(a, slot, null);
        return (T) x;
    }

    /**
     * Owner only: pops the newest element if it is {@code expected}, else changes nothing. The
     * join hot path's pop: {@code join} wants its own right side back, and anything else on top
     * of it is left for a path that first reserves the stack.
     *
     * <p>It cannot be cut by a stack overflow, which in the JVM is thrown at a method call: up
     * to the one call it makes (the CAS that races thieves for the last element) it uses field
     * and array accesses only, and if that call overflows, the catch restores {@code bottom},
     * again without a call. The orderings are {@link #pop()}'s, with volatile field accesses:
     * the store of {@code bottom} and the following load of {@code top} are both volatile, and
     * the Java memory model orders them as the full fence does in {@code pop}.
     *
     * @param expected the element the caller hopes to find at the bottom
     * @return whether it was there and is now the caller's
     */
    boolean popIfBottom(T expected) {
        long b = bottom - 1;
        Object[] a = array;
        int slot = (int) b & (a.length - 1);
        if (a[slot] != expected) {
            return false; // another element on top, or expected already stolen (slot cleared)
        }
        bottom = b;
        long t = top;
        if (t > b) {
            bottom = b + 1; // a thief took it
            return false;
        }
        if (t == b) {
            boolean won;
            try {
                won = TOP.compareAndSet(this, t, t + 1);
            } catch (Throwable tooDeep) {
                bottom = b + 1;
                throw tooDeep;
            }
            bottom = b + 1;
            if (!won) {
                return false;
            }
        }
        a[slot] = null;
        return true;
    }

    /**
     * Any thread: takes the oldest element. Retries while the deque is non-empty and the claim is
     * lost to another thief or the owner.
     *
     * @return the element, or {@code null} if the deque looked empty
     */
    @SuppressWarnings("unchecked")
    T steal() {
        while (true) {
            long t = (long) TOP.getAcquire(this);
            VarHandle.fullFence();
            long b = (long) BOTTOM.getAcquire(this);
            if (t >= b) {
                return null;
            }
            Object[] a = (Object[]) ARRAY.getAcquire(this);
            int slot = (int) t & (a.length - 1);
            Object x = SLOTS.getAcquire(a, slot);
            if (TOP.compareAndSet(this, t, t + 1)) {
                SLOTS.compareAndSet(a, slot, x, null);
                return (T) x;
            }
        }
    }

    /**
     * Approximate number of elements. Any thread; a snapshot.
     *
     * @return {@code max(0, bottom - top)}
     */
    int size() {
        long t = (long) TOP.getAcquire(this);
        long b = (long) BOTTOM.getAcquire(this);
        return (int) Math.max(0, b - t);
    }

    private static final VarHandle TOP =
            VarHandles.field(MethodHandles.lookup(), DequeTop.class, "top", long.class);
    private static final VarHandle BOTTOM =
            VarHandles.field(MethodHandles.lookup(), DequeBottom.class, "bottom", long.class);
    private static final VarHandle ARRAY =
            VarHandles.field(MethodHandles.lookup(), DequeBottom.class, "array", Object[].class);
    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        // Every branch of every method once, on a deque of our own, so that each VarHandle call
        // site of this class is linked now. A site links the first time it runs, which allocates;
        // some branches (a pop that reaches a queued job, the last job's CAS) may first run long
        // after the pool started, inside a join whose side has just filled the heap, and the
        // linkage's OutOfMemoryError would then replace that side's failure
        // (OutOfMemoryJobErrorProbe, joinBothFail). Here an error fails the class's
        // initialization: the pool is not built.
        WorkStealingDeque<Object> d = new WorkStealingDeque<>(2);
        Object x = new Object();
        d.push(x);
        d.pop(); // the last job: the CAS
        d.push(x);
        d.push(x);
        d.push(x); // grows
        d.pop(); // not the last
        d.steal();
        d.popIfBottom(x);
        d.popIfBottom(new Object()); // not at the bottom
        d.pop(); // empty
        d.steal(); // empty
        if (!d.looksEmpty() || d.size() != 0) {
            throw new AssertionError("the deque's link-up left it holding jobs");
        }
    }
}
