package io.github.rayon4j.core;

import io.github.rayon4j.core.internal.VarHandles;
import io.github.rayon4j.core.sleep.CoreLatch;
import io.github.rayon4j.core.sleep.IdleState;
import io.github.rayon4j.core.sleep.Sleep;
import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;

/**
 * A worker of a {@link Registry}: a platform daemon thread with its own work-stealing deque and
 * broadcast queue (RFC #5, "Worker thread loop").
 *
 * <h2>The loop</h2>
 * {@link #waitUntil(CoreLatch)} runs jobs until a latch is set. At the top level the latch is the
 * worker's termination latch; inside {@code join} or a scope it is the latch of the job being
 * waited for, so a waiting worker keeps working instead of blocking. Each pass: pop the newest
 * local job (own deque, then own broadcast queue). If there is none, become idle and search in
 * rounds: local, then a steal from the other workers' deques starting at a random victim, then
 * the registry's injector. A job found, or the latch set, ends the idle period, always through
 * {@code Sleep.workFound} (an exception too: a try/finally), which hands off queued work to a
 * sleeper; a fruitless round is reported to the sleep module, which spins, gets the worker
 * sleepy, or puts it to sleep on the latch. Every step that runs jobs or sleeps is entered with
 * the stack reserved ({@code StackGuard}); see {@link Join} for the hot path that is not.
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
    private final Registry registry;
    private final int index;
    private final WorkStealingDeque<Job> deque;
    private final ConcurrentLinkedQueue<Job> broadcasts = new ConcurrentLinkedQueue<>();
    private final IdleState idle;
    private final Sleep sleep;
    /** Final for workers; for a spare, replaced on each activation (null while cached). */
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
                 CoreLatch loopLatch, boolean spare) {
        super(null, null, name, stackSize);
        this.registry = registry;
        this.index = index;
        this.loopLatch = loopLatch;
        this.spare = spare;
        this.deque = new WorkStealingDeque<>(dequeCapacity);
        this.idle = new IdleState(index);
        this.sleep = registry.sleep();
        this.rng = 0x9E3779B97F4A7C15L * (index + 1);
        setDaemon(true);
    }

    /** The calling thread as a worker, or {@code null} if it is not a pool thread. */
    static WorkerThread current() {
        Thread t = Thread.currentThread();
        return t instanceof WorkerThread ? (WorkerThread) t : null;
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
        LockSupport.unpark(this);
    }

    @Override
    public void run() {
        if (spare) {
            do {
                runLoop(loopLatch);
                loopLatch = null;
            } while (registry.spares().retired(this));
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
    private void runLoop(CoreLatch latch) {
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
     * Pushes a job onto this worker's deque and tells the sleep module. Owner only.
     *
     * <p>It cannot be cut by a stack overflow: the deque's push publishes the job with its last
     * step, and telling the sleep module is best effort. A wake-up it cannot make for lack of
     * stack ({@link Sleep#wakeSpecificThread} reserves its stack first, so it is either made
     * whole or not at all) loses no job: this worker is awake and pops its own job itself.
     */
    void push(Job job) {
        boolean wasEmpty = deque.push(job);
        try {
            sleep.newInternalJobs(index, 1, wasEmpty);
        } catch (StackOverflowError tooDeep) {
            // best effort, see above
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
        job = steal();
        if (job != null) {
            return job;
        }
        return registry.popInjectedJob();
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

    @Override
    public boolean hasSharedJobs() {
        return registry.hasInjectedJobs();
    }

    /**
     * Runs one job found by the loop. A job never throws (see {@link Job}).
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
        job.execute();
        if (pending && !topLevel) {
            interrupt();
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
            // Local work first, before touching the shared sleep counters.
            Job job = takeLocalJob();
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

    private static final VarHandle JOBS_EXECUTED =
            VarHandles.field(MethodHandles.lookup(), WorkerThread.class, "jobsExecuted", long.class);
    private static final VarHandle JOBS_STOLEN =
            VarHandles.field(MethodHandles.lookup(), WorkerThread.class, "jobsStolen", long.class);
}
