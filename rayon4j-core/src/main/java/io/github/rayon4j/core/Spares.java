package io.github.rayon4j.core;

import io.github.rayon4j.core.jfr.Events;
import io.github.rayon4j.core.sleep.CoreLatch;
import io.github.rayon4j.core.sleep.Sleep;
import io.github.rayon4j.core.sleep.StackGuard;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * The spare workers of one registry, which {@link Rayon#blockInPlace} hands a blocked worker's
 * share of the work to (the idea of Tokio's {@code block_in_place}). A spare is an ordinary
 * {@link WorkerThread} with its own deque and sleep state in slot {@code numThreads + k}; its
 * top-level loop waits on a <em>retire latch</em> instead of a termination latch, and spares
 * receive no broadcast jobs.
 *
 * <h2>Protocol</h2>
 * Spare slot {@code k} is in one of these states, kept in {@code state[k]}:
 * <pre>
 *   FREE ---start (CAS, activator)---&gt; ACTIVE ---retire (set, its activator)---&gt; RETIRING
 *    ^                                  ^  ^                                       |
 *    |                                  |  +---takeBack (CAS, activator), latch ---+
 *    |                                  |                                          | retired (CAS,
 *    |                                  |                                          v  the spare)
 *    |                                  |    CACHED &lt;---(set, the spare)---- LEAVING
 *    |                                  |      |
 *    |                                  +------+ start (CAS, activator), then a latch
 *    +---- keep-alive ran out (CAS, the spare) / termination sweep (CAS, any thread) from CACHED
 *    |
 *    +---- never started (set, the activator): ACTIVE back to FREE, see "Spares from a spawn handler"
 *
 *   an activation whose allocation fails (set, the activator): ACTIVE back to FREE or CACHED,
 *   whichever it came from, see "Activation allocates first"
 *
 *   FREE ----enterGuest (CAS, the guest)----&gt; GUEST ----leaveGuest (set, the guest)----&gt; FREE
 * </pre>
 * <ul>
 *   <li><b>FREE</b>: no thread. An activator that wins the CAS to ACTIVE creates the thread,
 *       writes {@code threads[k]}, publishes it in the registry's slot, counts it as a worker in
 *       the sleep module, and starts it.</li>
 *   <li><b>ACTIVE</b>: the thread runs the worker loop until its retire latch is set
 *       ({@link #retire}, by the worker that activated it, when its blocking operation returns:
 *       RETIRING first, then the latch).</li>
 *   <li><b>RETIRING</b>: the spare finishes the job it runs and moves what is left on its deque
 *       to the injector (running a job itself where the injector cannot take it, for lack of
 *       memory). Then it CASes RETIRING to LEAVING, unless an activator took it back first
 *       (see "Taking a retiring spare back").</li>
 *   <li><b>LEAVING</b>: the spare drops its latch, leaves its slot and the sleep module's
 *       worker count, and sets CACHED itself: a few steps with no user code, which an
 *       activator that finds the slot LEAVING waits out.</li>
 *   <li><b>CACHED</b>: the thread is parked, for at most {@link #KEEP_ALIVE_NANOS} (as
 *       ForkJoinPool's keep-alive). An activator that wins the CAS to ACTIVE publishes the
 *       thread again and hands it a new retire latch ({@link WorkerThread#giveSpareLatch}, a
 *       volatile write, then an unpark); the parked thread goes back to work once it sees
 *       ACTIVE and a latch. A thread that sees FREE exits.</li>
 *   <li><b>GUEST</b>: an outside caller runs its call in the slot, as the slot's guest worker
 *       ({@code guests[k]}, state only, made by the slot's first guest), in the place of a
 *       sleeping worker (see {@link Registry}, "Guests"). Activations skip the slot; the guest
 *       leaves it FREE with an empty deque.</li>
 * </ul>
 *
 * <h2>Who writes what, and why it is ordered</h2>
 * <ul>
 *   <li>{@code state[k]} changes only by the transitions above; every change is a volatile write
 *       or CAS, so they are totally ordered, and the two CASes out of CACHED (reuse, FREE), like
 *       the two out of RETIRING (an activator's take-back, the spare's LEAVING), let exactly
 *       one thread win.</li>
 *   <li>{@code threads[k]} is a plain array, written only by the activator that won FREE to
 *       ACTIVE, before {@link Thread#start()}. Whoever reads it later does so after reading
 *       CACHED or RETIRING, which were written after that start (CACHED by the thread itself,
 *       RETIRING by an activator after its own CAS out of a state written later than the
 *       start): a happens-before chain through the state's volatile accesses.</li>
 *   <li>The spare's retire latch ({@code WorkerThread.loopLatch}, volatile) is written by an
 *       activator after its CAS out of CACHED or RETIRING (a taken-back spare's before the
 *       CAS is even tried: it is allocated first, then handed over), read by {@link #retire}
 *       while the slot is ACTIVE and that activator's, and dropped by the spare in LEAVING,
 *       before it sets CACHED. The spare's loop runs on the latch it was given, a local
 *       ({@code WorkerThread.run}), and a spare that finds its slot ACTIVE again after its loop
 *       ended waits until the field holds a latch other than that one: it never goes back to
 *       work on its own set latch, nor leaves with a new one unseen.</li>
 *   <li>{@code guests[k]} is a plain array, written only by a guest that won FREE to GUEST;
 *       the next guest of the slot reads it after its own CAS out of the FREE that the writer
 *       set when it left, so it sees the worker and the state the last guest left it in.</li>
 *   <li>{@code WorkerThread.activations} is written by the activator before the start or unpark,
 *       and read by that same thread in {@link #blockInPlace}.</li>
 * </ul>
 *
 * <h2>Taking a retiring spare back</h2>
 * A worker that calls {@code blockInPlace} again right after its last call returned (a loop of
 * blocking reads, say) used to find its spare still on its way out: the slot stayed ACTIVE
 * until the spare had finished its job, moved its deque and left the count, so the next call
 * found no spare slot free (with {@code maxBlockingSpares(1)}) and marked its thread blocked
 * instead. A pool whose only worker was then blocked had no thread for the work its operation
 * waited for: a deadlock, reported by the detector, and a hang if the operation waited without
 * a timeout ({@code SpareTakeBackTest}; the CI saw {@code OutOfMemorySpareProbe} hit it). Now
 * {@link #retire} marks the slot RETIRING before it sets the latch, and {@link #start} takes a
 * RETIRING spare back ({@link #takeBack}: a new latch, allocated first, then the CAS to
 * ACTIVE, then the latch handed over): the spare keeps its slot and its worker count, moves
 * its deque to the injector as it would have anyway, finds its slot ACTIVE where it would have
 * left, and works on under the new latch. Only the spare's CAS from RETIRING to LEAVING decides
 * that it leaves; from there on the slot is reused through CACHED, after a few steps that the
 * activator waits out. A spare never takes itself back: a retiring spare's last job may call
 * {@code blockInPlace} too.
 *
 * <h2>Spares from a spawn handler</h2>
 * With a {@link ThreadSpawn} handler, a new spare's thread is the handler's
 * ({@link Registry#startSpare}), asked for on the activating worker's thread, and its
 * {@code run()} may come late or never. Two steps of the activator cover that, both before the
 * spare ever ran, so that nobody but the activator has touched its slot's state, its deque (only
 * its owner pushes) or its sleep state:
 * <ul>
 *   <li>If starting the thread fails (the handler throws, or {@code Thread.start} does), the
 *       activation is undone ({@link #undo}: slot emptied, the sleep module's worker count and
 *       the activation count given back, state ACTIVE to FREE) and {@code blockInPlace} goes on
 *       without a spare, marking the thread blocked; a handler's exception goes to the panic
 *       handler, a failed {@code Thread.start} is rethrown as before. If the handler threw after
 *       its thread already entered {@code run()}, the spare runs and only the exception is
 *       reported.</li>
 *   <li>{@link #retire} first tries to abandon a handler-made spare whose thread has not entered
 *       {@code run()} yet ({@link WorkerThread#abandonIfNotStarted}, a CAS against the thread's
 *       own CAS on entry); if that wins, the activation is undone as above and a late
 *       {@code run()} returns at once. So a handler that never starts its thread costs the
 *       blocking operation its spare, not the slot, and termination does not wait for a thread
 *       that will never come.</li>
 * </ul>
 * A spare's thread made by the pool itself is started by {@code Thread.start}, which never
 * fails to run it once it returned, so only the first step applies to it.
 *
 * <h2>Activation allocates first</h2>
 * What an activation allocates (the new spare's thread and worker, its entry in the live set;
 * a reused spare's retire latch) it makes right after winning the CAS to ACTIVE and before it
 * counts anything: if the heap is full, the allocation fails with only the CAS done, and the
 * activator sets the state back (to FREE, or to CACHED, where the parked thread waits on as if
 * nobody had come: it goes back to work only on ACTIVE with a latch) and rethrows (a spare
 * taken back while retiring gets its latch allocated before the CAS, so a failure there changes
 * nothing at all); the
 * {@code blockInPlace} fails with the {@code OutOfMemoryError} before its operation runs. From
 * the first count on ({@code activate}: the activation count, an {@code AtomicLong}; the sleep
 * module's worker count, whose lock does not allocate; the slot) nothing allocates; the Flight
 * Recorder event of the hand-off is begun before the activation and its commit cannot throw
 * out of {@code blockInPlace}. Before, a failed allocation left the slot ACTIVE with no spare
 * for ever (and, for a reused spare, the pool counting a worker that was not running), so no
 * later {@code blockInPlace} of the pool got a spare ({@code OutOfMemorySpawnTest}, the spare
 * kinds).
 *
 * <h2>Termination</h2>
 * A spare that sets CACHED then reads the termination count; the registry, when the count
 * reaches zero, sweeps the CACHED slots to FREE and unparks their threads
 * ({@link #releaseCached}). Each side writes, then reads what the other writes, all volatile, so
 * at least one of the two sees the other: no cached spare outlives the pool by its keep-alive.
 * Spares are activated by running jobs, which hold a unit of the count, so none starts once it
 * is zero; the one exception, a {@code blockInPlace} in a worker's exit handler, retires into a
 * zero count and exits at once. A spare may still start while a thread waits for termination,
 * so {@link Registry#awaitTermination(long)} looks at the live spares again after each round of
 * joins.
 *
 * <h2>Deadlock detection</h2>
 * The spare is counted as a worker by the sleep module ({@code addWorkers(1)}) from its
 * activation until it leaves (ACTIVE and RETIRING, and across a take-back); the blocked worker
 * leaves the count for the duration of its operation ({@code addWorkers(-1)}), so the spare
 * takes its place, as in Tokio's hand-off of a worker's core. Only when no spare is left does {@link #blockInPlace} mark the thread blocked instead.
 *
 * <pre>{@code
 * // Rayon.blockInPlace, on a worker w:
 * return w.registry().spares().blockInPlace(w, () -> socket.read(buffer));
 * }</pre>
 */
final class Spares {
    static final int FREE = 0;
    static final int ACTIVE = 1;
    static final int CACHED = 2;
    /** The slot is a guest's: an outside caller running its call in a worker's place. */
    static final int GUEST = 3;
    /** Told to retire: the spare finishes its job and leaves, unless an activator takes it back first. */
    static final int RETIRING = 4;
    /** The spare gives back its slot and its count, then sets CACHED: a few steps, no user code. */
    static final int LEAVING = 5;
    static final long KEEP_ALIVE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Registry registry;
    private final Sleep sleep;
    /** Index of spare slot 0 among the registry's slots: the number of workers. */
    private final int first;
    private final AtomicIntegerArray state;
    private final WorkerThread[] threads;
    /** Each slot's guest worker, made by the first guest of the slot and reused by the next. */
    private final WorkerThread[] guests;
    /** Spare threads that may be alive, for metrics, {@code isTerminated} and waiting. */
    private final Set<WorkerThread> live = ConcurrentHashMap.newKeySet();
    /** A plain atomic, not a {@code LongAdder}: counting an activation must not allocate. */
    private final AtomicLong activations = new AtomicLong();
    private final LongAdder exitedExecuted = new LongAdder();
    private final LongAdder exitedStolen = new LongAdder();
    private final LongAdder exitedSleeps = new LongAdder();

    /**
     * @param registry the registry whose slots {@code [first, first + max)} the spares occupy
     * @param first    the number of workers
     * @param max      the most spares at once, at least 0
     */
    Spares(Registry registry, int first, int max) {
        this.registry = registry;
        this.sleep = registry.sleep();
        this.first = first;
        this.state = new AtomicIntegerArray(max);
        this.threads = new WorkerThread[max];
        this.guests = new WorkerThread[max];
    }

    /**
     * Gives the calling thread a free slot as a guest ({@link Registry#inWorker}): FREE to
     * GUEST by CAS, the slot's guest worker (made on its first use, reused afterwards) published
     * in the registry's slot so that thieves see its deque.
     *
     * @return the guest worker, not yet bound to the calling thread; {@code null} if no slot is
     *         free
     */
    WorkerThread enterGuest() {
        for (int k = 0; k < guests.length; k++) {
            if (state.get(k) != FREE || !state.compareAndSet(k, FREE, GUEST)) {
                continue;
            }
            WorkerThread g = guests[k];
            try {
                if (g == null) {
                    g = registry.newGuest(first + k);
                    guests[k] = g;
                }
                registry.raiseSlotLimit(first + k + 1);
            } catch (Throwable t) {
                state.set(k, FREE); // nothing else changed
                throw t;
            }
            registry.occupySlot(first + k, g);
            return g;
        }
        return null;
    }

    /** The guest of {@link #enterGuest} leaves its slot, whose deque it has emptied. */
    void leaveGuest(WorkerThread guest) {
        registry.occupySlot(guest.index(), null);
        state.set(guest.index() - first, FREE);
    }

    /** Jobs run and stolen, and sleeps, by every guest worker so far: {executed, stolen, sleeps}. */
    long[] guestCounts() {
        long[] c = new long[3];
        for (int k = 0; k < guests.length; k++) {
            WorkerThread g = guests[k];
            if (g != null) {
                c[0] += g.jobsExecuted();
                c[1] += g.jobsStolen();
                c[2] += g.sleeps();
            }
        }
        return c;
    }

    /**
     * Runs {@code op} on worker {@code w}, which it may block, with a spare working in its place
     * meanwhile; without a free spare, {@code w} is marked blocked for deadlock detection instead.
     *
     * @param w   the calling worker, of this registry
     * @param op  the blocking operation
     * @param <T> its result type
     * @return what {@code op} returned
     */
    <T> T blockInPlace(WorkerThread w, Supplier<T> op) {
        StackGuard.reserve(); // the spare's hand-off, and its retirement in the finally
        Object event = Events.beginSpare(); // allocates (when recording): before anything changes
        w.shareQueuedJobs(); // w stops popping its deque until op returns
        WorkerThread spare = start(w);
        if (spare == null) {
            sleep.markBlocked();
            try {
                return op.get();
            } finally {
                sleep.markUnblocked();
            }
        }
        // Hand-off: the spare (already counted as a worker by start) takes this thread's place
        // in the deadlock bookkeeping until op returns.
        boolean reused = spare.activations > 1; // written by this thread in start
        sleep.addWorkers(-1);
        try {
            return op.get();
        } finally {
            sleep.addWorkers(1);
            retire(spare);
            try {
                Events.endSpare(event, registry.name(), w.index(), spare.index(), reused);
            } catch (Throwable eventLost) {
                // an event lost (no memory); op's outcome, and the spare's retirement, stand
            }
        }
    }

    /**
     * Activates a spare for worker {@code w}: takes back one told to retire, or reuses a parked
     * one, or starts a new one, if the limit allows.
     *
     * @param w the calling worker: a spare that is retiring may call too (its job ends before it
     *          leaves), and does not take itself back
     * @return the spare, to be passed to {@link #retire}; {@code null} if none is free
     */
    WorkerThread start(WorkerThread w) {
        for (int k = 0; k < threads.length; k++) {
            int s = state.get(k);
            if (s == RETIRING && threads[k] != w) {
                WorkerThread spare = takeBack(k);
                if (spare != null) {
                    return spare;
                }
                s = state.get(k);
            }
            while (s == LEAVING) {
                Thread.yield(); // a few steps of the spare's own ("Taking a retiring spare back")
                s = state.get(k);
            }
            if (s == CACHED && state.compareAndSet(k, CACHED, ACTIVE)) {
                WorkerThread spare = threads[k];
                OnceLatch latch;
                try {
                    latch = new OnceLatch(registry, spare.index());
                } catch (Throwable t) {
                    // Nothing counted yet ("Activation allocates first"): back to the cache.
                    state.set(k, CACHED);
                    throw t;
                }
                activate(spare);
                spare.giveSpareLatch(latch);
                return spare;
            }
            if (s == FREE && state.compareAndSet(k, FREE, ACTIVE)) {
                int index = first + k;
                WorkerThread spare;
                try {
                    registry.raiseSlotLimit(index + 1);
                    live.removeIf(this::forgetIfDead);
                    spare = registry.newSpareThread(index);
                    live.add(spare);
                } catch (Throwable t) {
                    // Nothing counted yet ("Activation allocates first"): the slot is free again.
                    state.set(k, FREE);
                    throw t;
                }
                threads[k] = spare;
                activate(spare);
                try {
                    registry.startSpare(spare);
                } catch (Throwable t) {
                    boolean own = spare.mode() == WorkerThread.OWN;
                    if (!own && !spare.abandonIfNotStarted()) {
                        registry.handlePanic(t); // the handler threw, but its thread runs the spare
                        return spare;
                    }
                    undo(spare);
                    if (own) {
                        throw t;
                    }
                    registry.handlePanic(t);
                    return null;
                }
                return spare;
            }
        }
        return null;
    }

    /**
     * Takes back the spare of slot {@code k}, told to retire and not yet leaving: it keeps its
     * slot and its worker count, and works on under a new retire latch, made before the CAS
     * ("Activation allocates first").
     *
     * @return the spare, or {@code null} if it left first (or another activator took it)
     */
    private WorkerThread takeBack(int k) {
        WorkerThread spare = threads[k]; // read after the volatile read of RETIRING: see the class comment
        OnceLatch latch = new OnceLatch(registry, spare.index());
        if (!state.compareAndSet(k, RETIRING, ACTIVE)) {
            return null;
        }
        activations.incrementAndGet();
        spare.activations++;
        spare.giveSpareLatch(latch);
        return spare;
    }

    private void activate(WorkerThread spare) {
        activations.incrementAndGet();
        spare.activations++;
        sleep.addWorkers(1);
        registry.occupySlot(spare.index(), spare);
    }

    /**
     * Undoes the activation of a new spare that never ran (its thread could not be started, or
     * a handler's thread did not come before {@link #retire}); only its activator calls it.
     */
    private void undo(WorkerThread spare) {
        registry.occupySlot(spare.index(), null);
        sleep.addWorkers(-1);
        activations.decrementAndGet();
        live.remove(spare);
        state.set(spare.index() - first, FREE);
    }

    /** Drops an exited spare from the live set, keeping its counts for the metrics. */
    private boolean forgetIfDead(WorkerThread spare) {
        if (!spare.hasExited()) {
            return false;
        }
        exitedExecuted.add(spare.jobsExecuted());
        exitedStolen.add(spare.jobsStolen());
        exitedSleeps.add(spare.sleeps());
        return true;
    }

    /**
     * Tells a spare to finish its current job and go back to the cache; a handler-made spare
     * whose thread has not come yet is given up instead (see "Spares from a spawn handler").
     */
    void retire(WorkerThread spare) {
        if (spare.mode() == WorkerThread.HANDLER && spare.abandonIfNotStarted()) {
            undo(spare);
            return;
        }
        // This activation's latch, read while the slot is still ACTIVE and ours: once it is
        // RETIRING, another activator may take the spare back and give it a new one.
        OnceLatch latch = (OnceLatch) spare.loopLatch();
        state.set(spare.index() - first, RETIRING); // only the activator leaves ACTIVE
        latch.set();
    }

    /**
     * Called by a spare on its own thread once the retire latch it ran on was set: moves the
     * jobs left on its deque to the injector, then, unless an activator took it back meanwhile,
     * leaves its slot and parks in the cache. A job the injector cannot take (no memory for its
     * node) runs here instead, at the bottom of the spare's stack and while it still holds its
     * slot; what it pushes comes back through the same loop. It was off the deque already, so
     * an error out of the move would have lost it: its scope or join would wait for ever
     * ({@code SpareRetireTest}).
     *
     * @param ranOn the retire latch its loop ran on, now set
     * @return the latch to run on next (taken back, or activated again from the cache), or
     *         {@code null} if it must exit
     */
    CoreLatch retired(WorkerThread spare, CoreLatch ranOn) {
        Job left;
        while ((left = spare.deque().pop()) != null) {
            if (!registry.tryInject(left)) {
                spare.executeNested(left);
            }
        }
        int index = spare.index();
        int k = index - first;
        while (!state.compareAndSet(k, RETIRING, LEAVING)) {
            // ACTIVE: taken back (takeBack), slot and count kept; the new latch follows the CAS.
            CoreLatch next = spare.loopLatch();
            if (next != ranOn) {
                return next;
            }
            Thread.onSpinWait();
        }
        spare.dropSpareLatch();
        registry.occupySlot(index, null);
        sleep.addWorkers(-1);
        state.set(k, CACHED);
        if (registry.isCountZero() && state.compareAndSet(k, CACHED, FREE)) {
            return null;
        }
        long deadline = System.nanoTime() + KEEP_ALIVE_NANOS;
        while (true) {
            int s = state.get(k);
            if (s == FREE) {
                return null;
            }
            // Activated again (ACTIVE), or activated and already told to retire before this
            // thread woke (RETIRING): either way, run on the new latch (set or not) first.
            CoreLatch next = spare.loopLatch();
            if ((s == ACTIVE || s == RETIRING) && next != null) {
                return next;
            }
            long wait = deadline - System.nanoTime();
            if (s == CACHED && wait <= 0) {
                if (state.compareAndSet(k, CACHED, FREE)) {
                    return null;
                }
                continue;
            }
            // ACTIVE without a latch yet: the activator is about to hand it over and unpark us.
            // (CACHED: parked for the keep-alive.)
            LockSupport.parkNanos(this, Math.max(wait, 1));
            Thread.interrupted(); // a parked spare has no work to interrupt; keep it parkable
        }
    }

    /** After termination: frees every cached slot and wakes its thread so that it exits. */
    void releaseCached() {
        for (int k = 0; k < threads.length; k++) {
            if (state.compareAndSet(k, CACHED, FREE)) {
                LockSupport.unpark(threads[k].thread()); // cached: it has started
            }
        }
    }

    /** Spare threads that may be alive (a snapshot of a concurrent set). */
    Collection<WorkerThread> live() {
        return live;
    }

    /** How often a spare was activated, new or reused. */
    long activations() {
        return activations.get();
    }

    /** Jobs run by spares that have exited. */
    long exitedExecuted() {
        return exitedExecuted.sum();
    }

    /** Jobs stolen by spares that have exited. */
    long exitedStolen() {
        return exitedStolen.sum();
    }

    /** Sleeps of spares that have exited. */
    long exitedSleeps() {
        return exitedSleeps.sum();
    }
}
