package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.sleep.CoreLatch;
import io.github.rayon4j.core.sleep.IdleState;
import io.github.rayon4j.core.sleep.Sleep;
import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * A worker of a {@link Registry}: by default a platform daemon thread (this object), with its own
 * work-stealing deque and broadcast queue (RFC #5, "Worker thread loop"); with a spawn handler or
 * {@code useCurrentThread()}, the state of a worker that runs on another thread (see below).
 *
 * <h2>The loop</h2>
 * {@link #waitUntil(CoreLatch)} runs jobs until a latch is set. At the top level the latch is the
 * worker's termination latch; inside {@code join} or a scope it is the latch of the job being
 * waited for, so a waiting worker keeps working instead of blocking. Each pass: pop the newest
 * local job (own deque, then own broadcast queue); if there is none, make one steal (from the
 * other workers' deques, starting at a random victim) and look at the registry's injector, still
 * counted active. Only if that finds nothing, become idle and search in rounds: local, then a
 * steal, then the injector. (So a thread that goes on stealing many small jobs, a spawner's, does
 * not go idle and active around each, two atomic updates of the sleep counters that every post
 * then reads. Being counted active a little longer is safe: a poster that counts it active does
 * not rely on it to find the job (it wakes a sleeper if one is needed), and it searches again
 * after becoming idle, which is where the sleep protocol starts.) A job found, or the latch set,
 * ends the idle period, always through {@code Sleep.workFound} (an exception too: a
 * try/finally), which hands off queued work to a sleeper; a fruitless round is reported to the
 * sleep module, which spins, gets the worker sleepy, or puts it to sleep on the latch. Every step
 * that runs jobs or sleeps is entered with the stack reserved ({@code StackGuard}); see
 * {@link Join} for the hot path that is not.
 *
 * <h2>Which thread runs a worker, and how a thread finds its worker</h2>
 * By default this object is the worker's thread ({@link #OWN}): the pool starts it, and
 * {@link #current()} finds the worker of the calling thread with one type test,
 * {@code Thread.currentThread() instanceof WorkerThread}, the only lookup on the join hot path.
 * Three kinds of worker run on a thread that is not this object, which is then never started and
 * only holds the worker's state:
 * <ul>
 *   <li>{@link #HANDLER}: a {@link ThreadSpawn} handler made the thread, which calls
 *       {@link WorkerStart#run()}. On entry ({@link #runStarted}) the thread wins the CAS of
 *       {@code startState} from {@code NEW} to {@code RUNNING}, records itself as the carrier,
 *       and binds this worker to itself in a {@code ThreadLocal}; the binding is removed when the
 *       worker's loop ends. The pool may give up on a worker that has not started
 *       ({@code NEW} to {@code ABANDONED}: a build that failed or timed out, a spare whose
 *       blocking operation returned first); the CAS decides which side wins, and a thread that
 *       comes late returns at once. A call that is refused (the building thread, a thread that
 *       already is a worker) moves {@code NEW} to {@code REFUSED}, so that a waiting build fails
 *       with its reason. {@code entered} and {@code exited} count down once each, whichever way
 *       the worker leaves {@code NEW}; the registry waits on them instead of joining a thread
 *       that the handler may keep using.</li>
 *   <li>{@link #CALLER}: worker 0 of a pool built with {@code useCurrentThread()}: the thread
 *       that called {@code build()}, bound to it from then on. It runs no loop of its own: it
 *       runs pool work only inside calls to the pool ({@code install}, {@code join}, a scope, a
 *       yield) and, in {@code close()} on that thread, until the pool terminates, after which
 *       the binding is removed. Its binding is also dropped at the first lookup after its pool
 *       terminated (count zero), so a thread whose pool was closed elsewhere becomes an outside
 *       thread again.</li>
 *   <li>{@link #GUEST}: an outside caller that runs its own call in a sleeping worker's place
 *       ({@code callerRuns}; {@link Registry}, "Guests"), in a spare slot. The caller binds the
 *       worker to itself for that call only ({@link #bindGuest}, {@link #runAsGuest},
 *       {@link #unbindGuest}); the slot's next guest, on another thread maybe, reuses the
 *       object. Like CALLER it queues its spawns in the injector; it leaves its deque empty.</li>
 * </ul>
 *
 * <h2>The lookup of the calling worker</h2>
 * {@link #current()} reads the {@code ThreadLocal} only when the calling thread is not a
 * {@code WorkerThread}, and only once some worker of either kind ever existed
 * ({@code foreignWorkers}, written by each such thread before its own binding, so a bound
 * thread always sees it set): a worker of a default pool never reads it, and neither does an
 * outside thread of a process that never used the two options.
 *
 * <p>{@code current()} reads that flag itself and calls {@code bound()} only when it is set, so
 * that in a process without such workers its compiled form needs no call. Why it matters: the
 * JIT inlines {@code current()} into its callers, and its profile of the branch for outside
 * threads is shared by all of them; once any outside thread had looked (every call into a pool
 * from {@code main} does), that branch counted as taken, and with the flag read inside {@code
 * bound()}, too rarely called to be inlined, every caller compiled a call there. The callers that
 * paid were rayon4j-iter's leaf loops, which asked {@code Rayon.isWorkWanted()} between batches:
 * a call in a loop can cost the loop's compiled code on every iteration (HotSpot keeps no
 * value in a register across a call; the machine code was not read here, only times measured).
 * Ten generations of Life on 1000×1000 cells took 65-68 ms on two workers, 59-63 without the
 * call (a parallel stream 59-63), and increment-all of 10^6 ints 39-40 µs a call, 31-34 after
 * (benchmarks/results/2026-11-28-issue10ar). Reading the flag here was not enough on every JVM
 * (on JDK 25 one C2 compilation of a leaf in three still kept the call to {@code bound()}, why
 * was not found), so those loops no longer look up their thread at all: they take
 * {@link Rayon#workWantedHint()} once, before the loop ({@link WantedHint}), and
 * {@code LeafLoopCallsTest} checks the JIT's inlining records that no call is left in them but
 * the hint's own answer (see {@link #workWanted()}) and the share at the loop's exit.
 *
 * <h2>Threads and state</h2>
 * Everything here is touched only by the worker's own thread, except: the deque's steal end and
 * the broadcast queue (any thread); the job counters, written by the owner with opaque stores
 * and read by metrics snapshots with opaque loads; and, for a spare, its loop latch and
 * activation count, which the activating worker writes ({@link Spares} gives that hand-off).
 * Other threads reach a worker through its deque ({@link #steal}), its broadcast queue, the sleep
 * module (wake-ups) and latches it owns.
 */
final class WorkerThread extends Thread implements Sleep.InjectionCheck {
    /** This object is the worker's thread. */
    static final int OWN = 0;
    /** A spawn handler's thread runs the worker through {@link WorkerStart#run()}. */
    static final int HANDLER = 1;
    /** Worker 0 of a {@code useCurrentThread()} pool: the thread that built it. */
    static final int CALLER = 2;
    /** A guest: an outside caller that runs its own call in a sleeping worker's place, in a
     *  spare slot ({@link Registry#inWorker}); bound to one caller at a time. */
    static final int GUEST = 3;

    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int ABANDONED = 2;
    private static final int REFUSED = 3;

    static {
        // The first thing a worker's loop does, run once with the first worker made (on the
        // thread that builds the pool) so that StackGuard is initialized then, not by a worker
        // whose start handler or first job has just filled the heap (see Sleep's static
        // initializer; OutOfMemoryJobErrorProbe, firstSleep).
        StackGuard.reserve();
    }

    /** {@link Rayon#workWantedHint()} on a thread that is no worker. */
    static final BooleanSupplier NO_WORKER_HINT = new WantedHint(null);

    /** The worker of a thread that is not a {@code WorkerThread} (HANDLER and CALLER). */
    private static final ThreadLocal<WorkerThread> BOUND = new ThreadLocal<>();
    /** Whether a HANDLER or CALLER worker ever was bound; until then no lookup reads {@link #BOUND}. */
    private static volatile boolean foreignWorkers;

    private final int mode;
    /** The thread that runs this worker: this (OWN), the builder (CALLER), or the handler's
     *  thread once it entered {@link #runStarted} (HANDLER; null before). */
    private volatile Thread carrier;
    /** HANDLER: NEW, then RUNNING, ABANDONED or REFUSED (see the class comment). */
    @SuppressWarnings("unused") // accessed through START_STATE
    private volatile int startState;
    /** HANDLER: why {@link #runStarted} was refused; written before {@code entered} counts down. */
    private Throwable refusal;
    /** HANDLER: counted down when the worker leaves NEW; then, when its loop has ended. */
    private final CountDownLatch entered;
    private final CountDownLatch exited;
    /** Jobs this worker is running through its loop now (owner only): a CALLER's close() must
     *  not wait for termination from inside one. */
    private int jobDepth;
    /** Join frames by join depth, and the depth of the next join; owner only (see {@link Join}). */
    final Join.Frame[] frames = new Join.Frame[Join.MAX_FRAMES];
    int frameDepth;
    /**
     * Frames that joins cut short by a stack overflow abandoned (linked through
     * {@code Frame.nextCut}), waiting for {@link #execute} to have room to hand the panic handler
     * what those joins could not deliver (see {@code Join.Frame#reportIfCut}); owner only.
     */
    Join.Frame cutFrames;
    /**
     * Spawn credits ({@link ScopeBase}, "Spawn credits"): the scope whose job or body this
     * worker runs innermost ({@code null} outside any), and how many units of it this worker
     * has taken for spawns it has not made yet. Owner only.
     */
    ScopeBase creditScope;
    int credits;
    private final Registry registry;
    private final int index;
    private final WorkStealingDeque<Job> deque;
    private final ConcurrentLinkedQueue<Job> broadcasts = new ConcurrentLinkedQueue<>();
    private final IdleState idle;
    /** This worker's {@link Rayon#workWantedHint()}. */
    private final WantedHint hint;
    private final Sleep sleep;
    /** Final for workers; for a spare, replaced on each activation (null while cached; see
     *  {@link Spares}, "Who writes what"). */
    private volatile CoreLatch loopLatch;
    private final boolean spare;
    private final JobFifo fifo = new JobFifo();
    /** For a spare: how often it was activated (1 for a new thread); written by the activator
     *  before the thread starts or is unparked, read by the blocked worker that activated it. */
    int activations;
    private long rng;
    /** Owner-written with opaque stores, read by metrics snapshots with opaque loads. */
    private long jobsExecuted;
    private long jobsStolen;

    /**
     * @param loopLatch the latch the top-level loop waits for: termination, or retirement for a
     *                  spare
     * @param spare     whether this is a spare worker for {@code blockInPlace}
     */
    WorkerThread(Registry registry, int index, String name, long stackSize, int dequeCapacity,
                 CoreLatch loopLatch, boolean spare, int mode) {
        // Only an OWN worker's thread starts: the others hold state only, without a stack of
        // their own or the creating thread's inheritable thread-locals.
        super(null, null, name, mode == OWN ? stackSize : 0, mode == OWN);
        this.mode = mode;
        this.carrier = mode == OWN ? this : mode == CALLER ? Thread.currentThread() : null;
        this.entered = mode == HANDLER ? new CountDownLatch(1) : null;
        this.exited = mode == HANDLER ? new CountDownLatch(1) : null;
        this.registry = registry;
        this.index = index;
        this.loopLatch = loopLatch;
        this.spare = spare;
        this.deque = new WorkStealingDeque<>(dequeCapacity);
        this.idle = new IdleState(index);
        this.sleep = registry.sleep();
        this.rng = 0x9E3779B97F4A7C15L * (index + 1);
        this.hint = new WantedHint(this);
        setDaemon(true);
    }

    /** The calling thread as a worker, or {@code null} if it is not a pool thread. */
    static WorkerThread current() {
        Thread t = Thread.currentThread();
        if (t instanceof WorkerThread w) {
            return w;
        }
        // The flag is read here, not in bound(): see the class comment, "The lookup of the
        // calling worker"
        return foreignWorkers ? bound() : null;
    }

    /**
     * The worker bound to the calling thread, which is not a {@code WorkerThread}: a spawn
     * handler's thread, or a {@code useCurrentThread()} builder whose pool has not terminated;
     * called only once {@code foreignWorkers} is set.
     */
    private static WorkerThread bound() {
        WorkerThread w = BOUND.get();
        if (w != null && w.mode == CALLER && w.registry.isCountZero()) {
            BOUND.remove(); // its pool terminated: an outside thread again
            return null;
        }
        return w;
    }

    /**
     * GUEST: binds this worker to the calling thread for one call ({@link #runAsGuest}); the
     * slot is the caller's until {@link #unbindGuest}.
     */
    void bindGuest() {
        carrier = Thread.currentThread();
        bind();
    }

    /** GUEST: the calling thread is an outside thread again. */
    void unbindGuest() {
        BOUND.remove();
        carrier = null;
    }

    /**
     * GUEST: runs {@code op} on the calling thread as this worker, then runs what is left on
     * this worker's deque (only the right half of a join that a stack overflow left there, see
     * {@link Registry#queueAccepted}; a guest queues its spawns in the injector), so that the
     * slot is left empty. The caller has reserved the stack.
     *
     * @param op  the outside call
     * @param <R> its result type
     * @return what {@code op} returned
     */
    <R> R runAsGuest(WorkerOp<R> op) {
        int framesInUse = frameDepth;
        try {
            return op.run(this, false);
        } finally {
            frameDepth = framesInUse;
            if (cutFrames != null) {
                reportCutFrames();
            }
            Job left;
            while ((left = takeLocalJob()) != null) {
                execute(left, false);
            }
        }
    }

    private void bind() {
        foreignWorkers = true; // before the binding, on the bound thread itself
        BOUND.set(this);
    }

    /** CALLER: binds worker 0 to the thread that builds its pool (the caller of the constructor). */
    void bindCaller() {
        bind();
    }

    /** CALLER: the thread is no longer worker 0 of its pool. */
    void unbindCaller() {
        if (BOUND.get() == this) {
            BOUND.remove();
        }
    }

    int mode() {
        return mode;
    }

    /** Whether this is worker 0 of a {@code useCurrentThread()} pool. */
    boolean isCaller() {
        return mode == CALLER;
    }

    /**
     * Whether this worker's thread may go back to its own code before it pops what it pushes:
     * worker 0 of a {@code useCurrentThread()} pool, and a guest. Such a worker queues its
     * spawns in the injector (see {@link Registry#queueAccepted}).
     */
    boolean leavesThePool() {
        return mode == CALLER || mode == GUEST;
    }

    /** Jobs this worker is running through its loop now; owner only. */
    int jobDepth() {
        return jobDepth;
    }

    /**
     * HANDLER: runs this worker on the calling thread, the one a spawn handler made
     * ({@link WorkerStart#run()}); see the class comment.
     */
    void runStarted() {
        if (mode != HANDLER) {
            throw new IllegalStateException("not a worker started by a spawn handler");
        }
        Thread t = Thread.currentThread();
        String refused = null;
        if (registry.isBuilding(t)) {
            refused = "WorkerStart.run() called on the thread that is building the pool, which would never return:"
                    + " start a new thread that calls run() (or use useCurrentThread() to make this thread a worker)";
        } else if (current() != null) {
            refused = "WorkerStart.run() called on a thread that already is a worker of a pool: " + t.getName();
        }
        if (refused != null) {
            IllegalStateException e = new IllegalStateException(refused);
            if (START_STATE.compareAndSet(this, NEW, REFUSED)) {
                refusal = e;
                entered.countDown();
                exited.countDown();
            }
            throw e;
        }
        if (!START_STATE.compareAndSet(this, NEW, RUNNING)) {
            if ((int) START_STATE.getVolatile(this) == ABANDONED) {
                return; // the pool gave up on this worker before its thread came: nothing to run
            }
            throw new IllegalStateException("WorkerStart.run() called twice for worker " + index + " of " + registry.name());
        }
        carrier = t;
        bind();
        entered.countDown();
        try {
            run();
        } finally {
            BOUND.remove();
            exited.countDown();
        }
    }

    /**
     * HANDLER: gives up on a worker whose thread has not entered {@link #runStarted}.
     *
     * @return {@code true} if it never runs (given up now, or refused), {@code false} if its
     *         thread runs it
     */
    boolean abandonIfNotStarted() {
        if (START_STATE.compareAndSet(this, NEW, ABANDONED)) {
            entered.countDown();
            exited.countDown();
            return true;
        }
        return (int) START_STATE.getVolatile(this) == REFUSED;
    }

    /**
     * HANDLER: waits until the worker left NEW, at most {@code nanos}, without giving in to
     * interrupts (the flag is kept).
     *
     * @return {@code null} once running; the refusal if {@link #runStarted} was refused (written
     *         before the count-down); a {@code TimeoutException} if it did not start in time
     */
    Throwable awaitEntered(long nanos) {
        long deadline = System.nanoTime() + nanos;
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    if (!entered.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        return new TimeoutException();
                    }
                    int state = (int) START_STATE.getVolatile(this);
                    return state == RUNNING ? null : state == REFUSED ? refusal : new TimeoutException();
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

    /** The thread running this worker; {@code null} for a HANDLER worker that has not started. */
    Thread thread() {
        return carrier;
    }

    /** The name of the thread running this worker, else the name the builder gave it. */
    String threadName() {
        Thread t = carrier;
        return t != null ? t.getName() : getName();
    }

    /**
     * Whether this worker's loop is over (or will never run): its thread ended (OWN), its
     * {@code run()} returned or never will (HANDLER); always for CALLER and GUEST, whose threads
     * run no loop of their own (CALLER's is done with the pool once the pool's count is zero).
     */
    boolean hasExited() {
        if (mode == OWN) {
            return !isAlive();
        }
        return mode != HANDLER || exited.getCount() == 0;
    }

    /** Waits at most {@code nanos} for {@link #hasExited()}. */
    boolean awaitExit(long nanos) throws InterruptedException {
        if (mode == OWN) {
            TimeUnit.NANOSECONDS.timedJoin(this, nanos);
            return !isAlive();
        }
        return mode != HANDLER || exited.await(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Whether a pool thread is running this worker now (for JMX's thread count, which walks the
     * slots): never for a GUEST, whose thread is the caller's.
     */
    boolean isRunning() {
        Thread t = carrier;
        switch (mode) {
            case OWN:
                return isAlive();
            case CALLER:
                return t.isAlive();
            case GUEST:
                return false;
            default:
                return t != null && exited.getCount() != 0;
        }
    }

    Registry registry() {
        return registry;
    }

    int index() {
        return index;
    }

    WorkStealingDeque<Job> deque() {
        return deque;
    }

    ConcurrentLinkedQueue<Job> broadcasts() {
        return broadcasts;
    }

    /** This worker's queue for {@code spawnFifo} (Rayon's per-worker {@code JobFifo}). */
    JobFifo fifo() {
        return fifo;
    }

    CoreLatch loopLatch() {
        return loopLatch;
    }

    /** Hands a re-activated spare its new retire latch and wakes it. */
    void giveSpareLatch(CoreLatch latch) {
        loopLatch = latch;
        LockSupport.unpark(carrier); // a cached or retiring spare has started: its carrier is set
    }

    /** A spare leaving its slot drops its retire latch; only the spare, while LEAVING. */
    void dropSpareLatch() {
        loopLatch = null;
    }

    @Override
    public void run() {
        if (spare) {
            CoreLatch latch = loopLatch;
            do {
                runLoop(latch);
            } while ((latch = registry.spares().retired(this, latch)) != null);
            return;
        }
        registry.workerStarted(index);
        try {
            runLoop(loopLatch);
        } finally {
            registry.workerExiting(index);
        }
    }

    /**
     * The top-level loop. Jobs never throw, and handlers are contained by the registry; should
     * anything escape all the same (an {@code OutOfMemoryError} in the pool's own code), it is
     * reported to the panic handler and the worker goes on, so that the pool keeps its size and
     * accepted work still runs.
     */
    void runLoop(CoreLatch latch) {
        while (true) {
            try {
                StackGuard.reserve();
                waitUntil(latch);
                return;
            } catch (Throwable t) {
                registry.handlePanic(t);
            }
        }
    }

    /**
     * Pushes a join's half onto this worker's deque and tells the sleep module, without fence 1:
     * this worker pops the job back itself unless a thief took it (spawns are posted with the
     * fence, see {@link Registry#queueAccepted}; {@code Sleep}, "Why the two fences"). Owner only.
     *
     * <p>A stack overflow cannot cut it after the job is published: the deque's push publishes
     * it with its last step, and the one call after that, telling the sleep module, is made
     * inside this method's own handler. (Not in a method of its own that catches the overflow:
     * the JVM throws an overflow at a call's entry in the caller, past the callee's handler, so
     * the call itself would be unguarded; a join cut there is what the soak on 16 cores found.
     * {@link Registry#queueAccepted} guards its wake-up the same way.) The wake-up is best
     * effort: one it cannot make for lack of stack ({@link Sleep#wakeSpecificThread} reserves
     * its stack first, so it is either made whole or not at all) loses no job, since this worker
     * is awake and pops its own job itself. Nor does it fail for lack of memory (its locks take
     * themselves without allocating when the heap is full, see {@code SleepLock}); anything it
     * threw all the same would leave this method with the job queued, and {@link Join} is ready
     * for that. While a caller outside the pool polls for its call, the wake-up is left to that
     * caller ({@link Sleep#newJoinJob}; {@code Sleep}, "Wake-ups left to a polling caller").
     */
    void push(Job job) {
        boolean wasEmpty = deque.push(job);
        try {
            sleep.newJoinJob(index, wasEmpty); // its wake-up may be left to a polling caller
        } catch (StackOverflowError tooDeep) {
            // best effort, see above
        }
    }

    /**
     * Posts again, with fence 1, whatever this worker's deque holds, because the worker is about
     * to block in user code ({@code blockInPlace}, {@code markBlocked}) and will not pop it until
     * it returns. Join halves were posted without the fence, trusting this worker to pop them
     * back, and a sibling may have overlooked them (a stale read of the counters, see
     * {@code Sleep}, "Why the two fences"); after this post a sibling that gets sleepy or leaves
     * idle sees them, or a sleeper is woken for them. Called before the thread counts as blocked,
     * so that a woken sibling is counted active first and deadlock detection does not fire in
     * between. Owner only.
     */
    void shareQueuedJobs() {
        int queued = deque.size();
        if (queued > 0) {
            sleep.newSharedJobs(index, queued, true);
        }
    }

    /** The newest local job: own deque first, then own broadcast queue. Owner only. */
    Job takeLocalJob() {
        Job job = deque.pop();
        if (job != null) {
            return job;
        }
        return broadcasts.poll();
    }

    private Job steal() {
        int n = registry.slotLimit();
        if (n <= 1) {
            return null;
        }
        long x = rng;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        rng = x;
        int start = (int) ((x >>> 1) % n);
        for (int k = 0; k < n; k++) {
            int victim = start + k < n ? start + k : start + k - n;
            if (victim == index) {
                continue;
            }
            WorkerThread w = registry.worker(victim);
            if (w == null) {
                continue;
            }
            Job job = w.deque.steal();
            if (job != null) {
                JOBS_STOLEN.setOpaque(this, jobsStolen + 1);
                return job;
            }
        }
        return null;
    }

    /**
     * Local work, then a steal, then the injector. Under {@code HINTED}, a worker just woken with
     * a hint looks where it points (a victim's deque, or the injector) right after its own queues.
     */
    Job findWork() {
        Job job = takeLocalJob();
        if (job != null) {
            return job;
        }
        int hint = idle.takeHint();
        if (hint != Sleep.NO_HINT) {
            job = hinted(hint);
            if (job != null) {
                return job;
            }
        }
        return stealOrInjected();
    }

    /** A steal from the other workers' deques, else the registry's injector. */
    private Job stealOrInjected() {
        Job job = steal();
        return job != null ? job : registry.popInjectedJob();
    }

    private Job hinted(int hint) {
        if (hint == Sleep.HINT_INJECTOR) {
            return registry.popInjectedJob();
        }
        WorkerThread w = hint != index && hint < registry.slotLimit() ? registry.worker(hint) : null;
        Job job = w != null ? w.deque.steal() : null;
        if (job != null) {
            JOBS_STOLEN.setOpaque(this, jobsStolen + 1);
        }
        return job;
    }

    @Override
    public boolean hasInjectedJobs() {
        return !broadcasts.isEmpty() || registry.hasInjectedJobs();
    }

    /**
     * The injector, then every other worker's deque: a worker that blocks in user code
     * ({@code blockInPlace}, {@code markBlocked}, or plainly, waiting for its spawn) does not pop
     * the jobs it pushed, so neither a thread leaving idle ({@code Sleep}, "Leaving idle: the
     * hand-off") nor a thread's final check before it blocks asleep ("Falling asleep") may pass
     * them by. Any thread may call this; the deques are read with
     * {@link WorkStealingDeque#size()}'s acquire reads.
     */
    @Override
    public boolean hasSharedJobs() {
        if (registry.hasInjectedJobs()) {
            return true;
        }
        for (int i = 0, n = registry.slotLimit(); i < n; i++) {
            WorkerThread w = i == index ? null : registry.worker(i);
            if (w != null && w.deque.size() > 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean waitsAtTop(CoreLatch latch) {
        return latch == loopLatch && !spare;
    }

    @Override
    public boolean hasOwnJobs() {
        return !broadcasts.isEmpty();
    }

    /**
     * Runs one job found by the loop. A job never throws (see {@link Job}); if one does all the
     * same (the pool's own code failed: an {@code OutOfMemoryError}, say), its error goes to the
     * panic handler here. It must not unwind what this worker runs below the job: a join or scope
     * waiting for other work, whose own steps (giving back a scope's termination unit) would be
     * skipped and whose caller would get an error that is not its own.
     *
     * <p>Interrupts, as the JDK's pools treat them: a job starts with the interrupt flag clear,
     * so an interrupt that an earlier job restored (the usual {@code catch
     * (InterruptedException e) { Thread.currentThread().interrupt(); }}) or one that reached the
     * idle worker cannot fail an unrelated job's blocking call. At the top level the flag is
     * simply cleared. Inside a job that waits (a join or scope running other jobs meanwhile), a
     * pending interrupt belongs to the waiting job: it is taken off for the nested job and put
     * back afterwards.
     *
     * @param topLevel whether the worker waits on its loop latch (termination or retirement),
     *                 that is, runs no job of its own
     */
    private void execute(Job job, boolean topLevel) {
        JOBS_EXECUTED.setOpaque(this, jobsExecuted + 1);
        boolean pending = Thread.interrupted();
        int framesInUse = frameDepth;
        jobDepth++;
        try {
            job.execute();
        } catch (Throwable broken) {
            registry.handlePanic(broken); // never throws
        } finally {
            jobDepth--;
            frameDepth = framesInUse; // a join the job left by a stack overflow may have kept it higher
            if (cutFrames != null) {
                reportCutFrames();
            }
        }
        if (pending && !topLevel) {
            Thread.currentThread().interrupt(); // not interrupt(): this object may not be the thread
        }
    }

    /**
     * Reports what the joins cut short by a stack overflow could not deliver
     * ({@code Join.Frame#reportIfCut}). Near the stack's end this may overflow again; the frames
     * not yet done then stay listed for an enclosing {@link #execute}, which goes on from the
     * first of them (its own side's exception is cleared before it is reported, and the right
     * side's is claimed, so neither is reported twice).
     */
    private void reportCutFrames() {
        try {
            Join.Frame f;
            while ((f = cutFrames) != null) {
                f.reportIfCut();
                cutFrames = f.nextCut;
            }
        } catch (StackOverflowError tooDeep) {
            // an enclosing execute, with more room, goes on with the list
        }
    }

    long jobsExecuted() {
        return (long) JOBS_EXECUTED.getOpaque(this);
    }

    long jobsStolen() {
        return (long) JOBS_STOLEN.getOpaque(this);
    }

    long sleeps() {
        return idle.sleeps();
    }

    /**
     * Runs jobs until {@code latch} is set. Owner only. The caller has reserved the stack
     * ({@link StackGuard#reserve()}) for the loop's steps: the jobs it completes (latch sets,
     * wake-ups, termination units) and the sleep protocol all run at this frame's depth.
     */
    void waitUntil(CoreLatch latch) {
        if (!latch.probe()) {
            waitUntilCold(latch);
        }
    }

    private void waitUntilCold(CoreLatch latch) {
        boolean topLevel = latch == loopLatch;
        outer:
        while (!latch.probe()) {
            // Local work first, then one steal and the injector, before touching the shared
            // sleep counters: a thread that finds work at once stays counted active, as it was
            // while it ran its last job (see "The loop" above).
            Job job = takeLocalJob();
            if (job == null) {
                job = stealOrInjected();
            }
            if (job != null) {
                execute(job, topLevel);
                continue;
            }
            sleep.startLooking(idle);
            // Every way out of the idle period leaves it through workFound, an exception too
            // (an OutOfMemoryError in a steal, say): a thread counted idle that is not searching
            // is a thread posters rely on in vain.
            boolean looking = true;
            try {
                while (!latch.probe()) {
                    job = findWork();
                    if (job != null) {
                        looking = false;
                        sleep.workFound(idle, this);
                        execute(job, topLevel);
                        continue outer;
                    }
                    sleep.noWorkFound(idle, latch, this);
                }
                // The latch is set: we "found" the work of whoever waits on it.
                looking = false;
                sleep.workFound(idle, this);
                return;
            } finally {
                if (looking) {
                    sleep.workFound(idle, this);
                }
            }
        }
    }

    /**
     * Runs a job found while this worker waits inside a job of its own (a join taking its right
     * side back, say). Owner only; the caller has reserved the stack.
     */
    void executeNested(Job job) {
        execute(job, false);
    }

    /**
     * Runs one job from anywhere, if there is one ({@code yieldNow}).
     *
     * @return whether a job ran
     */
    boolean yieldNow() {
        StackGuard.reserve();
        Job job = findWork();
        if (job == null) {
            return false;
        }
        execute(job, false);
        return true;
    }

    /**
     * Whether a job this worker pushed now would likely be stolen at once: its deque is empty and
     * another worker of the pool is idle or asleep ({@code Rayon.isWorkWanted}). Called by this
     * worker's own thread only (it reads the deque as its owner).
     *
     * <p>The counters are read only when the deque looks empty ({@code &&}). Reading them every
     * time ({@code &}), so that the JIT would see the read as hot and inline it into the leaf
     * loops that ask between batches, was tried: it took the last call out of those loops on
     * JDK 25 and made its fused {@code filter(..).count()} over 10^7 ints 2.7 times slower (4.9
     * against 13.1 ms, two JVMs each; JDK 17 and the other kernels unchanged), why was not found
     * (benchmarks/results/2026-11-28-issue10ar, section 3). So {@code LeafLoopCallsTest} allows
     * this method's call from {@link WantedHint}.
     *
     * @return the hint
     */
    boolean workWanted() {
        return deque.looksEmpty() && sleep.anyInactive();
    }

    /** This worker's {@link Rayon#workWantedHint()}: made once, with the worker. */
    BooleanSupplier workWantedHint() {
        return hint;
    }

    /**
     * The answer of {@link Rayon#workWantedHint()} for one worker, or for none ({@code worker}
     * null: always false). One class for both, so that a loop that asks one sees one type.
     */
    static final class WantedHint implements BooleanSupplier {
        private final WorkerThread worker;

        WantedHint(WorkerThread worker) {
            this.worker = worker;
        }

        @Override
        public boolean getAsBoolean() {
            return worker != null && worker.workWanted();
        }
    }

    /**
     * Whether a job this worker pushed now would likely wait for this worker to take it back:
     * its deque already holds a job, or no other worker of the pool is idle or asleep ({@code
     * Rayon.isPoolSaturated}); false where the sleep policy keeps no count of idle workers.
     * Called by this worker's own thread only (it reads the deque as its owner).
     *
     * @return the hint
     */
    boolean saturated() {
        return sleep.countsInactive() && !workWanted();
    }

    /**
     * Runs one local job, if there is one ({@code yieldLocal}).
     *
     * @return whether a job ran
     */
    boolean yieldLocal() {
        StackGuard.reserve();
        Job job = takeLocalJob();
        if (job == null) {
            return false;
        }
        execute(job, false);
        return true;
    }

    private static final VarHandle START_STATE =
            VarHandles.field(MethodHandles.lookup(), WorkerThread.class, "startState", int.class);
    private static final VarHandle JOBS_EXECUTED =
            VarHandles.field(MethodHandles.lookup(), WorkerThread.class, "jobsExecuted", long.class);
    private static final VarHandle JOBS_STOLEN =
            VarHandles.field(MethodHandles.lookup(), WorkerThread.class, "jobsStolen", long.class);
}
