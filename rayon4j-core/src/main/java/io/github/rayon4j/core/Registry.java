package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.jfr.Events;
import io.github.rayon4j.core.sleep.HintedSleep;
import io.github.rayon4j.core.sleep.LegacyTickleSleep;
import io.github.rayon4j.core.sleep.Sleep;
import io.github.rayon4j.core.sleep.WakeCause;
import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * The shared state of one pool (Rayon's registry): its workers and their deques, the global
 * injector for jobs from outside, the {@link Sleep} module, a termination latch per worker, the
 * handlers, the termination count, and the {@link Spares spare workers}.
 *
 * <h2>Injecting work</h2>
 * A job from a thread that is not a worker goes to the injector (a lock-free FIFO queue); the
 * sleep module is then told with {@link Sleep#newInjectedJobs}, whose seq-cst fence orders the
 * push before the read of the sleeping count (seed 000, fence 1).
 *
 * <h2>Termination without loss (seed 004's close-bit lesson)</h2>
 * {@code terminateCount} counts the reasons the pool must keep running: one for the pool handle
 * (the {@link ThreadPool} until {@code shutdown()}), plus one for every accepted job that came
 * from outside or was spawned outside a scope and is not finished yet, plus one for every open
 * scope, which covers its own jobs (it gives its unit back only after its last job ended; see
 * {@code ScopeBase}). Acceptance is a CAS from a positive value to one more; once the count
 * reached zero it can never rise again, so that zero is the close bit of the whole pool: a
 * submission either took a unit before it (and will run, because the workers stay until the
 * count is zero) or finds zero and is rejected with {@link RejectedExecutionException}. The
 * injector needs no close bit of its own, unlike Tokio's inject queue: nothing is pushed without
 * a unit held for it first (its own, or its open scope's), so nothing can be pushed after the
 * workers leave. And no unit is taken without its job reaching a queue: a job is made before its
 * unit is taken, and one whose queueing throws gives the unit back ({@link AcceptedJob}), so the
 * count cannot stay above zero for a job that does not exist. {@code shutdown} additionally sets
 * {@code closed}, which makes new submissions from outside the pool fail at once; work spawned
 * by running jobs, and spawns into a scope that is already open, are still accepted, because
 * running work must be able to finish. When the count reaches zero every worker's termination
 * latch is set (RFC #5: "one latch per worker"), and each worker, having no work left, exits.
 *
 * <h2>Slots</h2>
 * Slots {@code [0, numThreads)} hold the workers, for the pool's life; slots
 * {@code [numThreads, numThreads + maxSpares)} hold the spare workers that {@link Spares} starts
 * while a worker blocks in {@link Rayon#blockInPlace}, and empties when they retire (its class
 * comment gives that protocol). Slots are published with volatile writes
 * ({@link AtomicReferenceArray}) and read by thieves with volatile reads, up to
 * {@code slotLimit}, which only grows (under this registry's lock) and tells thieves and the
 * sleep module how far to look.
 *
 * <h2>Waiting for termination</h2>
 * Once the count is zero no spare can start (activations happen inside running jobs), but one
 * may have started while a waiter was already joining the threads it knew of; so the waiter
 * joins, then checks every thread again, until all have ended.
 *
 * <h2>Threads a spawn handler makes, and the building thread as worker 0</h2>
 * With a {@link ThreadSpawn} handler, each worker (and each spare) is handed to the handler as a
 * {@link WorkerStart}, and its state object, a {@link WorkerThread} that never starts, runs on
 * the handler's thread (see {@link WorkerThread}'s class comment). The constructor calls the
 * handler for every worker in order, then waits until every handler-made worker has entered
 * {@code run()}, at most {@code spawnTimeoutNanos} (30 s): a handler that throws, or that returns
 * without starting a thread, or whose thread calls {@code run()} where it must not, fails the
 * build with an {@link IllegalStateException}; as when a thread cannot be created, the handle's
 * unit is given back, so the workers already running find every termination latch set and
 * exit, and the workers not started yet are abandoned (their {@code run()} returns at once if it
 * comes later). Termination waits for a handler-made worker's {@code run()} to return, not for
 * its thread to end: the handler may go on using the thread.
 *
 * <p>With {@code useCurrentThread()}, worker 0 is bound to the building thread
 * ({@link WorkerThread#CALLER}) and no thread is made for it; the build fails at once if that
 * thread already is a worker of a pool whose count is not zero. Worker 0 takes part in the
 * termination count like every worker, but it runs no top-level loop: its deque is stolen from
 * by the other workers, and it runs work only while its thread is inside a call to the pool.
 * Its spawns go to the injector, not its deque (see {@link #queueAccepted}).
 * Termination does not wait for it (it has no loop to end); {@code ThreadPool.close()} on that
 * thread first runs worker 0's loop until its termination latch is set, so that work only it
 * can run (its broadcast shares, the injector of a one-thread pool) is done, then unbinds it.
 *
 * <h2>Guests: outside calls that run on the caller</h2>
 * With {@code callerRuns} ({@link ThreadPoolBuilder#callerRuns}), {@link #inWorker} from a
 * thread that is no pool's worker first tries to run the call on that thread: it takes a free
 * spare slot as a guest ({@link Spares#enterGuest}; FREE to GUEST, the slot's guest worker
 * published for thieves), holds a sleeping worker in its place ({@link Sleep#holdSleeper}), takes
 * its termination unit, binds the guest worker to itself and runs the call as that worker
 * ({@link WorkerThread#runAsGuest}); then, in this order, unbinds, leaves the slot, releases the
 * held worker ({@link Sleep#releaseHeld}) and gives the unit back. No free slot or no sleeper
 * (the pool is busy, or its workers are searching): the call is handed over as before. A
 * guest's thread returns to its own code once the call is done, so, like worker 0 of a
 * {@code useCurrentThread()} pool, it queues its spawns in the injector and empties its deque
 * before it leaves (see {@link #queueAccepted}); it gets no broadcast share (broadcasts go to the
 * workers). The unit is taken after the place: a refused call gives the place back.
 *
 * <h2>The global registry</h2>
 * Created on first use (or by {@link ThreadPoolBuilder#buildGlobal()}); its handle unit is never
 * given back, so it never terminates; its threads are daemons.
 */
final class Registry implements Sleep.QueuedJobs {
    private static final AtomicInteger POOL_IDS = new AtomicInteger();

    static {
        // The classes that only failures use, loaded with the first pool: see Unwind.load.
        Unwind.load();
    }
    /**
     * The logger of deadlock reports, made on first use: {@code System.getLogger} starts the
     * JDK's logging (about 30 ms and 40 classes in a fresh JVM), which a pool that never
     * deadlocks should not pay when it starts.
     */
    private static final class DeadlockLog {
        static final System.Logger LOG = System.getLogger("io.github.rayon4j.core");
    }
    private static volatile Registry global;

    private final WorkerThread[] workers;
    private final AtomicReferenceArray<WorkerThread> slots;
    private final Spares spares;
    /** Raised under this registry's lock ({@link #raiseSlotLimit}); read by thieves without it. */
    private volatile int slotLimit;
    private final int poolId;
    private final String name;
    private final long stackSize;
    private final int dequeCapacity;
    private final OnceLatch[] terminateLatches;
    private final ConcurrentLinkedQueue<Job> injector = new ConcurrentLinkedQueue<>();
    private final LongAdder jobsInjected = new LongAdder();
    private final Sleep sleep;
    private final int numThreads;
    /** Whether an outside caller may run its call itself in a sleeping worker's place (guests). */
    private final boolean callerRuns;
    /** The builder's {@code threadName}; {@code null}: the pool's name and the index. */
    private final IntFunction<String> threadNames;
    private final IntConsumer startHandler;
    private final IntConsumer exitHandler;
    private final Consumer<Throwable> panicHandler;
    /** Null unless the builder set one; then it starts every worker but a CALLER, and every spare. */
    private final ThreadSpawn spawnHandler;
    /** The thread running the constructor, while it runs: a handler must not run a worker on it. */
    private volatile Thread buildingThread;

    @SuppressWarnings("unused") // accessed through TERMINATE_COUNT
    private volatile long terminateCount = 1;
    private volatile boolean closed;
    /** Guarded by the sleep module's deadlock lock, under which {@link #logDeadlock} runs. */
    private boolean deadlockLogged;

    Registry(ThreadPoolBuilder b, boolean isGlobal) {
        if (b.useCurrentThread) {
            WorkerThread already = WorkerThread.current();
            if (already != null) {
                throw new IllegalStateException("useCurrentThread(): " + Thread.currentThread().getName()
                        + " already is worker " + already.index() + " of " + already.registry().name()
                        + "; a thread can be a worker of one pool at a time (close that pool first, on this thread)");
            }
        }
        this.buildingThread = Thread.currentThread();
        this.spawnHandler = b.spawnHandler;
        this.numThreads = b.resolvedNumThreads();
        this.startHandler = b.startHandler;
        this.exitHandler = b.exitHandler;
        this.panicHandler = b.panicHandler;
        // Both operands are >= 0: the builder rejects negative spares, and numThreads is at most
        // Sleep.MAX_SLOTS however it was set.
        int maxSpares = Math.min(b.maxBlockingSpares, Sleep.MAX_SLOTS - numThreads);
        this.poolId = POOL_IDS.incrementAndGet();
        this.name = isGlobal ? "rayon4j-global" : "rayon4j-pool-" + poolId;
        Consumer<DeadlockReport> deadlockHandler = b.deadlockHandler; // null: logDeadlock
        this.sleep = newSleep(b.sleepPolicy, name, numThreads + maxSpares, numThreads,
                b.roundsUntilSleepy, new OnDeadlock(this, deadlockHandler));
        this.workers = new WorkerThread[numThreads];
        this.slots = new AtomicReferenceArray<>(numThreads + maxSpares);
        this.spares = new Spares(this, numThreads, maxSpares);
        this.callerRuns = b.callerRuns && sleep.supportsGuests() && maxSpares > 0;
        this.slotLimit = numThreads;
        this.stackSize = b.stackSize;
        this.dequeCapacity = b.dequeCapacity;
        this.terminateLatches = new OnceLatch[numThreads];
        this.threadNames = b.threadName;
        for (int i = 0; i < numThreads; i++) {
            terminateLatches[i] = new OnceLatch(this, i);
        }
        for (int i = 0; i < numThreads; i++) {
            int mode = i == 0 && b.useCurrentThread ? WorkerThread.CALLER
                    : spawnHandler != null ? WorkerThread.HANDLER : WorkerThread.OWN;
            workers[i] = new WorkerThread(this, i, threadName(i), stackSize, dequeCapacity, terminateLatches[i], false, mode);
            slots.set(i, workers[i]);
        }
        if (b.useCurrentThread) {
            workers[0].bindCaller();
        }
        Consumer<Thread> starter = b.threadStarter;
        try {
            for (WorkerThread w : workers) {
                if (w.mode() == WorkerThread.OWN) {
                    if (starter == null) {
                        w.start();
                    } else {
                        starter.accept(w);
                    }
                } else if (w.mode() == WorkerThread.HANDLER) {
                    spawn(w);
                }
            }
            if (spawnHandler != null) {
                awaitHandlerWorkers(b.spawnTimeoutNanos);
            }
        } catch (Throwable t) {
            // As Rayon does when a thread cannot be spawned: stop the ones already running.
            // Giving back the handle's unit sets every termination latch; no job was accepted
            // yet, so the started workers find nothing to do and exit. Handler-made workers
            // that have not started are abandoned: their run() returns at once.
            shutdown();
            for (WorkerThread w : workers) {
                if (w.mode() == WorkerThread.HANDLER) {
                    w.abandonIfNotStarted();
                } else if (w.mode() == WorkerThread.CALLER) {
                    w.unbindCaller();
                }
            }
            throw t;
        } finally {
            buildingThread = null;
        }
    }

    /**
     * Hands {@code w} to the spawn handler. What the handler throws comes back as an
     * {@link IllegalStateException} that names the worker (an {@link Error}, such as a thread
     * that could not be created, as it is).
     */
    private void spawn(WorkerThread w) {
        try {
            spawnHandler.spawn(new WorkerStart(w, stackSize));
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the spawn handler failed to start " + (w.index() < numThreads ? "worker " : "spare ")
                    + w.index() + " of " + name + ": " + e, e);
        }
    }

    /** Waits until every handler-made worker entered {@code run()}, at most {@code nanos} in all. */
    private void awaitHandlerWorkers(long nanos) {
        long start = System.nanoTime();
        for (WorkerThread w : workers) {
            if (w.mode() != WorkerThread.HANDLER) {
                continue;
            }
            Throwable failure = w.awaitEntered(Math.max(0, nanos - (System.nanoTime() - start)));
            if (failure instanceof java.util.concurrent.TimeoutException) {
                throw new IllegalStateException("the spawn handler returned without starting a thread that runs worker "
                        + w.index() + " of " + name + " (none called WorkerStart.run() within "
                        + TimeUnit.NANOSECONDS.toMillis(nanos) + " ms): a handler must start one, or throw");
            } else if (failure != null) {
                throw new IllegalStateException("worker " + w.index() + " of " + name + " could not start: "
                        + failure.getMessage(), failure);
            }
        }
    }

    /** Whether {@code t} is the thread running this registry's constructor. */
    boolean isBuilding(Thread t) {
        return buildingThread == t;
    }

    /**
     * Starts a new spare's thread: the pool's own, or one the spawn handler makes. What starting
     * it throws is thrown (from a handler: as {@link #spawn} wraps it).
     */
    void startSpare(WorkerThread spare) {
        if (spare.mode() == WorkerThread.OWN) {
            spare.start();
        } else {
            spawn(spare);
        }
    }

    /**
     * The sleep module of a policy. The other policies' classes are reached only through their
     * own factories, so a process that builds only {@code RAYON} pools never loads them and the
     * JIT sees {@link Sleep} as the only implementation (see {@link Sleep}'s class comment).
     */
    private static Sleep newSleep(SleepPolicy policy, String name, int slots, int workers, int rounds,
                                  Runnable deadlock) {
        if (policy == SleepPolicy.HINTED) {
            return HintedSleep.create(name, slots, workers, rounds, deadlock);
        } else if (policy == SleepPolicy.LEGACY_TICKLE) {
            return LegacyTickleSleep.create(name, slots, workers, rounds, deadlock);
        }
        return new Sleep(name, slots, workers, rounds, deadlock);
    }

    /** The name of the thread in slot {@code index}: the builder's {@code threadName}, or ours. */
    private String threadName(int index) {
        if (threadNames == null) {
            return name + "-" + index; // rayon4j-global-3, rayon4j-pool-2-3
        }
        String given = threadNames.apply(index);
        if (given == null) {
            throw new NullPointerException("threadName returned null for index " + index);
        }
        return given;
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
        ThreadPoolBuilder b = builder != null ? builder : new ThreadPoolBuilder();
        r = new Registry(b, true);
        global = r;
        if (b.jmx) {
            PoolJmx.registerGlobal(r); // on first use as well as by buildGlobal()
        }
        return r;
    }

    /**
     * The current thread as a worker of this registry (a worker or an active spare), or
     * {@code null} if it is an outside thread or a worker of another pool.
     */
    WorkerThread currentWorker() {
        WorkerThread w = WorkerThread.current();
        return w != null && w.registry() == this ? w : null;
    }

    /** The registry of the current worker, else the global one. */
    static Registry current() {
        WorkerThread w = WorkerThread.current();
        return w != null ? w.registry() : global();
    }

    Sleep sleep() {
        return sleep;
    }

    /** The pool's name in events and reports: {@code rayon4j-global} or {@code rayon4j-pool-N}. */
    String name() {
        return name;
    }

    /** The worker in slot {@code i} (a volatile read), or {@code null} for an idle spare slot. */
    WorkerThread worker(int i) {
        return slots.get(i);
    }

    /**
     * Whether worker {@code worker}'s deque holds a job, for a polling caller that serves a
     * wake-up left to it ({@link Sleep#serveLeftWakes}). Any thread; a snapshot.
     */
    @Override
    public boolean hasQueuedJobs(int worker) {
        WorkerThread w = worker(worker);
        return w != null && w.deque().size() > 0;
    }

    /** One past the highest slot ever used: workers and spares that have run. */
    int slotLimit() {
        return slotLimit;
    }

    /** Every slot a worker or spare may occupy. */
    int maxSlots() {
        return slots.length();
    }

    int numThreads() {
        return numThreads;
    }


    /** A snapshot of the counters of every worker and spare (see {@link PoolMetrics}). */
    PoolMetrics metrics() {
        long executed = spares.exitedExecuted();
        long stolen = spares.exitedStolen();
        long sleeps = spares.exitedSleeps();
        long[] guests = spares.guestCounts();
        executed += guests[0];
        stolen += guests[1];
        sleeps += guests[2];
        for (WorkerThread w : allThreads()) {
            executed += w.jobsExecuted();
            stolen += w.jobsStolen();
            sleeps += w.sleeps();
        }
        return new PoolMetrics(numThreads, executed, stolen, jobsInjected.sum(), sleeps,
                sleep.wakeUps(), spares.activations(), sleep.fruitlessWakeUps());
    }

    // ---- injection ---------------------------------------------------------------------------

    void inject(Job job) {
        sleep.newInjectedJobs(1, enqueueInjected(job));
    }

    /**
     * {@link #inject}, for a job that must not be lost if the injector cannot take it: returns
     * {@code false}, with the job not queued, where the injector's node could not be allocated
     * (anything {@link #enqueueInjected} throws), so that the caller runs the job itself; the
     * wake-up after a queued job throws as in {@code inject}.
     *
     * @param job a job taken off a queue by the caller
     * @return whether the job was queued
     */
    boolean tryInject(Job job) {
        boolean wasEmpty;
        try {
            wasEmpty = enqueueInjected(job);
        } catch (Throwable notQueued) {
            return false;
        }
        sleep.newInjectedJobs(1, wasEmpty);
        return true;
    }

    /**
     * Puts {@code job} into the injector without telling the sleep module: one step that either
     * queues the job or, if it throws (the queue's node could not be allocated), changes nothing
     * but the injection counter.
     *
     * @return whether the injector looked empty before
     */
    private boolean enqueueInjected(Job job) {
        jobsInjected.increment();
        boolean wasEmpty = injector.isEmpty();
        injector.add(job);
        return wasEmpty;
    }

    /**
     * Queues a job that holds the units it was accepted with (see {@link AcceptedJob}, "a unit
     * taken reaches a queue or is given back"): on the caller's own deque if it is a worker of
     * this registry, else into the injector, then tells the sleep module. If queueing throws,
     * the job is not queued: it is rejected (its units given back) and the error reaches the
     * caller. The wake-up after a queued job is not undone whatever it throws: the job will run.
     *
     * <p>A spawn on a worker's deque is posted with fence 1 ({@link Sleep#newSharedJobs}), as an
     * injection is: its spawner may block until it ran and never pop it, so it must not be
     * overlooked by a sibling that gets sleepy or leaves idle at that moment (see {@link Sleep},
     * "Why the two fences").
     *
     * <p>Not on the deque of worker 0 of a {@code useCurrentThread()} pool, nor a guest's: its
     * thread may go back to its own code before it pops the job, and leave it for good, to be
     * found only by a thief's search of that deque; a guest must even leave its slot with an
     * empty deque ({@link Spares}, GUEST). The injector belongs to no thread, and every search
     * and every final check before sleeping reads it. Its spawns, scope spawns included, go to
     * the injector; its deque holds only the halves of its joins, which it waits for itself.
     * (One exception: the right half of a join that a stack overflow left no room to wait for,
     * which {@link Join} abandons on the deque; it runs when a worker steals it or worker 0
     * pops it, in its next wait or in {@code close()}.)
     *
     * @param job a job made, and its units taken, by the caller
     */
    void queueAccepted(AcceptedJob job) {
        WorkerThread w = spawningWorker();
        boolean wasEmpty;
        try {
            wasEmpty = w != null ? w.deque().push(job) : enqueueInjected(job);
        } catch (Throwable t) {
            job.reject();
            throw t;
        }
        if (w != null) {
            try {
                sleep.newSharedJobs(w.index(), 1, wasEmpty);
            } catch (StackOverflowError tooDeep) {
                // best effort, as in WorkerThread.push: w is awake, and posts its queued jobs
                // again before it blocks (WorkerThread.shareQueuedJobs)
            }
        } else {
            sleep.newInjectedJobs(1, wasEmpty);
        }
    }

    /**
     * The calling thread if it is a worker of this registry that queues its spawns on its own
     * deque, else {@code null} (its spawns go to the injector): not worker 0 of a
     * {@code useCurrentThread()} pool, nor a guest (see {@link #queueAccepted}).
     */
    WorkerThread spawningWorker() {
        WorkerThread w = currentWorker();
        return w != null && !w.leavesThePool() ? w : null;
    }

    /**
     * {@link #queueAccepted} for a FIFO spawn: from a worker of this registry (not worker 0 of
     * a {@code useCurrentThread()} pool), {@code job} goes to the back of {@code fifo}, that
     * worker's FIFO queue, and the queue's indirection onto its deque (Rayon's
     * {@code JobFifo}); from any other thread into the injector, which is FIFO itself. The two
     * steps are undone together: if pushing the indirection throws, the job is taken out of the
     * queue again before it is rejected. It is still there: each indirection runs the oldest
     * job of the queue, the queue held as many jobs as indirections were pushed before this
     * one was added, and only this worker pushes them.
     *
     * @param job  a job made, and its units taken, by the caller
     * @param w    {@link #spawningWorker()}, as the caller found it
     * @param fifo {@code w}'s FIFO queue for this kind of spawn, made by the caller beforehand;
     *             null when {@code w} is
     */
    void queueAcceptedFifo(AcceptedJob job, WorkerThread w, JobFifo fifo) {
        if (w == null) {
            queueAccepted(job);
            return;
        }
        try {
            fifo.push(job);
        } catch (Throwable t) {
            job.reject();
            throw t;
        }
        boolean wasEmpty;
        try {
            wasEmpty = w.deque().push(fifo);
        } catch (Throwable t) {
            if (fifo.unqueue(job)) {
                job.reject();
            }
            throw t;
        }
        try {
            sleep.newSharedJobs(w.index(), 1, wasEmpty); // fence 1, see queueAccepted
        } catch (StackOverflowError tooDeep) {
            // best effort, as in queueAccepted
        }
    }

    Job popInjectedJob() {
        return injector.poll();
    }

    boolean hasInjectedJobs() {
        return !injector.isEmpty();
    }

    /** Jobs waiting in the injector now (walks the queue: for monitoring only). */
    int injectorDepth() {
        return injector.size();
    }

    /**
     * Runs {@code op} on a worker of this registry: inline if the caller is one, otherwise
     * injected while the caller waits (parked if outside any pool, working in its own pool if it
     * is another pool's worker).
     *
     * <p>The injection wakes one sleeper, as Rayon's does; a second worker wakes when the first
     * pushes work, so a parallel job into a sleeping pool waits for two wake-ups in a row. Waking
     * two at once was tried: in P3's short job the second worker started 119 µs after the first
     * instead of 275, but the wall time's gain (2.96 against 3.37 ms over six pairs of JVMs) did
     * not hold in another set, and every outside call, parallel or not, would pay for the second
     * wake-up (benchmarks/results/2026-11-26-issue10q).
     */
    <R> R inWorker(WorkerOp<R> op) {
        WorkerThread own = currentWorker();
        if (own != null) {
            return op.run(own, false);
        }
        WorkerThread w = WorkerThread.current(); // null, or another pool's worker
        StackGuard.reserve(); // for the unit, the injection with its wake-up, and the wait
        if (w == null && callerRuns) {
            WorkerThread guest = spares.enterGuest();
            if (guest != null) {
                int held = -1;
                try {
                    held = sleep.holdSleeper(numThreads);
                } finally {
                    if (held < 0) {
                        spares.leaveGuest(guest);
                    }
                }
                if (held >= 0) {
                    return runAsGuest(guest, held, op);
                }
            }
        }
        // The job and its latch first, the unit after (see AcceptedJob).
        LockLatch lock = w == null ? new LockLatch(this) : null;
        SpinLatch spin = w == null ? null : new SpinLatch(w);
        InstallJob<R> job = new InstallJob<>(this, op, w == null ? lock : spin);
        Object event = Events.beginInstallWait();
        acquireExternal();
        queueAccepted(job); // from outside: into the injector
        if (w == null) {
            lock.await();
        } else {
            w.waitUntil(spin);
        }
        Events.endInstallWait(event, name);
        return job.join();
    }

    /**
     * Runs an outside call on the calling thread as {@code guest}, in the place of worker
     * {@code held}, which stays asleep meanwhile (see "Guests" in the class comment). The unit
     * is taken after the place: if the pool refuses the call, the place is given back first.
     */
    private <R> R runAsGuest(WorkerThread guest, int held, WorkerOp<R> op) {
        try {
            acquireExternal();
        } catch (Throwable t) {
            sleep.releaseHeld(held);
            spares.leaveGuest(guest);
            throw t;
        }
        guest.bindGuest();
        try {
            return guest.runAsGuest(op);
        } finally {
            guest.unbindGuest();
            spares.leaveGuest(guest);
            sleep.releaseHeld(held);
            releaseTerminateCount();
        }
    }

    /**
     * Gives each worker {@code i} the job {@code jobs[i]} in its broadcast queue, then wakes each
     * worker that sleeps with a targeted {@link Sleep#wakeSpecificThread} (not a latch
     * notification: no latch of the worker was set, a queue of its own was filled). The final
     * check before sleeping looks at the broadcast queue (rayon PR #992), and the wake-up takes
     * the target's sleep lock, so a worker between its last search and its sleep cannot miss its
     * share. Spares have no broadcast queue and are not woken.
     *
     * <p>The jobs hold their units (see {@link AcceptedJob}). If adding one to its queue throws,
     * that job and the ones after it are rejected, the workers that got theirs are woken all the
     * same, and the error reaches the caller: a broadcast cut short by an error runs on the
     * workers before the cut and gives back every other unit.
     *
     * @param jobs one job per worker, in worker order, made and their units taken by the caller
     */
    void injectBroadcast(AcceptedJob[] jobs) {
        int queued = 0;
        Throwable failure = null;
        try {
            for (; queued < numThreads; queued++) {
                workers[queued].broadcasts().add(jobs[queued]);
            }
        } catch (Throwable t) {
            failure = t;
            for (int i = queued; i < numThreads; i++) {
                jobs[i].reject();
            }
        }
        for (int i = 0; i < queued; i++) {
            sleep.wakeSpecificThread(i, WakeCause.BROADCAST);
        }
        if (failure != null) {
            throw Unwind.rethrow(failure);
        }
    }

    /** {@code Rayon.broadcast}: runs {@code op} once on every worker, results in index order. */
    <R> List<R> broadcast(Function<BroadcastContext, R> op) {
        StackGuard.reserve();
        acquireForSpawn();
        try {
            WorkerThread w = WorkerThread.current();
            CountLatch latch = new CountLatch(w, numThreads);
            @SuppressWarnings("unchecked")
            BroadcastJob<R>[] jobs = (BroadcastJob<R>[]) new BroadcastJob<?>[numThreads];
            for (int i = 0; i < numThreads; i++) {
                jobs[i] = new BroadcastJob<>(op, new BroadcastContext(i, numThreads), latch);
            }
            try {
                injectBroadcast(jobs);
            } catch (Throwable t) {
                latch.await(w); // the shares queued before the error; the rest were rejected
                throw t;
            }
            latch.await(w);
            // The shares' exceptions first, allocating nothing before the first is thrown: a
            // share that failed may have filled the heap.
            Throwable error = null;
            for (BroadcastJob<R> job : jobs) {
                Throwable e = job.error;
                if (error == null) {
                    error = e;
                } else if (e != null && e != error && !Unwind.attach(error, e)) {
                    handlePanic(e); // the first takes no suppressed exceptions, or no room
                }
            }
            if (error != null) {
                throw Unwind.rethrow(error);
            }
            List<R> results = new ArrayList<>(numThreads);
            for (BroadcastJob<R> job : jobs) {
                results.add(job.result);
            }
            return results;
        } finally {
            releaseTerminateCount();
        }
    }

    /** {@code Rayon.spawnBroadcast}: one fire-and-forget job per worker. */
    void spawnBroadcast(Function<BroadcastContext, Runnable> op) {
        StackGuard.reserve();
        SpawnJob[] jobs = new SpawnJob[numThreads];
        for (int i = 0; i < numThreads; i++) {
            jobs[i] = new SpawnJob(this, op.apply(new BroadcastContext(i, numThreads)));
        }
        acquireForSpawn(numThreads);
        injectBroadcast(jobs);
    }

    /** {@code Rayon.spawn}: fire and forget, LIFO on the calling worker. */
    void spawn(Runnable body) {
        StackGuard.reserve(); // the unit taken must reach a queue or be given back
        SpawnJob job = new SpawnJob(this, body);
        acquireForSpawn();
        queueAccepted(job);
    }

    /** {@code Rayon.spawnFifo}: fire and forget, FIFO per calling worker. */
    void spawnFifo(Runnable body) {
        StackGuard.reserve();
        SpawnJob job = new SpawnJob(this, body);
        WorkerThread w = spawningWorker();
        acquireForSpawn();
        queueAcceptedFifo(job, w, w == null ? null : w.fifo());
    }

    // ---- termination -------------------------------------------------------------------------

    /**
     * Takes one unit of the termination count for a submission from outside the pool.
     *
     * @throws RejectedExecutionException if the pool is shut down
     */
    void acquireExternal() {
        acquireExternal(1);
    }

    private void acquireExternal(int units) {
        if (closed || !tryAcquireTerminateCount(units)) {
            throw new RejectedExecutionException("the thread pool has been shut down");
        }
    }

    /**
     * Takes one unit for a spawn. From this pool's own workers it succeeds even after shutdown
     * (running work must be able to finish); from anywhere else it is {@link #acquireExternal}.
     *
     * @throws RejectedExecutionException if the pool no longer accepts the caller's work
     */
    void acquireForSpawn() {
        acquireForSpawn(1);
    }

    /**
     * Takes {@code units} units at once, all or none (a broadcast's jobs), by the rules of
     * {@link #acquireForSpawn()}.
     *
     * @throws RejectedExecutionException if the pool no longer accepts the caller's work
     */
    void acquireForSpawn(int units) {
        if (currentWorker() != null) {
            if (!tryAcquireTerminateCount(units)) {
                throw new RejectedExecutionException("the thread pool has terminated");
            }
        } else {
            acquireExternal(units);
        }
    }

    /**
     * Takes {@code units} units of the termination count in one CAS, unless it already reached
     * zero.
     *
     * @return {@code false} if the pool has terminated
     */
    private boolean tryAcquireTerminateCount(int units) {
        while (true) {
            long c = (long) TERMINATE_COUNT.getVolatile(this);
            if (c == 0) {
                return false;
            }
            if (TERMINATE_COUNT.compareAndSet(this, c, c + units)) {
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
            spares.releaseCached();
        } else if (after < 0) {
            throw new IllegalStateException("termination count below zero");
        }
    }

    /** Stops accepting outside work and gives back the handle's unit; later calls do nothing. */
    void shutdown() {
        StackGuard.reserve(); // the last unit sets every termination latch
        if (CLOSED.compareAndSet(this, false, true)) {
            releaseTerminateCount();
        }
    }



    /** Whether {@link #shutdown()} was called. */
    boolean isShutdown() {
        return closed;
    }

    boolean isTerminated() {
        for (WorkerThread w : workers) {
            if (!w.hasExited()) {
                return false;
            }
        }
        for (WorkerThread w : spares.live()) {
            if (!w.hasExited()) {
                return false;
            }
        }
        return isCountZero();
    }

    private List<WorkerThread> allThreads() {
        List<WorkerThread> all = new ArrayList<>(List.of(workers));
        all.addAll(spares.live());
        return all;
    }

    /**
     * Waits until every worker and spare thread has ended, for at most {@code nanos}.
     *
     * @param nanos the longest wait; {@link Long#MAX_VALUE} waits for ever (no overflow: the
     *              elapsed time is compared, not a deadline)
     * @return whether the pool has terminated
     */
    boolean awaitTermination(long nanos) throws InterruptedException {
        long start = System.nanoTime();
        while (true) {
            // A spare may start while the count is above zero: look at the threads again until
            // every one has ended.
            for (WorkerThread w : allThreads()) {
                long left = nanos - (System.nanoTime() - start);
                if (left > 0) {
                    w.awaitExit(left);
                }
            }
            if (isTerminated()) {
                return true;
            }
            if (nanos - (System.nanoTime() - start) <= 0) {
                return false;
            }
        }
    }

    /**
     * Waits, without a limit, until every worker and spare thread has ended: the timed wait with
     * no limit, so that a spare started after the wait began is waited for too.
     */
    void awaitTermination() throws InterruptedException {
        awaitTermination(Long.MAX_VALUE);
    }

    /** Whether the termination count reached zero: nothing accepted is left, nothing new is. */
    boolean isCountZero() {
        return (long) TERMINATE_COUNT.getVolatile(this) == 0;
    }

    // ---- slots and spare workers (see Spares) -----------------------------------------------

    Spares spares() {
        return spares;
    }

    /** Publishes {@code w} in slot {@code index} for thieves (a volatile write); null empties it. */
    void occupySlot(int index, WorkerThread w) {
        slots.set(index, w);
    }

    /** Raises {@link #slotLimit()} (and the sleep module's) to at least {@code limit}. */
    synchronized void raiseSlotLimit(int limit) {
        if (slotLimit < limit) {
            slotLimit = limit;
            sleep.raiseSlotLimit(limit);
        }
    }

    /** A new guest worker for slot {@code index}: state only, bound to one caller at a time. */
    WorkerThread newGuest(int index) {
        return new WorkerThread(this, index, name + "-guest-" + index, 0, dequeCapacity, null, false,
                WorkerThread.GUEST);
    }

    /** Whether outside callers run their calls themselves when a worker sleeps (guests). */
    boolean callerRuns() {
        return callerRuns;
    }

    /** A new, unstarted spare thread for slot {@code index}, with its first retire latch. */
    WorkerThread newSpareThread(int index) {
        return new WorkerThread(this, index, threadName(index), stackSize, dequeCapacity,
                new OnceLatch(this, index), true, spawnHandler != null ? WorkerThread.HANDLER : WorkerThread.OWN);
    }

    /**
     * {@code close()} on the thread that is worker 0 of this {@code useCurrentThread()} pool,
     * after {@code shutdown()}: runs worker 0's loop until its termination latch is set (the
     * work only it can run: its broadcast shares, and, in a one-thread pool, everything), then
     * the thread is no longer a worker. Its interrupt flag is kept.
     */
    void leaveAsCaller(WorkerThread w) {
        boolean interrupted = Thread.interrupted();
        try {
            w.runLoop(w.loopLatch());
        } finally {
            w.unbindCaller();
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
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
     * Delivers an exception that has no waiter (a spawned job's, a handler's): to the panic
     * handler, else to the thread's uncaught-exception handler. Never throws, whatever the
     * handlers do, so the worker that calls it survives: if the panic handler throws, its
     * exception (with the original attached as suppressed, unless it is the original rethrown;
     * both apart if it takes no suppressed ones or there is no memory to attach) goes to the
     * uncaught-exception handler; if that throws too, the failure is ignored, as the JVM ignores
     * an exception thrown by an uncaught-exception handler.
     */
    void handlePanic(Throwable t) {
        if (panicHandler != null) {
            try {
                panicHandler.accept(t);
                return;
            } catch (Throwable handlerFailure) {
                if (handlerFailure == t || Unwind.attach(handlerFailure, t)) {
                    t = handlerFailure;
                } else {
                    reportUncaught(handlerFailure); // takes no suppressed exceptions, or no room: both, apart
                }
            }
        }
        reportUncaught(t);
    }

    /** To the current thread's uncaught-exception handler; never throws. */
    static void reportUncaught(Throwable t) {
        try {
            Thread current = Thread.currentThread();
            current.getUncaughtExceptionHandler().uncaughtException(current, t);
        } catch (Throwable ignored) {
            // The JVM ignores what an uncaught-exception handler throws; so do we.
        }
    }

    /** What {@link Sleep} calls when it detects a deadlock (a class, not a lambda: see {@link WorkerOps}). */
    private static final class OnDeadlock implements Runnable {
        private final Registry registry;
        private final Consumer<DeadlockReport> handler;

        OnDeadlock(Registry registry, Consumer<DeadlockReport> handler) {
            this.registry = registry;
            this.handler = handler;
        }

        @Override
        public void run() {
            registry.deadlockDetected(handler);
        }
    }

    /**
     * Deadlock detection fired (called by {@link Sleep} with its deadlock lock held): records the
     * Flight Recorder event and runs the handler with a report of the threads that are not
     * asleep. Their sleep states are read without their locks, as the lock order requires.
     */
    private void deadlockDetected(Consumer<DeadlockReport> handler) {
        List<WorkerThread> notAsleep = new ArrayList<>();
        int limit = slotLimit;
        for (int i = 0; i < limit; i++) {
            WorkerThread w = worker(i);
            if (w != null && !sleep.isSleepingWithoutLock(i)) {
                notAsleep.add(w);
            }
        }
        int blocked = sleep.deadlockData()[2];
        if (Events.on()) {
            StringBuilder names = new StringBuilder();
            for (WorkerThread w : notAsleep) {
                names.append(names.length() == 0 ? "" : ", ").append(w.threadName());
            }
            Events.deadlock(name, blocked, names.toString());
        }
        if (handler == null && deadlockLogged && !DeadlockLog.LOG.isLoggable(System.Logger.Level.DEBUG)) {
            return; // nobody would see the report: spare the stacks
        }
        List<DeadlockReport.BlockedThread> threads = new ArrayList<>();
        for (WorkerThread w : notAsleep) {
            Thread t = w.thread(); // null: a handler-made spare whose thread has not started
            threads.add(new DeadlockReport.BlockedThread(w.threadName(), w.index(),
                    t != null ? t.getState() : Thread.State.NEW, t != null ? List.of(t.getStackTrace()) : List.of()));
        }
        DeadlockReport report = new DeadlockReport(name, blocked, threads);
        runHandler(() -> {
            if (handler != null) {
                handler.accept(report);
            } else {
                logDeadlock(report);
            }
        });
    }

    /**
     * Without a deadlock handler: the first detection in this pool is logged as a warning with
     * the report; later ones at DEBUG level. Detection also fires when every thread is asleep
     * while one is marked blocked for a moment (a {@code blockInPlace} with no spare left, around
     * a call that will return by itself), so a warning with stacks each time would flood a log,
     * and it is written under the deadlock lock.
     */
    private void logDeadlock(DeadlockReport report) {
        if (!deadlockLogged) {
            deadlockLogged = true;
            DeadlockLog.LOG.log(System.Logger.Level.WARNING, report + "\n(later detections in this pool are logged at DEBUG level;"
                    + " set ThreadPoolBuilder.deadlockHandler to act on them)");
        } else if (DeadlockLog.LOG.isLoggable(System.Logger.Level.DEBUG)) {
            DeadlockLog.LOG.log(System.Logger.Level.DEBUG, report.toString());
        }
    }

    /** Runs a start, exit or deadlock handler; what it throws goes to {@link #handlePanic}. */
    private void runHandler(Runnable handler) {
        try {
            handler.run();
        } catch (Throwable t) {
            handlePanic(t);
        }
    }

    private static final VarHandle TERMINATE_COUNT =
            VarHandles.field(MethodHandles.lookup(), Registry.class, "terminateCount", long.class);
    private static final VarHandle CLOSED =
            VarHandles.field(MethodHandles.lookup(), Registry.class, "closed", boolean.class);
}
