package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.Sleep;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The shared state of one pool (Rayon's registry): its workers and their deques, the global
 * injector for jobs from outside, the {@link Sleep} module, a termination latch per worker, the
 * handlers, and the termination count.
 *
 * <h2>Injecting work</h2>
 * A job from a thread that is not a worker goes to the injector (a lock-free FIFO queue); the
 * sleep module is then told with {@link Sleep#newInjectedJobs}, whose seq-cst fence orders the
 * push before the read of the sleeping count (seed 000, fence 1).
 *
 * <h2>Termination without loss (seed 004's close-bit lesson)</h2>
 * {@code terminateCount} counts the reasons the pool must keep running: one for the pool handle
 * (the {@link ThreadPool} until {@code shutdown()}), plus one for every accepted job that came
 * from outside or was spawned and is not finished yet. Acceptance is a CAS from a positive value
 * to one more; once the count reached zero it can never rise again, so that zero is the close bit
 * of the whole pool: a submission either took a unit before it (and will run, because the workers
 * stay until the count is zero) or finds zero and is rejected with
 * {@link RejectedExecutionException}. The injector needs no close bit of its own, unlike Tokio's
 * inject queue: nothing is pushed without a unit taken first, so nothing can be pushed after the
 * workers leave. {@code shutdown} additionally sets {@code closed}, which makes new submissions
 * from outside the pool fail at once; work spawned by running jobs is still accepted, because
 * running work must be able to finish. When the count reaches zero every worker's termination
 * latch is set (RFC #5: "one latch per worker"), and each worker, having no work left, exits.
 *
 * <h2>The global registry</h2>
 * Created on first use (or by {@link ThreadPoolBuilder#buildGlobal()}); its handle unit is never
 * given back, so it never terminates; its threads are daemons.
 */
final class Registry {
    private static final AtomicInteger POOL_IDS = new AtomicInteger();
    private static volatile Registry global;

    private final WorkerThread[] workers;
    private final OnceLatch[] terminateLatches;
    private final ConcurrentLinkedQueue<Job> injector = new ConcurrentLinkedQueue<>();
    private final Sleep sleep;
    private final int numThreads;
    private final IntConsumer startHandler;
    private final IntConsumer exitHandler;
    private final Consumer<Throwable> panicHandler;
    private final boolean isGlobal;

    @SuppressWarnings("unused") // accessed through TERMINATE_COUNT
    private volatile long terminateCount = 1;
    private volatile boolean closed;

    Registry(ThreadPoolBuilder b, boolean isGlobal) {
        this.isGlobal = isGlobal;
        this.numThreads = b.resolvedNumThreads();
        this.startHandler = b.startHandler;
        this.exitHandler = b.exitHandler;
        this.panicHandler = b.panicHandler;
        this.sleep = new Sleep(numThreads, numThreads, b.roundsUntilSleepy, b.spinWithYield,
                b.deadlockHandler);
        this.workers = new WorkerThread[numThreads];
        this.terminateLatches = new OnceLatch[numThreads];
        int poolId = POOL_IDS.incrementAndGet();
        IntFunction<String> names = b.threadName != null ? b.threadName
                : isGlobal ? i -> "rayon4j-global-" + i : i -> "rayon4j-pool-" + poolId + "-" + i;
        for (int i = 0; i < numThreads; i++) {
            terminateLatches[i] = new OnceLatch(this, i);
        }
        for (int i = 0; i < numThreads; i++) {
            String name = names.apply(i);
            if (name == null) {
                throw new NullPointerException("threadName returned null for index " + i);
            }
            workers[i] = new WorkerThread(this, i, name, b.stackSize, b.dequeCapacity);
        }
        for (WorkerThread w : workers) {
            w.start();
        }
    }

    /** The global registry, created on first use. */
    static Registry global() {
        Registry r = global;
        return r != null ? r : initGlobal(null);
    }

    /**
     * Creates the global registry from {@code builder}, or with defaults if {@code null}.
     *
     * @throws IllegalStateException if a builder is given and the global pool already exists
     */
    static synchronized Registry initGlobal(ThreadPoolBuilder builder) {
        Registry r = global;
        if (r != null) {
            if (builder != null) {
                throw new IllegalStateException("the global thread pool has already been initialized");
            }
            return r;
        }
        r = new Registry(builder != null ? builder : new ThreadPoolBuilder(), true);
        global = r;
        return r;
    }

    /** The registry of the current worker, else the global one. */
    static Registry current() {
        WorkerThread w = WorkerThread.current();
        return w != null ? w.registry() : global();
    }

    Sleep sleep() {
        return sleep;
    }

    WorkerThread[] workers() {
        return workers;
    }

    int numThreads() {
        return numThreads;
    }

    OnceLatch terminateLatch(int index) {
        return terminateLatches[index];
    }

    boolean isGlobal() {
        return isGlobal;
    }

    // ---- injection ---------------------------------------------------------------------------

    void inject(Job job) {
        boolean wasEmpty = injector.isEmpty();
        injector.add(job);
        sleep.newInjectedJobs(1, wasEmpty);
    }

    Job popInjectedJob() {
        return injector.poll();
    }

    boolean hasInjectedJobs() {
        return !injector.isEmpty();
    }

    /**
     * Runs {@code op} on a worker of this registry: inline if the caller is one, otherwise
     * injected while the caller waits (parked if outside any pool, working in its own pool if it
     * is another pool's worker).
     */
    <R> R inWorker(WorkerOp<R> op) {
        WorkerThread w = WorkerThread.current();
        if (w != null && w.registry() == this) {
            return op.run(w, false);
        }
        acquireExternal();
        if (w == null) {
            LockLatch latch = new LockLatch();
            InstallJob<R> job = new InstallJob<>(this, op, latch);
            injectAccepted(job);
            latch.await();
            return job.join();
        }
        SpinLatch latch = new SpinLatch(w);
        InstallJob<R> job = new InstallJob<>(this, op, latch);
        injectAccepted(job);
        w.waitUntil(latch);
        return job.join();
    }

    private void injectAccepted(Job job) {
        try {
            inject(job);
        } catch (Throwable t) {
            releaseTerminateCount();
            throw t;
        }
    }

    // ---- termination -------------------------------------------------------------------------

    /**
     * Takes one unit of the termination count for a submission from outside the pool.
     *
     * @throws RejectedExecutionException if the pool is shut down
     */
    void acquireExternal() {
        if (closed || !tryAcquireTerminateCount()) {
            throw new RejectedExecutionException("the thread pool has been shut down");
        }
    }

    /**
     * Takes one unit of the termination count, unless it already reached zero.
     *
     * @return {@code false} if the pool has terminated
     */
    boolean tryAcquireTerminateCount() {
        while (true) {
            long c = (long) TERMINATE_COUNT.getVolatile(this);
            if (c == 0) {
                return false;
            }
            if (TERMINATE_COUNT.compareAndSet(this, c, c + 1)) {
                return true;
            }
        }
    }

    /** Gives back one unit; the last one sets every worker's termination latch. */
    void releaseTerminateCount() {
        long after = (long) TERMINATE_COUNT.getAndAdd(this, -1L) - 1;
        if (after == 0) {
            for (OnceLatch latch : terminateLatches) {
                latch.set();
            }
        } else if (after < 0) {
            throw new IllegalStateException("termination count below zero");
        }
    }

    /** Stops accepting outside work and gives back the handle's unit. Called once. */
    void shutdown() {
        closed = true;
        releaseTerminateCount();
    }

    boolean isShutdown() {
        return closed;
    }

    boolean isTerminated() {
        for (WorkerThread w : workers) {
            if (w.isAlive()) {
                return false;
            }
        }
        return (long) TERMINATE_COUNT.getVolatile(this) == 0;
    }

    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (WorkerThread w : workers) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return !w.isAlive() && isTerminated();
            }
            TimeUnit.NANOSECONDS.timedJoin(w, left);
            if (w.isAlive()) {
                return false;
            }
        }
        return true;
    }

    void awaitTermination() throws InterruptedException {
        for (WorkerThread w : workers) {
            w.join();
        }
    }

    // ---- worker life cycle and handlers ------------------------------------------------------

    void workerStarted(int index) {
        if (startHandler != null) {
            runHandler(() -> startHandler.accept(index));
        }
    }

    void workerExiting(int index) {
        if (exitHandler != null) {
            runHandler(() -> exitHandler.accept(index));
        }
    }

    /**
     * Delivers an exception that has no waiter (a spawned job's): to the panic handler, else to
     * the thread's uncaught-exception handler. Never dropped.
     */
    void handlePanic(Throwable t) {
        if (panicHandler != null) {
            try {
                panicHandler.accept(t);
                return;
            } catch (Throwable handlerFailure) {
                handlerFailure.addSuppressed(t);
                t = handlerFailure;
            }
        }
        Thread current = Thread.currentThread();
        current.getUncaughtExceptionHandler().uncaughtException(current, t);
    }

    private static void runHandler(Runnable handler) {
        try {
            handler.run();
        } catch (Throwable t) {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, t);
        }
    }

    private static final VarHandle TERMINATE_COUNT;

    static {
        try {
            TERMINATE_COUNT = MethodHandles.lookup().findVarHandle(Registry.class, "terminateCount", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
