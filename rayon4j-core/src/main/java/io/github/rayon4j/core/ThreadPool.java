package io.github.rayon4j.core;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A pool of worker threads of its own, as opposed to the global pool that {@link Rayon}'s static
 * methods use. Work runs in it through {@link #install}: everything the installed code does with
 * {@code Rayon.join} and friends then stays in this pool.
 *
 * <pre>{@code
 * try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
 *     Pair<Long, Long> halves = pool.install(() ->
 *         Rayon.join(() -> sum(data, 0, mid), () -> sum(data, mid, data.length)));
 * }   // close(): waits for accepted work, then for every worker to exit
 * }</pre>
 *
 * <h2>Life cycle</h2>
 * {@link #shutdown()} stops accepting work from outside the pool; work already accepted, and work
 * it spawns, runs to completion. {@link #close()} is {@code shutdown()} followed by waiting until
 * every worker thread has exited. Every submission either runs exactly once or is rejected with
 * {@link RejectedExecutionException} at the call.
 *
 * <p>A pool that becomes unreachable without {@code shutdown()} or {@code close()} is shut down
 * by a {@link Cleaner}, as Rayon shuts a pool down when its handle is dropped: its accepted
 * work still runs, then its threads exit. Do not rely on it for timing (it waits for the garbage
 * collector); close pools you create, for example with try-with-resources. Every method that
 * submits work keeps the pool reachable until it returns ({@link Reference#reachabilityFence}),
 * so the Cleaner never shuts down a pool that is in use.
 */
public final class ThreadPool implements AutoCloseable {
    /** Shuts down pools dropped without close(); its action must not reference the pool. */
    private static final Cleaner CLEANER = Cleaner.create();

    private final Registry registry;
    private final Cleaner.Cleanable shutdownAction;

    ThreadPool(Registry registry) {
        this.registry = registry;
        this.shutdownAction = CLEANER.register(this, registry::shutdown);
    }

    Registry registry() {
        return registry;
    }

    /**
     * Runs {@code op} in this pool and returns its result. From outside the pool the caller
     * blocks (a virtual thread blocks only itself); from a worker of this pool it runs inline;
     * from a worker of another pool that worker keeps running its own pool's jobs while it waits.
     *
     * @param op  the operation
     * @param <R> its result type
     * @return what {@code op} returned
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <R> R install(Supplier<R> op) {
        Objects.requireNonNull(op, "op");
        try {
            return registry.inWorker((w, injected) -> op.get());
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Runs {@code op} in this pool and waits for it; see {@link #install(Supplier)}.
     *
     * @param op the operation
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public void install(Runnable op) {
        Objects.requireNonNull(op, "op");
        try {
            registry.inWorker((w, injected) -> {
                op.run();
                return null;
            });
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#join(Runnable, Runnable)} in this pool.
     *
     * @param a one task
     * @param b the other task
     */
    public void join(Runnable a, Runnable b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        try {
            registry.inWorker((w, injected) -> w.join(a, b, JoinJob.RUNNABLE, injected));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#join(Supplier, Supplier)} in this pool.
     *
     * @param a   one task
     * @param b   the other task
     * @param <A> result type of {@code a}
     * @param <B> result type of {@code b}
     * @return both results
     */
    public <A, B> Pair<A, B> join(Supplier<A> a, Supplier<B> b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        try {
            return Rayon.cast(registry.inWorker((w, injected) -> w.join(a, b, JoinJob.SUPPLIER, injected)));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#joinContext(Function, Function)} in this pool.
     *
     * @param a   one task
     * @param b   the other task
     * @param <A> result type of {@code a}
     * @param <B> result type of {@code b}
     * @return both results
     */
    public <A, B> Pair<A, B> joinContext(Function<FnContext, A> a, Function<FnContext, B> b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        try {
            return Rayon.cast(registry.inWorker((w, injected) -> w.join(a, b, JoinJob.FUNCTION, injected)));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#scope(Consumer)} in this pool.
     *
     * @param body the scope body
     * @throws NullPointerException       if {@code body} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public void scope(Consumer<Scope> body) {
        Objects.requireNonNull(body, "body");
        try {
            Scopes.scope(registry, s -> {
                body.accept(s);
                return null;
            });
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#scopeResult(Function)} in this pool.
     *
     * @param body the scope body
     * @param <R>  the result type
     * @return what the body returned
     * @throws NullPointerException       if {@code body} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <R> R scopeResult(Function<Scope, R> body) {
        Objects.requireNonNull(body, "body");
        try {
            return Scopes.scope(registry, body);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * A scope whose body runs on the calling thread and whose spawns run in this pool.
     *
     * @param body the scope body
     * @throws NullPointerException       if {@code body} is null
     * @throws RejectedExecutionException from a spawn, if the pool is shut down
     */
    public void inPlaceScope(Consumer<Scope> body) {
        Objects.requireNonNull(body, "body");
        try {
            Scopes.inPlaceScope(registry, s -> {
                body.accept(s);
                return null;
            });
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#scopeFifo(Consumer)} in this pool.
     *
     * @param body the scope body
     * @throws NullPointerException       if {@code body} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public void scopeFifo(Consumer<ScopeFifo> body) {
        Objects.requireNonNull(body, "body");
        try {
            Scopes.scopeFifo(registry, s -> {
                body.accept(s);
                return null;
            });
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * A FIFO scope whose body runs on the calling thread and whose spawns run in this pool.
     *
     * @param body the scope body
     * @throws NullPointerException       if {@code body} is null
     * @throws RejectedExecutionException from a spawn, if the pool is shut down
     */
    public void inPlaceScopeFifo(Consumer<ScopeFifo> body) {
        Objects.requireNonNull(body, "body");
        try {
            Scopes.inPlaceScopeFifo(registry, s -> {
                body.accept(s);
                return null;
            });
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#spawn(Runnable)} into this pool.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws RejectedExecutionException if the pool is shut down (and the caller is not one of
     *                                    its workers running accepted work)
     */
    public void spawn(Runnable job) {
        Objects.requireNonNull(job, "job");
        try {
            registry.spawn(job);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#spawnFifo(Runnable)} into this pool.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public void spawnFifo(Runnable job) {
        Objects.requireNonNull(job, "job");
        try {
            registry.spawnFifo(job);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#broadcast(Function)} on this pool's workers.
     *
     * @param op  the operation
     * @param <R> its result type
     * @return one result per worker, in index order
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <R> List<R> broadcast(Function<BroadcastContext, R> op) {
        Objects.requireNonNull(op, "op");
        try {
            return registry.broadcast(op);
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#spawnBroadcast(Consumer)} on this pool's workers.
     *
     * @param op the operation
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public void spawnBroadcast(Consumer<BroadcastContext> op) {
        Objects.requireNonNull(op, "op");
        try {
            registry.spawnBroadcast(ctx -> () -> op.accept(ctx));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * What this pool has done so far: jobs run, stolen and injected, sleeps and wake-ups.
     *
     * @return a snapshot; see {@link PoolMetrics} for how exact it is
     */
    public PoolMetrics metrics() {
        return registry.metrics();
    }

    /**
     * The number of worker threads.
     *
     * @return the pool size
     */
    public int currentNumThreads() {
        return registry.numThreads();
    }

    /**
     * One past the highest thread index this pool can hand out: its workers plus the most
     * {@code blockInPlace} spares; see {@link Rayon#currentThreadIndex()}.
     *
     * @return the bound of thread indices
     */
    public int maxThreads() {
        return registry.maxSlots();
    }

    /**
     * The index of the calling thread in this pool.
     *
     * @return the index, or empty if the caller is not one of this pool's workers
     */
    public OptionalInt currentThreadIndex() {
        WorkerThread w = WorkerThread.current();
        return w != null && w.registry() == registry ? OptionalInt.of(w.index()) : OptionalInt.empty();
    }

    /**
     * Marks one of this pool's threads that was blocked in user code as running again; may be
     * called from any thread, for instance by a deadlock handler's helper thread that is about to
     * release blocked workers (see {@link ThreadPoolBuilder#deadlockHandler(Runnable)}).
     *
     * @throws IllegalStateException without a matching {@link Rayon#markBlocked()}
     */
    public void markUnblocked() {
        registry.sleep().markUnblocked();
    }

    /**
     * Stops accepting work from outside the pool and lets accepted work finish; returns at once.
     * Idempotent.
     */
    public void shutdown() {
        shutdownAction.clean(); // registry.shutdown(), at most once, and the Cleaner forgets us
    }

    /**
     * Whether {@link #shutdown()} or {@link #close()} was called.
     *
     * @return {@code true} once shut down
     */
    public boolean isShutdown() {
        return registry.isShutdown();
    }

    /**
     * Whether the pool is shut down, all accepted work has finished and every worker has exited.
     *
     * @return {@code true} once terminated
     */
    public boolean isTerminated() {
        return registry.isShutdown() && registry.isTerminated();
    }

    /**
     * Waits until every worker has exited after a shutdown, or the timeout elapses.
     *
     * @param timeout how long to wait at most; a duration too long for a {@code long} of
     *                nanoseconds (such as {@code Duration.ofSeconds(Long.MAX_VALUE)}) waits for ever
     * @return {@code true} if terminated, {@code false} on timeout
     * @throws InterruptedException if interrupted while waiting
     * @throws NullPointerException if {@code timeout} is null
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        Objects.requireNonNull(timeout, "timeout");
        long nanos;
        try {
            nanos = timeout.toNanos();
        } catch (ArithmeticException tooLong) {
            nanos = timeout.isNegative() ? 0 : Long.MAX_VALUE;
        }
        return registry.awaitTermination(nanos);
    }

    /**
     * Shuts the pool down and waits until all accepted work has finished and every worker
     * thread has exited, as {@code ExecutorService.close()} (Java 19+) does. If
     * interrupted while waiting, it keeps waiting and restores the interrupt flag.
     *
     * @throws IllegalStateException if called from one of this pool's own workers, which would
     *                               wait for itself forever
     */
    @Override
    public void close() {
        if (currentThreadIndex().isPresent()) {
            throw new IllegalStateException("close() called from a worker of the pool being closed");
        }
        shutdown();
        boolean interrupted = false;
        while (true) {
            try {
                registry.awaitTermination();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "ThreadPool[threads=" + registry.numThreads() + (isShutdown() ? ", shut down" : "") + "]";
    }
}
