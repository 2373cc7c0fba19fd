package io.github.rayon4j.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The entry points of rayon4j: fork-join parallelism on the current pool, which is the pool of
 * the calling worker thread, or the global pool when called from any other thread.
 *
 * <pre>{@code
 * static long fib(int n) {
 *     if (n < 20) return fibSequential(n);
 *     Pair<Long, Long> r = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
 *     return r.left() + r.right();
 * }
 * }</pre>
 *
 * <p>Where both sides compute a number, {@link #joinLong} and {@link #joinDouble} combine the two
 * values without boxing either or allocating a {@code Pair}:
 *
 * <pre>{@code
 * static long fib(int n) {
 *     if (n < 20) return fibSequential(n);
 *     return Rayon.joinLong(() -> fib(n - 1), () -> fib(n - 2), Long::sum);
 * }
 * }</pre>
 *
 * <h2>How join runs</h2>
 * On a worker, {@code join(a, b)} pushes {@code b} on the worker's own deque, runs {@code a},
 * then takes {@code b} back and runs it, unless an idle worker stole it meanwhile; then the
 * caller runs other jobs until {@code b} is done. Called from outside any pool, the whole join is
 * injected into the global pool and the caller blocks until it is done.
 *
 * <h2>Exceptions</h2>
 * An exception thrown by either side is rethrown by {@code join} as the same object, with its
 * original stack trace, after <em>both</em> sides have finished. If both throw, the left one is
 * thrown and the right one is attached to it as suppressed (if the left one takes no suppressed
 * exceptions, as the JVM's own {@link StackOverflowError} does not, the right one goes to the
 * pool's panic handler instead). The pool stays usable.
 */
public final class Rayon {
    private Rayon() {
    }

    /**
     * Runs {@code a} and {@code b}, potentially in parallel, and returns when both are done.
     *
     * @param a one task
     * @param b the other task
     * @throws NullPointerException if an argument is null
     */
    public static void join(Runnable a, Runnable b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        WorkerThread w = WorkerThread.current();
        if (w != null) {
            Join.join(w, a, b, false);
        } else {
            Registry.global().inWorker(new WorkerOps.JoinRunnables(a, b));
        }
    }

    /**
     * Runs {@code a} and {@code b}, potentially in parallel, and returns both results.
     *
     * @param a   one task
     * @param b   the other task
     * @param <A> result type of {@code a}
     * @param <B> result type of {@code b}
     * @return {@code Pair(a.get(), b.get())}
     * @throws NullPointerException if an argument is null
     */
    public static <A, B> Pair<A, B> join(Supplier<A> a, Supplier<B> b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        WorkerThread w = WorkerThread.current();
        if (w != null) {
            return Join.join(w, a, b, false);
        }
        return Registry.global().inWorker(new WorkerOps.JoinSuppliers<>(a, b));
    }

    /**
     * Runs {@code a} and {@code b}, potentially in parallel, and returns
     * {@code combine(a.getAsLong(), b.getAsLong())}: {@link #join(Supplier, Supplier)} for sides
     * that compute a {@code long} (or an {@code int}, which widens), with no {@code Long} boxed and
     * no {@link Pair} allocated on a worker. {@code combine} runs on the calling thread once both
     * sides are done; an exception from either side leaves as from {@code join}, and
     * {@code combine} is then not called.
     *
     * <pre>{@code
     * static long count(int[] a, int from, int to) {
     *     if (to - from < 10_000) return countSequentially(a, from, to);
     *     int mid = (from + to) >>> 1;
     *     return Rayon.joinLong(() -> count(a, from, mid), () -> count(a, mid, to), Long::sum);
     * }
     * }</pre>
     *
     * @param a       one task
     * @param b       the other task
     * @param combine what to make of the two values, left first
     * @return {@code combine} applied to both values
     * @throws NullPointerException if an argument is null
     */
    public static long joinLong(LongSupplier a, LongSupplier b, LongBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        WorkerThread w = WorkerThread.current();
        if (w != null) {
            return Join.joinLong(w, a, b, combine, false);
        }
        return Registry.global().inWorker(new WorkerOps.JoinLongs(a, b, combine));
    }

    /**
     * {@link #joinLong} for sides that compute a {@code double}: returns
     * {@code combine(a.getAsDouble(), b.getAsDouble())}, with neither value boxed on a worker.
     *
     * <pre>{@code
     * double area = Rayon.joinDouble(() -> integrate(f, lo, mid), () -> integrate(f, mid, hi), Double::sum);
     * }</pre>
     *
     * @param a       one task
     * @param b       the other task
     * @param combine what to make of the two values, left first
     * @return {@code combine} applied to both values
     * @throws NullPointerException if an argument is null
     */
    public static double joinDouble(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(combine, "combine");
        WorkerThread w = WorkerThread.current();
        if (w != null) {
            return Join.joinDouble(w, a, b, combine, false);
        }
        return Registry.global().inWorker(new WorkerOps.JoinDoubles(a, b, combine));
    }

    /**
     * Like {@link #join(Supplier, Supplier)}, telling each side through {@link FnContext} whether
     * it migrated to another thread (Rayon's {@code join_context}).
     *
     * @param a   one task
     * @param b   the other task
     * @param <A> result type of {@code a}
     * @param <B> result type of {@code b}
     * @return both results
     * @throws NullPointerException if an argument is null
     */
    public static <A, B> Pair<A, B> joinContext(Function<FnContext, A> a, Function<FnContext, B> b) {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        WorkerThread w = WorkerThread.current();
        if (w != null) {
            return Join.joinContext(w, a, b, false);
        }
        return Registry.global().inWorker(new WorkerOps.JoinContext<>(a, b));
    }

    // ---- scopes -------------------------------------------------------------------------------

    /**
     * Opens a {@link Scope} on the current pool, runs {@code body} in it, and returns after the
     * body and every job spawned in the scope have finished. Called from outside a pool, the
     * body runs on a worker of the global pool while the caller blocks.
     *
     * <pre>{@code
     * long[] partial = new long[4];
     * Rayon.scope(s -> {
     *     for (int i = 0; i < 4; i++) {
     *         int q = i;
     *         s.spawn(s1 -> partial[q] = sumQuarter(data, q));
     *     }
     * });
     * }</pre>
     *
     * @param body the scope body
     * @throws NullPointerException if {@code body} is null
     */
    public static void scope(Consumer<Scope> body) {
        Objects.requireNonNull(body, "body");
        Scopes.scope(Registry.current(), s -> {
            body.accept(s);
            return null;
        });
    }

    /**
     * {@link #scope(Consumer)} whose body returns a value, returned once every spawned job has
     * finished.
     *
     * @param body the scope body
     * @param <R>  the result type
     * @return what the body returned
     * @throws NullPointerException if {@code body} is null
     */
    public static <R> R scopeResult(Function<Scope, R> body) {
        Objects.requireNonNull(body, "body");
        return Scopes.scope(Registry.current(), body);
    }

    /**
     * Like {@link #scope(Consumer)}, but the body runs on the calling thread itself, even outside
     * any pool; only the spawned jobs run in the current (or global) pool.
     *
     * @param body the scope body
     * @throws NullPointerException if {@code body} is null
     */
    public static void inPlaceScope(Consumer<Scope> body) {
        Objects.requireNonNull(body, "body");
        Scopes.inPlaceScope(Registry.current(), s -> {
            body.accept(s);
            return null;
        });
    }

    /**
     * Opens a {@link ScopeFifo}: like {@link #scope(Consumer)}, but jobs spawned by one thread
     * start in spawn order.
     *
     * @param body the scope body
     * @throws NullPointerException if {@code body} is null
     */
    public static void scopeFifo(Consumer<ScopeFifo> body) {
        Objects.requireNonNull(body, "body");
        Scopes.scopeFifo(Registry.current(), s -> {
            body.accept(s);
            return null;
        });
    }

    /**
     * {@link #scopeFifo(Consumer)} with the body on the calling thread, as
     * {@link #inPlaceScope(Consumer)}.
     *
     * @param body the scope body
     * @throws NullPointerException if {@code body} is null
     */
    public static void inPlaceScopeFifo(Consumer<ScopeFifo> body) {
        Objects.requireNonNull(body, "body");
        Scopes.inPlaceScopeFifo(Registry.current(), s -> {
            body.accept(s);
            return null;
        });
    }

    // ---- spawning and broadcasting -------------------------------------------------------------

    /**
     * Starts {@code job} on the current pool and returns at once. On a worker it goes on the
     * worker's own deque (the newest spawn runs first there); elsewhere into the global pool.
     * Its exception goes to the pool's panic handler, else to the worker's uncaught-exception
     * handler; it is never dropped silently.
     *
     * <pre>{@code
     * Rayon.spawn(() -> cache.warmUp());
     * }</pre>
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws RejectedExecutionException if the current pool is shut down
     */
    public static void spawn(Runnable job) {
        Objects.requireNonNull(job, "job");
        Registry.current().spawn(job);
    }

    /**
     * Like {@link #spawn(Runnable)}, but the jobs spawned by one worker start in spawn order.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws RejectedExecutionException if the current pool is shut down
     */
    public static void spawnFifo(Runnable job) {
        Objects.requireNonNull(job, "job");
        Registry.current().spawnFifo(job);
    }

    /**
     * Runs {@code op} once on every worker of the current pool and returns the results in
     * worker-index order. Each worker runs its share when it next looks for work; a sleeping
     * worker is woken for it. If shares throw, the first (by index) is rethrown after all
     * finished, with the others suppressed (or, if the first takes no suppressed exceptions, as
     * the JVM's own {@link StackOverflowError} does not, with the others sent to the pool's panic
     * handler).
     *
     * <pre>{@code
     * List<Integer> indices = Rayon.broadcast(BroadcastContext::index);   // [0, 1, ..., n-1]
     * }</pre>
     *
     * @param op  the operation
     * @param <R> its result type
     * @return one result per worker
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the current pool is shut down
     */
    public static <R> List<R> broadcast(Function<BroadcastContext, R> op) {
        Objects.requireNonNull(op, "op");
        return Registry.current().broadcast(op);
    }

    /**
     * Starts {@code op} once on every worker of the current pool and returns at once; exceptions
     * go to the panic handler as for {@link #spawn(Runnable)}.
     *
     * @param op the operation
     * @throws NullPointerException       if {@code op} is null
     * @throws RejectedExecutionException if the current pool is shut down
     */
    public static void spawnBroadcast(Consumer<BroadcastContext> op) {
        Objects.requireNonNull(op, "op");
        Registry.current().spawnBroadcast(ctx -> () -> op.accept(ctx));
    }

    // ---- blocking ---------------------------------------------------------------------------

    /**
     * Runs {@code op}, which may block on something outside rayon4j (I/O, a lock, a future), on
     * the calling pool thread without costing the pool a worker: a spare worker takes over the
     * pool's work while {@code op} blocks (up to {@link ThreadPoolBuilder#maxBlockingSpares}).
     * For deadlock detection the spare takes the blocked thread's place, as in Tokio's hand-off
     * of a worker's core; only when no spare is left does the thread count as blocked
     * ({@link #markBlocked()}), so the deadlock handler can fire only beyond the spare limit.
     * Outside a pool it just runs {@code op}. Jobs still queued on the calling worker (its
     * spawns, the other halves of its joins) are announced again on entry, so that a sleeping
     * worker is woken for them instead of leaving them until {@code op} returns.
     *
     * <p>Cost: the spare is activated eagerly, on entry, and retired on exit. Retired spares park
     * for reuse (up to a minute), and a call made while the last call's spare is still on its way
     * out takes that spare back, so calls in a row (a loop of blocking reads) keep one spare
     * between them rather than making new ones or finding none. A call usually wakes a parked
     * thread rather than creating one, but it is still a thread hand-off: a job pushed by the
     * blocked worker starts on a spare woken from the cache some 40-250 µs later (medians of
     * a few runs; the spread is wide), on one taken back about 12 µs later (2 cores). Calls in a row around an operation that does not block cost
     * about 1 µs each, as much as the bookkeeping alone with
     * {@link ThreadPoolBuilder#maxBlockingSpares(int)} set to 0 ({@code BlockInPlaceHarness} in
     * the benchmarks; benchmarks/results/2026-11-27-issue10ah). Use it around operations that
     * really block.
     *
     * <pre>{@code
     * String body = Rayon.blockInPlace(() -> httpClient.send(request, ofString()).body());
     * }</pre>
     *
     * @param op  the blocking operation
     * @param <T> its result type
     * @return what {@code op} returned
     * @throws NullPointerException if {@code op} is null
     */
    public static <T> T blockInPlace(Supplier<T> op) {
        Objects.requireNonNull(op, "op");
        WorkerThread w = WorkerThread.current();
        if (w == null) {
            return op.get();
        }
        return w.registry().spares().blockInPlace(w, op);
    }

    /**
     * The number of threads of the current pool (the caller's, else the global one, which this
     * creates if needed).
     *
     * @return the pool size
     */
    public static int currentNumThreads() {
        return Registry.current().numThreads();
    }

    /**
     * One past the highest thread index the current pool (the caller's, else the global one) can
     * hand out: its workers plus the most {@code blockInPlace} spares it may start
     * ({@link ThreadPoolBuilder#maxBlockingSpares}).
     *
     * @return the bound of {@link #currentThreadIndex()}
     */
    public static int currentMaxThreads() {
        return Registry.current().maxSlots();
    }

    /**
     * What the current pool (the caller's, else the global one) has done so far.
     *
     * @return a snapshot; see {@link PoolMetrics}
     */
    public static PoolMetrics currentPoolMetrics() {
        return Registry.current().metrics();
    }

    /**
     * The calling thread's index in its pool: in {@code [0, currentNumThreads())} for a worker.
     * A spare worker that {@link #blockInPlace} started in place of a blocked worker has an index
     * of its own in {@code [currentNumThreads(), currentMaxThreads())}, so per-thread state
     * indexed by it is never shared with the blocked worker (which may still be using its own).
     * So does an outside caller that runs its call in a sleeping worker's place
     * ({@link ThreadPoolBuilder#callerRuns}). Size per-thread arrays by
     * {@link #currentMaxThreads()} when jobs may call {@code blockInPlace} or the pool has
     * {@code callerRuns}.
     *
     * <pre>{@code
     * long[] perThread = new long[Rayon.currentMaxThreads()];
     * IntParIter.range(0, n).forEach(i -> perThread[Rayon.currentThreadIndex().getAsInt()] += cost(i));
     * }</pre>
     *
     * @return the index, or empty if the caller is not a pool thread
     */
    public static OptionalInt currentThreadIndex() {
        WorkerThread w = WorkerThread.current();
        return w != null ? OptionalInt.of(w.index()) : OptionalInt.empty();
    }

    /**
     * Whether the calling pool thread should share the sequential work it is doing now: its own
     * queue is empty while another thread of its pool is idle or asleep for want of work, so a
     * job it splits off now (the second half of a {@link #join}) would be stolen at once instead
     * of waiting for the caller. A long loop inside a pool can ask between batches and, when the
     * answer is yes, hand half of what is left to a {@code join}: no thread then idles while
     * another finishes a long piece of work alone, whatever the piece was given at the start.
     * The fused leaves of rayon4j-iter's primitive pipelines do this.
     *
     * <pre>{@code
     * static long sum(long[] a, int from, int to) {
     *     long s = 0;
     *     for (int i = from; i < to; i++) {
     *         if ((i & 0xFFFF) == 0 && to - i > 0x20000 && Rayon.isWorkWanted()) {
     *             int at = i, mid = i + (to - i) / 2;
     *             Pair<Long, Long> p = Rayon.join(() -> sum(a, at, mid), () -> sum(a, mid, to));
     *             return s + p.left() + p.right();
     *         }
     *         s += a[i];
     *     }
     *     return s;
     * }
     * }</pre>
     *
     * <p>A hint, cheap enough to ask every few microseconds (a read of the caller's queue and one
     * volatile read of the pool's sleep counters): the answer may be stale as soon as it is read,
     * and acting on a stale one costs a join whose second half the caller runs itself.
     *
     * <p>Pools built with {@link SleepPolicy#LEGACY_TICKLE} keep no count of idle threads; there
     * the answer is always {@code false}.
     *
     * @return {@code false} outside a pool, and while the caller's queue holds a job or no other
     *         thread of its pool is idle or asleep (in a one-thread pool, no other thread is)
     */
    public static boolean isWorkWanted() {
        WorkerThread w = WorkerThread.current();
        return w != null && w.workWanted();
    }

    /**
     * {@link #isWorkWanted()} for a loop to ask again and again: the calling thread is looked up
     * once, here, and the supplier answers for it. Get it before the loop and ask it inside, on
     * the same thread; a supplier got outside any pool always answers {@code false}.
     *
     * <p>Why not call {@code isWorkWanted()} in the loop: that call looks up its thread, and the
     * JIT, which inlines it into the loop, compiles the lookup's branch for threads that are not
     * workers as a call whenever it cannot rule that branch out. A call in a loop can cost the
     * loop's compiled code on every iteration, not only on the rare ones that make it: in
     * rayon4j-iter's leaves, the lookup compiled that way made ten generations of Life 8-12 %
     * slower and increment-all of 10^6 ints about a quarter (see {@code WorkerThread}, "The lookup
     * of the calling worker"). The supplier's loop holds no lookup: one type check and the reads
     * of {@code isWorkWanted()}.
     *
     * <pre>{@code
     * BooleanSupplier wanted = Rayon.workWantedHint();
     * for (int i = from; i < to; i++) {
     *     if ((i & 0xFFFF) == 0 && to - i > 0x20000 && wanted.getAsBoolean()) {
     *         // hand half of the rest to a join, as in isWorkWanted's example
     *     }
     *     s += a[i];
     * }
     * }</pre>
     *
     * @return the calling thread's hint: its worker's where it is one (a guest's too), else one
     *         that is always {@code false}
     */
    public static BooleanSupplier workWantedHint() {
        WorkerThread w = WorkerThread.current();
        return w != null ? w.workWantedHint() : WorkerThread.NO_WORKER_HINT;
    }

    /**
     * Whether the calling pool thread's pool has work for every thread: the caller's own queue
     * already holds a job, or no other thread of its pool is idle or asleep. A job the caller
     * split off now would then most likely wait until the caller took it back itself, so work
     * cut up front for other threads would mostly be cut for nothing; the cutting can wait
     * until {@link #isWorkWanted()} says that a thread wants some. rayon4j-iter's pipelines ask
     * once per call: started on a saturated pool (a pipeline called once per item of another,
     * for instance), they split less before their leaves run.
     *
     * <pre>{@code
     * int pieces = Rayon.isPoolSaturated() ? 2 : 4 * Rayon.currentNumThreads();
     * }</pre>
     *
     * <p>A hint, as {@link #isWorkWanted()} is, and as cheap. It is that method's negation for a
     * pool thread, except in pools built with {@link SleepPolicy#LEGACY_TICKLE}, which keep no
     * count of idle threads: there, as outside a pool, the answer is {@code false}.
     *
     * @return {@code false} outside a pool and in {@code LEGACY_TICKLE} pools; otherwise whether
     *         the caller's queue holds a job or no other thread of its pool is idle or asleep (in
     *         a one-thread pool {@code true}, unless a spare thread that {@link #blockInPlace}
     *         started is idle)
     */
    public static boolean isPoolSaturated() {
        WorkerThread w = WorkerThread.current();
        return w != null && w.saturated();
    }

    /**
     * Runs one pending job of the current pool, if any, on the calling worker: a cooperative
     * yield for code that waits for something inside a pool.
     *
     * @return {@link Yield#EXECUTED} or {@link Yield#IDLE}; empty if not called on a pool thread
     */
    public static Optional<Yield> yieldNow() {
        WorkerThread w = WorkerThread.current();
        if (w == null) {
            return Optional.empty();
        }
        return Optional.of(w.yieldNow() ? Yield.EXECUTED : Yield.IDLE);
    }

    /**
     * Like {@link #yieldNow()}, but only runs a job from the calling worker's own queues.
     *
     * @return {@link Yield#EXECUTED} or {@link Yield#IDLE}; empty if not called on a pool thread
     */
    public static Optional<Yield> yieldLocal() {
        WorkerThread w = WorkerThread.current();
        if (w == null) {
            return Optional.empty();
        }
        return Optional.of(w.yieldLocal() ? Yield.EXECUTED : Yield.IDLE);
    }

    /**
     * Tells deadlock detection that the calling pool thread is about to block in user code (on a
     * lock, I/O, a future...). Pair it with {@link #markUnblocked()}. When no pool thread is
     * active and at least one is blocked, the pool's deadlock handler runs. Jobs still queued on
     * the calling worker are announced again first, as {@link #blockInPlace} does, so that a
     * sleeping worker is woken for them.
     *
     * <pre>{@code
     * Rayon.markBlocked();
     * try { value = future.get(); } finally { Rayon.markUnblocked(); }
     * }</pre>
     *
     * @throws IllegalStateException if the caller is not a pool thread
     */
    public static void markBlocked() {
        WorkerThread w = requireWorker("markBlocked");
        w.shareQueuedJobs(); // the thread stops popping its deque until it is unblocked
        w.registry().sleep().markBlocked();
    }

    /**
     * The calling pool thread is no longer blocked in user code.
     *
     * @throws IllegalStateException if the caller is not a pool thread, or without a matching
     *                               {@link #markBlocked()}
     */
    public static void markUnblocked() {
        requireWorker("markUnblocked").registry().sleep().markUnblocked();
    }

    private static WorkerThread requireWorker(String what) {
        WorkerThread w = WorkerThread.current();
        if (w == null) {
            throw new IllegalStateException(what + "() must be called on a rayon4j pool thread");
        }
        return w;
    }
}
