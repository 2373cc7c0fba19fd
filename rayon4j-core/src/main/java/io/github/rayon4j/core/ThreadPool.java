package io.github.rayon4j.core;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
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
 * {@link RejectedExecutionException} at the call. While open, the pool is visible in JMX as a
 * {@link ThreadPoolMXBean}.
 *
 * <p>A pool that becomes unreachable without {@code shutdown()} or {@code close()} is shut down
 * (and leaves JMX) by a {@link Cleaner}, as Rayon shuts a pool down when its handle is dropped:
 * its accepted work still runs, then its threads exit. Do not rely on it for timing (it waits
 * for the garbage collector); close pools you create, for example with try-with-resources.
 * Every method that submits work keeps the pool reachable until it returns
 * ({@link Reference#reachabilityFence}), so the Cleaner never shuts down a pool that is in use.
 *
 * <h2>With {@code java.util.concurrent}</h2>
 * A pool is an {@link Executor} ({@link #execute} is {@link #spawn}), so it can run
 * {@code CompletableFuture} stages; {@link #spawnFuture} and {@link #installAsync} return a
 * {@link CompletableFuture} of an operation's result, and {@link #install(Supplier, Duration)}
 * waits for one at most a given time.
 *
 * <pre>{@code
 * CompletableFuture<Long> total = pool.spawnFuture(() -> ParIter.of(orders).mapToLong(Order::cents).sum());
 * total.thenAccept(cents -> log.info("total {}", cents));
 * CompletableFuture.supplyAsync(() -> render(page), pool).thenApply(Html::compress);
 * }</pre>
 */
public final class ThreadPool implements AutoCloseable, Executor {
    /** Shuts down pools dropped without close(); its actions must not reference the pool. */
    private static final Cleaner CLEANER = Cleaner.create();

    private final Registry registry;
    private final Cleaner.Cleanable shutdownAction;
    /** Null with {@code jmx(false)}. */
    private final PoolJmx jmx;

    ThreadPool(Registry registry, boolean jmx) {
        this.registry = registry;
        PoolJmx bean = jmx ? PoolJmx.register(registry) : null;
        this.jmx = bean;
        this.shutdownAction = CLEANER.register(this, new Dropped(registry, bean));
    }

    /**
     * The Cleaner's action for a pool dropped without {@code close()}: holds the registry and the
     * bean, never the pool. (A class, not a lambda: every pool's construction makes one, a
     * program's first among them; see {@code WorkerOps}.)
     */
    private static final class Dropped implements Runnable {
        private final Registry registry;
        private final PoolJmx bean;

        Dropped(Registry registry, PoolJmx bean) {
            this.registry = registry;
            this.bean = bean;
        }

        @Override
        public void run() {
            if (bean != null) {
                bean.unregister();
            }
            registry.shutdown();
        }
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
            return registry.inWorker(new WorkerOps.Install<>(op));
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
            registry.inWorker(new WorkerOps.InstallRunnable(op));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * Runs {@code op} in this pool like {@link #install(Supplier)}, but waits at most
     * {@code timeout} for it, for callers that must not wait forever (a request thread with a
     * deadline, say).
     *
     * <pre>{@code
     * try {
     *     Report r = pool.install(() -> buildReport(data), Duration.ofSeconds(2));
     * } catch (TimeoutException e) {
     *     // buildReport may still be running in the pool; its result will be dropped
     * }
     * }</pre>
     *
     * <p><b>On timeout</b> the work is not stopped: Java cannot stop a running thread safely, and
     * Rayon has no cancellation either. If {@code op} has not started yet it will not start; if it
     * is running it runs to completion in the pool (with everything it spawns, and holding the
     * pool open until then, as any accepted work does) and its result or exception is dropped.
     * Callers that want that late result use {@link #installAsync(Supplier)} and keep the future.
     *
     * <p>Called from one of this pool's own workers, {@code op} runs inline, as {@code install}
     * runs it, and the timeout does not apply. Called from a worker of another pool, the wait is
     * wrapped in {@link Rayon#blockInPlace} so that a spare keeps the caller's pool going.
     * Interrupting the caller does not end the wait early (as with {@code install}); the
     * interrupt flag is set again when this returns or throws.
     *
     * @param op      the operation
     * @param timeout how long to wait at most; zero or negative means: only if it is done at once
     * @param <R>     its result type
     * @return what {@code op} returned
     * @throws TimeoutException           if {@code op} did not finish in time
     * @throws NullPointerException       if {@code op} or {@code timeout} is null
     * @throws RejectedExecutionException if the pool is shut down
     */
    public <R> R install(Supplier<R> op, Duration timeout) throws TimeoutException {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(timeout, "timeout");
        if (currentThreadIndex().isPresent()) {
            return op.get();
        }
        long nanos = saturatedNanos(timeout);
        CompletableFuture<R> future = installAsync(op);
        boolean done = Rayon.blockInPlace(() -> awaitUninterruptibly(future, nanos));
        // Not started: it never will; running: its result is dropped. cancel is false if op
        // finished between the timeout and here, and then its outcome is returned after all.
        if (!done && future.cancel(false)) {
            throw new TimeoutException("install did not finish within " + timeout);
        }
        Throwable error = future.handle((r, t) -> t).join();
        if (error != null) {
            throw Unwind.rethrow(error);
        }
        return future.join();
    }

    /**
     * The start of {@link #install(Supplier)} without the wait: {@code op} is queued in this pool
     * and the returned future completes with its result, or exceptionally with the very exception
     * object it threw (its stack trace intact). {@code installAsync(op).get()} behaves as
     * {@code install(op)}, including where {@code op} runs: called from one of this pool's own
     * workers it runs inline, and the future returned is already complete (so waiting on it
     * cannot deadlock the worker); from anywhere else it is queued and the caller goes on.
     *
     * <pre>{@code
     * CompletableFuture<Image> thumb = pool.installAsync(() -> scale(image, 128));
     * thumb.thenAccept(gallery::add);
     * }</pre>
     *
     * <p><b>Cancelling</b> the future (or completing it yourself) before {@code op} started means
     * {@code op} never runs; the queued job then ends at once. Once {@code op} runs, cancelling
     * does not interrupt it: it runs to completion and its result is dropped. The
     * {@code mayInterruptIfRunning} argument of {@link CompletableFuture#cancel} is ignored.
     *
     * @param op  the operation
     * @param <R> its result type
     * @return a future of {@code op}'s result
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down (at the call, not in the future)
     */
    public <R> CompletableFuture<R> installAsync(Supplier<R> op) {
        Objects.requireNonNull(op, "op");
        CompletableFuture<R> future = new CompletableFuture<>();
        if (currentThreadIndex().isPresent()) {
            complete(future, op);
        } else {
            try {
                registry.spawn(() -> complete(future, op));
            } finally {
                Reference.reachabilityFence(this);
            }
        }
        return future;
    }

    /**
     * {@link #spawn(Runnable)} with a result: {@code op} is queued in this pool (on the calling
     * worker's own deque when called from one of this pool's workers, as {@code spawn} does) and
     * the returned future completes with its result, or exceptionally with the very exception
     * object it threw. The exception goes to the future only, not to the panic handler. (Completing
     * a future exceptionally allocates: if {@code op} fails while the heap stays full of live
     * data, the future cannot complete, and that allocation's error goes to the panic handler.)
     *
     * <pre>{@code
     * List<CompletableFuture<Summary>> parts = files.stream()
     *         .map(f -> pool.spawnFuture(() -> summarize(f)))
     *         .toList();
     * CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).join();
     * }</pre>
     *
     * <p>Cancelling the future before {@code op} started means {@code op} never runs; once it
     * runs, cancelling does not interrupt it and its result is dropped (see
     * {@link #installAsync(Supplier)}). A worker of this pool should not block on the future
     * (it may be the one that would run {@code op}); compose with {@code thenApply} and friends,
     * or block inside {@link Rayon#blockInPlace}.
     *
     * @param op  the operation
     * @param <R> its result type
     * @return a future of {@code op}'s result
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the pool is shut down, by the rules of {@code spawn}
     */
    public <R> CompletableFuture<R> spawnFuture(Supplier<R> op) {
        Objects.requireNonNull(op, "op");
        CompletableFuture<R> future = new CompletableFuture<>();
        try {
            registry.spawn(() -> complete(future, op));
        } finally {
            Reference.reachabilityFence(this);
        }
        return future;
    }

    /** Runs {@code op} into {@code future}, unless the future is already done (cancelled). */
    private static <R> void complete(CompletableFuture<R> future, Supplier<R> op) {
        if (future.isDone()) {
            return;
        }
        R result;
        try {
            result = op.get();
        } catch (Throwable t) {
            future.completeExceptionally(t);
            return;
        }
        future.complete(result);
    }

    /** Waits for {@code future} up to {@code nanos}; an interrupt is remembered, not obeyed. */
    private static boolean awaitUninterruptibly(CompletableFuture<?> future, long nanos) {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    future.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    return true;
                } catch (ExecutionException e) {
                    return true;
                } catch (TimeoutException e) {
                    return false;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static long saturatedNanos(Duration d) {
        try {
            return Math.min(d.toNanos(), Long.MAX_VALUE / 2); // deadline arithmetic cannot overflow
        } catch (ArithmeticException e) {
            return d.isNegative() ? 0 : Long.MAX_VALUE / 2;
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
            registry.inWorker(new WorkerOps.JoinRunnables(a, b));
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
            return registry.inWorker(new WorkerOps.JoinSuppliers<>(a, b));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#joinLong(LongSupplier, LongSupplier, LongBinaryOperator)} in this pool.
     *
     * <pre>{@code
     * long total = pool.joinLong(() -> count(left), () -> count(right), Long::sum);
     * }</pre>
     *
     * @param a       one task
     * @param b       the other task
     * @param combine what to make of the two values, left first
     * @return {@code combine} applied to both values
     * @throws NullPointerException if an argument is null
     */
    public long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        try {
            return registry.inWorker(new WorkerOps.JoinLongs(a, b, combine));
        } finally {
            Reference.reachabilityFence(this);
        }
    }

    /**
     * {@link Rayon#joinDouble(DoubleSupplier, DoubleSupplier, DoubleBinaryOperator)} in this pool.
     *
     * @param a       one task
     * @param b       the other task
     * @param combine what to make of the two values, left first
     * @return {@code combine} applied to both values
     * @throws NullPointerException if an argument is null
     */
    public double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        try {
            return registry.inWorker(new WorkerOps.JoinDoubles(a, b, combine));
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
            return registry.inWorker(new WorkerOps.JoinContext<>(a, b));
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
     * @throws RejectedExecutionException if the pool is shut down (the body did not run); once
     *         the scope is open, it holds the pool open and its spawns are accepted
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
     * @throws RejectedExecutionException if the pool is shut down (the body did not run); once
     *         the scope is open, it holds the pool open and its spawns are accepted
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
     * {@link Executor#execute}: exactly {@link #spawn(Runnable)}, so a pool can run
     * {@code CompletableFuture} stages and anything else written against {@code Executor}.
     *
     * <pre>{@code
     * CompletableFuture.supplyAsync(() -> parse(input), pool).thenAcceptAsync(this::store, pool);
     * }</pre>
     *
     * @param command the job
     * @throws NullPointerException       if {@code command} is null
     * @throws RejectedExecutionException if the pool is shut down (and the caller is not one of
     *                                    its workers running accepted work)
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "command");
        try {
            registry.spawn(command);
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
        WorkerThread w = registry.currentWorker();
        return w != null ? OptionalInt.of(w.index()) : OptionalInt.empty();
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
     * Idempotent. The pool's {@link ThreadPoolMXBean} is unregistered.
     */
    public void shutdown() {
        shutdownAction.clean(); // leaves JMX and shuts the registry down, at most once
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
        return registry.awaitTermination(saturatedNanos(timeout));
    }

    /**
     * Shuts the pool down and waits until all accepted work has finished, every worker thread
     * has exited and the pool has left JMX, as {@code ExecutorService.close()} (Java 19+) does. If
     * interrupted while waiting, it keeps waiting and restores the interrupt flag.
     *
     * <p>On the thread that built the pool with {@link ThreadPoolBuilder#useCurrentThread()},
     * which is the pool's worker 0, {@code close()} first runs worker 0's share of the remaining
     * work (its broadcast shares; in a one-thread pool, all of it) until the pool terminates,
     * then that thread stops being a worker: {@code Rayon.join} and friends on it use the global
     * pool again, and it may build another pool with {@code useCurrentThread()}.
     *
     * <pre>{@code
     * try (ThreadPool pool = new ThreadPoolBuilder().numThreads(4).useCurrentThread().build()) {
     *     pool.install(() -> render(scene));   // this thread is worker 0 meanwhile
     * }   // close(): this thread helps finish what is queued, then is an outside thread again
     * }</pre>
     *
     * @throws IllegalStateException if called from one of this pool's own workers, which would
     *                               wait for itself forever (for worker 0 of a
     *                               {@code useCurrentThread()} pool: from a job it runs)
     */
    @Override
    public void close() {
        WorkerThread own = registry.currentWorker();
        if (own != null && !own.isCaller()) {
            throw new IllegalStateException("close() called from a worker of the pool being closed");
        }
        if (own != null && own.jobDepth() > 0) {
            throw new IllegalStateException("close() called from a job that worker 0 (the thread that built the pool"
                    + " with useCurrentThread) runs in the pool being closed");
        }
        shutdown();
        if (own != null) {
            registry.leaveAsCaller(own);
        }
        // Waiting for a later unregistration waits for the one shutdown asked for: in order.
        java.util.concurrent.Future<?> leftJmx = jmx != null ? jmx.unregister() : null;
        boolean interrupted = false;
        while (true) {
            try {
                registry.awaitTermination();
                if (leftJmx != null) {
                    leftJmx.get();
                }
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (java.util.concurrent.ExecutionException e) {
                break; // unregisterNow logs its own failures and does not throw
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
