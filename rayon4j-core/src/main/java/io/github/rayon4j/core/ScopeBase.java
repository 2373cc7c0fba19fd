package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.StackGuard;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What {@link Scope} and {@link ScopeFifo} share: the registry their jobs run in, the count latch
 * that says when every job has finished, and the first exception.
 *
 * <h2>Protocol</h2>
 * A scope takes one unit of the registry's termination count when it opens ({@link #complete};
 * a pool shut down by then rejects it there, from an outside thread) and gives it back after its
 * last job ended: the pool cannot terminate while the scope is open, so its spawns take no
 * termination units of their own and are never rejected. The latch starts at one, held by the
 * scope body. Each spawn makes its job ({@link Spawned}, {@link Share}), then increments the
 * latch, then queues the job. A job, when it ends however it ends, records its exception and
 * decrements the latch; a job that could not be queued decrements it at once
 * ({@link AcceptedJob#reject()}: a unit taken reaches a queue or is given back). The body, when
 * it returns or throws, decrements the latch too, then the owner waits until the latch reaches
 * zero. Because a job can only spawn while it runs, and a running job still holds its latch
 * unit, the latch never reaches zero while a spawn is possible.
 *
 * <h2>Spawn credits</h2>
 * Taking a spawn's latch unit needs a stack probe ({@link StackGuard#reserve()}): an overflow
 * between taking it and queueing the job would lose it, and the scope would wait for ever. The
 * probe costs more than the rest of a spawn together, so a worker takes the units
 * {@link #CREDITS} at a time behind one probe and hands them out one per spawn. Credits are
 * taken only for the scope the worker is running in: each job of a scope, and its body, make
 * that scope the worker's {@code creditScope} while they run ({@link #enter}, {@link #leave}),
 * which gives back the credits of the scope the worker ran in before, and gives back this
 * scope's own when they end, before their own units, unless what the worker returns to runs in
 * the same scope (a job of it run inside a wait of another). A spawn from a worker of this
 * registry whose {@code creditScope} is this scope then costs no probe and no atomic count: it
 * takes a credit (a field decrement), pushes the job on its deque, and on a failed push puts the
 * credit back with a field increment, which makes no call and so cannot overflow. Any other
 * spawn (from an outside thread, a worker of another pool, worker 0 of a
 * {@code useCurrentThread()} pool, a guest, a FIFO scope, or code that keeps a scope and
 * spawns into it from elsewhere) takes its latch unit as above.
 *
 * <p>Credits never delay the scope: a worker holds credits of a scope only while a job or the
 * body of that scope is running on its stack, and that job or body holds a latch unit of its own
 * until it ends; when the last of them leaves, the credits are given back. The latch therefore
 * counts the body (until it returns), the queued and running jobs, and the credits not yet
 * used; it reaches zero exactly when it did without them. The give-backs happen where the
 * stack is reserved already: the start and end of a job run by the worker loop, and the start
 * and end of {@link #complete}.
 *
 * <p>The first exception (body or job) is kept by CAS; later ones are attached to it as
 * suppressed ({@link Throwable#addSuppressed} is thread-safe), or go to the panic handler when it
 * takes none ({@link Unwind#attach}) or when there is no memory to attach it. It is rethrown, the
 * same object, after every job finished. Recording never throws ({@link #jobFailed}), so that a
 * job keeps the rule of {@link Job} and the body's wait always runs: the first exception is
 * kept without allocating (an {@link AtomicReferenceFieldUpdater}, whose first call links
 * nothing; a {@code VarHandle}'s first compare-and-set links its call site, which allocates, and
 * the first exception is often an {@code OutOfMemoryError} or comes with a full heap).
 */
final class ScopeBase {
    /** Units a worker takes at once for its spawns into the scope it runs in. */
    static final int CREDITS = 64;

    final Registry registry;
    final CountLatch latch;
    @SuppressWarnings("unused") // accessed through ERROR
    private volatile Throwable error;

    ScopeBase(Registry registry, WorkerThread owner) {
        this.registry = registry;
        this.latch = new CountLatch(owner);
    }

    /** Accepts {@code n} more jobs (1, or a broadcast's share per worker): their latch units. */
    void accept(int n) {
        // Reserved here for the units taken and the push or injection that the caller makes
        // right after: a unit taken must reach a queue or be given back (AcceptedJob).
        StackGuard.reserve();
        latch.increment(n);
    }

    /**
     * Accepts and queues {@code job}, made by the caller: with a credit if the caller is a worker
     * of this registry running in this scope (see "Spawn credits"), else with a unit of its own.
     */
    void spawn(ScopeJob job) {
        WorkerThread w = registry.spawningWorker();
        if (w == null || w.creditScope != this) {
            accept(1);
            registry.queueAccepted(job);
            return;
        }
        if (w.credits == 0) {
            StackGuard.reserve(); // the units taken and the credits recorded together
            latch.increment(CREDITS);
            w.credits = CREDITS;
        }
        w.credits--;
        boolean wasEmpty;
        try {
            wasEmpty = w.deque().push(job);
        } catch (Throwable t) {
            w.credits++; // no call, so no overflow: the credit is back whatever failed
            throw t;
        }
        try {
            registry.sleep().newSharedJobs(w.index(), 1, wasEmpty); // fence 1, as Registry.queueAccepted
        } catch (StackOverflowError tooDeep) {
            // best effort, as in Registry.queueAccepted
        }
    }

    /**
     * Makes this scope the one {@code w} runs in, for a job or the body of this scope that
     * starts on it; gives back the credits of the scope it ran in, if that is another one. The
     * caller has reserved the stack.
     *
     * @return the scope {@code w} ran in, for {@link #leave}
     */
    ScopeBase enter(WorkerThread w) {
        ScopeBase outer = w.creditScope;
        if (outer != this) {
            if (w.credits != 0) {
                outer.giveBack(w);
            }
            w.creditScope = this;
        }
        return outer;
    }

    /**
     * Ends what {@link #enter} began: gives back {@code w}'s credits of this scope unless
     * {@code outer}, the scope it returns to, is this one. The caller has reserved the stack.
     */
    void leave(WorkerThread w, ScopeBase outer) {
        if (outer != this) {
            if (w.credits != 0) {
                giveBack(w);
            }
            w.creditScope = outer;
        }
    }

    /** Gives back {@code w}'s unused credits of this scope. */
    private void giveBack(WorkerThread w) {
        int unused = w.credits;
        w.credits = 0;
        latch.release(unused);
    }

    /** Gives back one job's latch unit. */
    void release() {
        latch.set();
    }

    /**
     * A job of this scope: runs its body on a worker, records its exception, and gives back its
     * units however the body ends, or at once when it was never queued. Named classes rather
     * than lambdas: a lambda's first evaluation links a call site, which could fail for lack of
     * stack or memory after the spawn took its units; these are made before the units are taken.
     */
    abstract static class ScopeJob implements AcceptedJob {
        final ScopeBase base;

        ScopeJob(ScopeBase base) {
            this.base = base;
        }

        /** The user's code. */
        abstract void body();

        /** Runs the body in this scope's credit context (see "Spawn credits"), then gives
         *  back its units. Called by the worker loop, which reserved the stack. */
        @Override
        public final void execute() {
            WorkerThread w = WorkerThread.current();
            ScopeBase outer = w != null ? base.enter(w) : null;
            try {
                body();
            } catch (Throwable t) {
                base.jobFailed(t);
            } finally {
                try {
                    if (w != null) {
                        base.leave(w, outer);
                    }
                } finally {
                    base.release();
                }
            }
        }

        @Override
        public final void reject() {
            base.release();
        }
    }

    /** A spawned job: {@code job.accept(scope)}. */
    static final class Spawned<S> extends ScopeJob {
        private final Consumer<S> job;
        private final S scope;

        Spawned(ScopeBase base, Consumer<S> job, S scope) {
            super(base);
            this.job = job;
            this.scope = scope;
        }

        @Override
        void body() {
            job.accept(scope);
        }
    }

    /** One worker's share of a scope's broadcast: {@code job.accept(scope, context)}. */
    static final class Share<S> extends ScopeJob {
        private final BiConsumer<S, BroadcastContext> job;
        private final S scope;
        private final BroadcastContext context;

        Share(ScopeBase base, BiConsumer<S, BroadcastContext> job, S scope, BroadcastContext context) {
            super(base);
            this.job = job;
            this.scope = scope;
            this.context = context;
        }

        @Override
        void body() {
            job.accept(scope, context);
        }
    }

    /**
     * The shares of a broadcast of {@code job} into this scope, one per worker of its pool, made
     * before their units are taken.
     */
    <S> Share<S>[] shares(BiConsumer<S, BroadcastContext> job, S scope) {
        int n = registry.numThreads();
        @SuppressWarnings("unchecked")
        Share<S>[] shares = (Share<S>[]) new Share<?>[n];
        for (int i = 0; i < n; i++) {
            shares[i] = new Share<>(this, job, scope, new BroadcastContext(i, n));
        }
        return shares;
    }

    /**
     * Records {@code t}, a job's or the body's exception: the first one is kept (a CAS that
     * allocates nothing), a later one is attached to it as suppressed, or handed to the panic
     * handler when the first takes none (a JVM {@code StackOverflowError}) or there is no memory
     * to attach it. Never throws (see the class comment). The caller has reserved the stack.
     */
    void jobFailed(Throwable t) {
        if (ERROR.compareAndSet(this, null, t)) {
            return;
        }
        Throwable first = ERROR.get(this);
        if (first == t) {
            return;
        }
        if (!Unwind.attach(first, t)) {
            registry.handlePanic(t);
        }
    }

    /**
     * Opens the scope (its termination unit), runs the body on the calling thread, waits for
     * every job, closes the scope, then returns the body's result or rethrows the first
     * exception.
     *
     * @param owner the calling worker, or {@code null} for an outside thread
     * @throws java.util.concurrent.RejectedExecutionException if the pool no longer accepts the
     *         caller's work; the body did not run
     */
    <R> R complete(WorkerThread owner, Supplier<R> body) {
        // Reserved before the body: what follows it (the body's latch unit, the wait, which runs
        // other jobs, the scope's termination unit, and the error) then runs within the reserved
        // stack.
        StackGuard.reserve();
        registry.acquireForSpawn();
        ScopeBase outer = owner != null ? enter(owner) : null;
        R result = null;
        try {
            result = body.get();
        } catch (Throwable t) {
            jobFailed(t); // never throws: the wait below always runs
        }
        if (owner != null) {
            leave(owner, outer);
        }
        latch.set();
        latch.await(owner);
        registry.releaseTerminateCount();
        Throwable t = ERROR.get(this);
        if (t != null) {
            throw Unwind.rethrow(t);
        }
        return result;
    }

    /** {@code error}'s updater: not a {@code VarHandle}, whose first use allocates (class comment). */
    private static final AtomicReferenceFieldUpdater<ScopeBase, Throwable> ERROR =
            AtomicReferenceFieldUpdater.newUpdater(ScopeBase.class, Throwable.class, "error");
}
