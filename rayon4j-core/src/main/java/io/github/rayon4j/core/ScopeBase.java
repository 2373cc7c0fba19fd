package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What {@link Scope} and {@link ScopeFifo} share: the registry their jobs run in, the count latch
 * that says when every job has finished, and the first exception.
 *
 * <h2>Protocol</h2>
 * The latch starts at one, held by the scope body. Each spawn makes its job ({@link Spawned},
 * {@link Share}), then takes a unit of the registry's termination count (so a pool cannot
 * terminate under it, and a closed pool rejects it at the call), then increments the latch, then
 * queues the job. A job, when it ends however it ends, records its exception, decrements the
 * latch, and gives its termination unit back; a job that could not be queued gives both back at
 * once ({@link AcceptedJob#reject()}: a unit taken reaches a queue or is given back). The
 * body, when it returns or throws, decrements the latch too, then the owner waits until the latch
 * reaches zero. Because a job can only spawn while it runs, and a running job still holds its
 * latch unit, the latch never reaches zero while a spawn is possible.
 *
 * <p>The first exception (body or job) is kept by CAS; later ones are attached to it as
 * suppressed ({@link Throwable#addSuppressed} is thread-safe), or go to the panic handler when it
 * takes none ({@link Unwind#attach}). It is rethrown, the same object, after every job finished.
 */
final class ScopeBase {
    final Registry registry;
    final CountLatch latch;
    @SuppressWarnings("unused") // accessed through ERROR
    private volatile Throwable error;

    ScopeBase(Registry registry, WorkerThread owner) {
        this.registry = registry;
        this.latch = new CountLatch(owner);
    }

    /** Accepts {@code n} more jobs (1, or a broadcast's share per worker), all or none:
     *  termination units first, then latch units. */
    void accept(int n) {
        // Reserved here for the units taken and the push or injection that the caller makes
        // right after: a unit taken must reach a queue or be given back (AcceptedJob).
        StackGuard.reserve();
        registry.acquireForSpawn(n);
        latch.increment(n);
    }

    /** Gives back one job's units: its latch unit, then its termination unit. */
    void release() {
        latch.set();
        registry.releaseTerminateCount();
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

        @Override
        public final void execute() {
            try {
                body();
            } catch (Throwable t) {
                base.jobFailed(t);
            } finally {
                base.release();
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

    void jobFailed(Throwable t) {
        if (!ERROR.compareAndSet(this, null, t)) {
            Throwable first = (Throwable) ERROR.getVolatile(this);
            if (first != t && !Unwind.attach(first, t)) {
                registry.handlePanic(t); // the first takes no suppressed exceptions (a JVM StackOverflowError)
            }
        }
    }

    /**
     * Runs the scope body on the calling thread, waits for every job, then returns the body's
     * result or rethrows the first exception.
     *
     * @param owner the calling worker, or {@code null} for an outside thread
     */
    <R> R complete(WorkerThread owner, Supplier<R> body) {
        // Reserved before the body: what follows it (the body's latch unit, the wait, which runs
        // other jobs, and the error) then runs within the reserved stack.
        StackGuard.reserve();
        R result = null;
        try {
            result = body.get();
        } catch (Throwable t) {
            jobFailed(t);
        }
        latch.set();
        latch.await(owner);
        Throwable t = (Throwable) ERROR.getVolatile(this);
        if (t != null) {
            throw Unwind.rethrow(t);
        }
        return result;
    }

    private static final VarHandle ERROR =
            VarHandles.field(MethodHandles.lookup(), ScopeBase.class, "error", Throwable.class);
}
