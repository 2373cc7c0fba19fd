package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * What {@link Scope} and {@link ScopeFifo} share: the registry their jobs run in, the count latch
 * that says when every job has finished, and the first exception.
 *
 * <h2>Protocol</h2>
 * The latch starts at one, held by the scope body. Each spawn first takes a unit of the
 * registry's termination count (so a pool cannot terminate under it, and a closed pool rejects
 * it at the call), then increments the latch, then queues the job. A job, when it ends however it
 * ends, records its exception, decrements the latch, and gives its termination unit back. The
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
        // right after: a unit taken must reach a queue.
        StackGuard.reserve();
        registry.acquireForSpawn(n);
        latch.increment(n);
    }

    /** Runs one accepted job's body on the current worker and accounts for it. */
    void runJob(Runnable body) {
        try {
            body.run();
        } catch (Throwable t) {
            jobFailed(t);
        } finally {
            latch.set();
            registry.releaseTerminateCount();
        }
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
