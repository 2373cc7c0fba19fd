package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.AtomicCounters;
import io.github.rayon4j.core.sleep.Sleep;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;

/**
 * Configures and creates a {@link ThreadPool}, or the global pool.
 *
 * <pre>{@code
 * try (ThreadPool pool = new ThreadPoolBuilder()
 *         .numThreads(4)
 *         .threadName(i -> "render-" + i)
 *         .panicHandler(e -> log.error("spawned job failed", e))
 *         .build()) {
 *     long total = pool.install(() -> sumInParallel(data));
 * }
 * }</pre>
 *
 * <p>Without {@link #numThreads(int)} the size comes from the system property
 * {@code rayon4j.numThreads}, else the environment variable {@code RAYON_NUM_THREADS}, else
 * {@link Runtime#availableProcessors()}; as in Rayon, a value of 0 there means that default, and
 * so does a value that is not a thread count (with a warning logged). A builder is not
 * thread-safe; {@link #build()} copies what it needs, so a builder may be reused.
 */
public final class ThreadPoolBuilder {
    /** The system property that sets the default pool size. */
    public static final String NUM_THREADS_PROPERTY = "rayon4j.numThreads";
    /** The environment variable that sets the default pool size (Rayon's). */
    public static final String NUM_THREADS_ENV = "RAYON_NUM_THREADS";

    /** Default for {@link #maxBlockingSpares(int)}, as ForkJoinPool's default spare limit. */
    public static final int DEFAULT_MAX_BLOCKING_SPARES = 256;

    int numThreads;
    IntFunction<String> threadName;
    long stackSize;
    IntConsumer startHandler;
    IntConsumer exitHandler;
    Consumer<Throwable> panicHandler;
    Consumer<DeadlockReport> deadlockHandler;
    int maxBlockingSpares = DEFAULT_MAX_BLOCKING_SPARES;
    int roundsUntilSleepy = Sleep.DEFAULT_ROUNDS_UNTIL_SLEEPY;
    SleepPolicy sleepPolicy = SleepPolicy.RAYON;
    int dequeCapacity = WorkStealingDeque.DEFAULT_CAPACITY;
    /** Starts each worker thread ({@code null}: {@link Thread#start}); tests set it to make a start fail part-way. */
    Consumer<Thread> threadStarter;
    boolean jmx = true;
    ThreadSpawn spawnHandler;
    boolean useCurrentThread;
    /** Whether outside calls may run on the caller in a sleeping worker's place; off by default. */
    boolean callerRuns;
    /** How long build() waits for a spawn handler's threads to call run(); tests shorten it. */
    long spawnTimeoutNanos = TimeUnit.SECONDS.toNanos(30);

    /** A builder with every option at its default. */
    public ThreadPoolBuilder() {
    }

    /**
     * The number of worker threads.
     *
     * @param n at least 1, at most {@value AtomicCounters#THREADS_MAX}
     * @return this builder
     * @throws IllegalArgumentException if {@code n} is out of range
     */
    public ThreadPoolBuilder numThreads(int n) {
        checkThreads(n, "numThreads");
        this.numThreads = n;
        return this;
    }

    /**
     * Names the worker threads.
     *
     * @param name maps a worker index to its thread's name
     * @return this builder
     * @throws NullPointerException if {@code name} is null
     */
    public ThreadPoolBuilder threadName(IntFunction<String> name) {
        this.threadName = Objects.requireNonNull(name, "name");
        return this;
    }

    /**
     * The stack size of each worker, in bytes, as {@link Thread#Thread(ThreadGroup, Runnable,
     * String, long)} takes it; 0 means the JVM's default. Deep recursion through {@code join}
     * may want more.
     *
     * @param bytes at least 0
     * @return this builder
     * @throws IllegalArgumentException if negative
     */
    public ThreadPoolBuilder stackSize(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("stackSize must not be negative: " + bytes);
        }
        this.stackSize = bytes;
        return this;
    }

    /**
     * Called on each worker thread when it starts, with its index.
     *
     * @param handler the handler
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder startHandler(IntConsumer handler) {
        this.startHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Called on each worker thread just before it exits, with its index.
     *
     * @param handler the handler
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder exitHandler(IntConsumer handler) {
        this.exitHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Receives exceptions that no caller waits for: those thrown by jobs started with
     * {@code spawn}, and those a {@code join} cannot deliver (its right side's, when the left
     * side threw an exception that takes no suppressed ones, such as the JVM's own
     * {@link StackOverflowError}, or when a stack overflow cut the join short). Without one they
     * go to the worker thread's uncaught-exception handler.
     *
     * @param handler the handler
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder panicHandler(Consumer<Throwable> handler) {
        this.panicHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Called when no worker is active and at least one is blocked in user code (see
     * {@link Rayon#markBlocked()}). It runs on the pool thread that detected the deadlock, while
     * the pool's deadlock lock is held: it must not call {@code markBlocked}/{@code markUnblocked}
     * or set pool work going itself, but hand the problem to another thread. That thread, to
     * resume the pool, should call {@link ThreadPool#markUnblocked()} once for every thread it is
     * about to release <em>before</em> releasing any, so that the first released thread does not
     * see a second, false, deadlock. Without a handler, the pool logs its first
     * {@link DeadlockReport} as a warning (later ones at DEBUG level). What a handler throws goes
     * to the panic handler.
     *
     * @param handler the handler
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder deadlockHandler(Runnable handler) {
        Objects.requireNonNull(handler, "handler");
        this.deadlockHandler = report -> handler.run();
        return this;
    }

    /**
     * As {@link #deadlockHandler(Runnable)}, with a report of which threads were blocked and
     * where (their names, states and stacks). One handler per pool: this replaces a
     * {@code deadlockHandler} set before, and the other way round.
     *
     * <pre>{@code
     * .deadlockReportHandler(report -> rescuer.execute(() -> diagnoseAndRelease(report)))
     * }</pre>
     *
     * @param handler the handler
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder deadlockReportHandler(Consumer<DeadlockReport> handler) {
        this.deadlockHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * The most spare workers that {@link Rayon#blockInPlace} may start at once in this pool, to
     * keep the pool's parallelism while workers block in user code. 0 disables spares:
     * {@code blockInPlace} then only marks the thread blocked for deadlock detection.
     *
     * @param max at least 0
     * @return this builder
     * @throws IllegalArgumentException if negative
     */
    public ThreadPoolBuilder maxBlockingSpares(int max) {
        if (max < 0) {
            throw new IllegalArgumentException("maxBlockingSpares must not be negative: " + max);
        }
        this.maxBlockingSpares = max;
        return this;
    }

    /**
     * Makes the pool's threads with {@code handler} instead of starting its own (Rayon's
     * {@code spawn_handler}): for each worker, {@code build()} calls the handler with a
     * {@link WorkerStart} (index, name, stack size), and the handler starts a thread of its
     * making that calls {@link WorkerStart#run()}: in a thread group of its own, with a bigger
     * stack, a priority, a context class loader, on a thread of its own executor...
     *
     * <pre>{@code
     * ThreadGroup group = new ThreadGroup("solver");
     * try (ThreadPool pool = new ThreadPoolBuilder()
     *         .numThreads(8)
     *         .stackSize(256L << 20)                       // deep recursion in the jobs
     *         .spawnHandler(w -> {
     *             Thread t = new Thread(group, w::run, w.name(), w.stackSize());
     *             t.setDaemon(true);
     *             t.start();
     *         })
     *         .build()) {
     *     pool.install(() -> solve(problem));
     * }
     * }</pre>
     *
     * <ul>
     *   <li><b>Failure.</b> If the handler throws, {@code build()} throws an
     *       {@link IllegalStateException} with the handler's exception as its cause (an
     *       {@link Error} as it is) and stops the workers already started. {@code build()} then
     *       waits until every worker's thread has called {@code run()}, at most 30 seconds; a
     *       handler that returned without starting a thread, or whose thread called {@code run()}
     *       where it must not (see {@link WorkerStart#run()}), fails the build the same way
     *       instead of leaving a pool that would hang.</li>
     *   <li><b>Spares.</b> The spare workers that {@link Rayon#blockInPlace} starts come from the
     *       handler too ({@link WorkerStart#isSpare()}, indices from {@code numThreads} up), so
     *       every thread that runs the pool's jobs is one the handler made. A spare's handler
     *       call runs on the blocking worker's thread; if it throws, that {@code blockInPlace}
     *       goes on without a spare (as when {@link #maxBlockingSpares(int)} is reached) and the
     *       exception goes to the panic handler; a spare thread that has not called
     *       {@code run()} by the time the blocking operation returns is not waited for (its
     *       {@code run()} then returns at once).</li>
     *   <li><b>Termination.</b> {@link ThreadPool#close()} and
     *       {@link ThreadPool#awaitTermination} wait until every worker's {@code run()} has
     *       returned, not until its thread ends: the handler's thread may go on with other
     *       work. {@link #threadName}, {@link #stackSize} and the daemon flag are the handler's
     *       to apply (as {@code WorkerStart.name()} and {@code stackSize()}); the start and exit
     *       handlers run on its threads as on the pool's own.</li>
     *   <li><b>Virtual threads</b> are a bad idea: pool jobs are CPU-bound and do not yield, so
     *       a worker on a virtual thread pins a carrier of the JDK's scheduler while it has
     *       work, the carriers rather than {@code numThreads} decide the parallelism, and the
     *       stack size is ignored. Use platform threads.</li>
     * </ul>
     *
     * @param handler starts one thread per worker that calls {@link WorkerStart#run()}
     * @return this builder
     * @throws NullPointerException if {@code handler} is null
     */
    public ThreadPoolBuilder spawnHandler(ThreadSpawn handler) {
        this.spawnHandler = Objects.requireNonNull(handler, "handler");
        return this;
    }

    /**
     * Whether a call from outside the pool ({@code install}, {@code join}, {@code scope}, a
     * parallel iterator's terminal operation) may run on the calling thread itself while a worker
     * of the pool sleeps, instead of being handed to that worker while the caller waits.
     *
     * <p>With it on, such a call takes the place of a sleeping worker, which stays asleep until
     * the call returns: the caller runs the call as a worker of the pool (its joins push work
     * that the other workers steal; what it spawns goes to the pool's queue), so the pool never
     * runs more threads at once than it has workers, and the call starts at once instead of after
     * a wake-up. This is what {@code parallelStream()} does on the common pool, whose caller
     * takes part in its own work; for short calls it saves the hand-off both ways. When no worker
     * sleeps (the pool is busy), the call is handed over as usual.
     *
     * <p>What changes for the code inside the call: it runs on the caller's thread, so it sees
     * the caller's thread name, thread-locals, context class loader, interrupt status and stack
     * size rather than a worker's; {@link Rayon#currentThreadIndex()} gives an index of its own in
     * {@code [currentNumThreads(), currentMaxThreads())}, as a {@code blockInPlace} spare's
     * (it uses a free spare slot; with {@link #maxBlockingSpares(int) maxBlockingSpares(0)} there
     * are none, and calls are always handed over). Code that needs a worker's thread (a larger
     * {@link #stackSize(long) stack}, a thread-local set up by a broadcast) should keep it off.
     *
     * <p>Default: off. Measured on a two-core machine (benchmarks/results/2026-11-26-issue10v):
     * calls of tens of microseconds into a pool that sleeps between them got 25-45 % faster, and a
     * trivial job's wake latency halved; but a 3 ms job into a pool that slept got 30 % slower,
     * because the kernel there often queued the woken worker behind the busy caller instead of
     * on the idle processor, and one P1 kernel 40 % in its harness (which calls it through
     * reflection, under which the plain loop of that kernel is three times slower too; called
     * directly it was as fast either way). On a 16-core machine whose kernel knows its caches
     * (benchmarks/results/2026-11-26-issue10w) neither cost appeared, and idle CPU and wake
     * latency fell below ForkJoinPool's. Beside another process that keeps every processor busy,
     * a pool with it also keeps its whole share of the machine, where one without it loses 3-6 %
     * to the wake-ups of each call (benchmarks/results/2026-11-27-issue10ag). Turn it on for a
     * pool that serves many short calls from outside, above all on more than two cores, and
     * measure.
     * Only the {@link SleepPolicy#RAYON} sleep policy has guests; under the other policies this
     * setting is ignored. For the global pool: {@code buildGlobal()} on a builder with it set.
     *
     * <pre>{@code
     * ThreadPool pool = new ThreadPoolBuilder().numThreads(8).callerRuns(true).build();
     * long n = pool.install(() -> IntParIter.range(0, 1_000_000).filter(i -> i % 3 == 0).count());
     * }</pre>
     *
     * @param on whether outside calls may run on the calling thread
     * @return this builder
     */
    public ThreadPoolBuilder callerRuns(boolean on) {
        this.callerRuns = on;
        return this;
    }

    /**
     * Makes the thread that calls {@link #build()} the pool's worker 0 instead of starting a
     * thread for it (Rayon's {@code use_current_thread}). That thread is not taken over: it
     * returns from {@code build()} and goes on with its own code, and it runs the pool's work
     * only while it is inside a call to the pool ({@code install}, {@code join}, a scope, a
     * {@code broadcast}, {@link Rayon#yieldNow()}...), which it runs as a worker does, inline,
     * stealing from the other workers while it waits. The other workers steal from its deque
     * at any time. The start and exit handlers, and a {@link #spawnHandler}, are not called for
     * it.
     *
     * <pre>{@code
     * try (ThreadPool pool = new ThreadPoolBuilder().numThreads(4).useCurrentThread().build()) {
     *     // this thread is worker 0 of pool: Rayon.join(...) here runs in pool
     *     long n = pool.install(() -> IntParIter.range(0, 1_000_000).filter(Primes::isPrime).count());
     * }   // close(), on this thread: it helps finish what is queued, then is no longer a worker
     * }</pre>
     *
     * <ul>
     *   <li><b>Until when.</b> The thread is worker 0 until it calls {@link ThreadPool#close()}
     *       (which first runs worker 0's share of the remaining work), or until the pool has
     *       terminated (closed elsewhere, or dropped: the first pool call on the thread after
     *       that finds it an outside thread again). Meanwhile {@code Rayon.join} and friends on
     *       that thread use this pool, not the global one, and {@code close()} from inside a job
     *       it runs throws {@link IllegalStateException}.</li>
     *   <li><b>What waits for it.</b> Work only worker 0 can run waits until the thread next
     *       enters the pool: its share of a {@code broadcast} from another thread (and so that
     *       broadcast), and, in a pool of {@code numThreads(1)}, everything submitted from
     *       other threads. Close such a pool on that thread, which runs it.</li>
     *   <li><b>If the thread ends</b> without closing the pool, the other workers still steal
     *       what its deque holds, but its broadcast shares never run, and a one-thread pool
     *       runs nothing more: close the pool on that thread before it ends.</li>
     *   <li><b>Deadlock detection</b> counts worker 0 as active while the thread is outside the
     *       pool, so it fires only while that thread waits inside it.</li>
     * </ul>
     *
     * <p>{@code build()} throws {@link IllegalStateException} if the calling thread already is a
     * worker of a pool (a worker thread of any pool, or worker 0 of another
     * {@code useCurrentThread()} pool that has not terminated).
     *
     * @return this builder
     */
    public ThreadPoolBuilder useCurrentThread() {
        this.useCurrentThread = true;
        return this;
    }

    /** How long {@code build()} waits for a spawn handler's threads; for this module's tests. */
    ThreadPoolBuilder spawnTimeout(long nanos) {
        this.spawnTimeoutNanos = nanos;
        return this;
    }

    /**
     * Whether the pool registers a {@link ThreadPoolMXBean} in the platform MBean server while it
     * is open (default {@code true}); the bean is registered one second after the pool is built,
     * on a background thread, so a pool closed sooner never starts the MBean server. Turn it off
     * for pools that live briefly and in large numbers, or where JMX is unwanted.
     *
     * <pre>{@code
     * ThreadPool scratch = new ThreadPoolBuilder().numThreads(2).jmx(false).build();
     * }</pre>
     *
     * @param enabled {@code false} to skip registration
     * @return this builder
     */
    public ThreadPoolBuilder jmx(boolean enabled) {
        this.jmx = enabled;
        return this;
    }

    /**
     * How idle workers sleep and whom new work wakes (default {@link SleepPolicy#RAYON}). See
     * {@link SleepPolicy} for what each is good for.
     *
     * <pre>{@code
     * ThreadPool baseline = new ThreadPoolBuilder().sleepPolicy(SleepPolicy.LEGACY_TICKLE).build();
     * }</pre>
     *
     * @param policy the policy
     * @return this builder
     * @throws NullPointerException if {@code policy} is null
     */
    public ThreadPoolBuilder sleepPolicy(SleepPolicy policy) {
        this.sleepPolicy = Objects.requireNonNull(policy, "policy");
        return this;
    }

    /**
     * Fruitless rounds of a whole search before a worker gets sleepy (default 32, as Rayon; a
     * worker whose searches keep ending asleep halves its own yielding ones, down to one).
     * Package-private: for this module's tests, which shrink it so that workers fall asleep
     * within microseconds; the benchmarks and users cannot set it.
     */
    ThreadPoolBuilder roundsUntilSleepy(int rounds) {
        if (rounds < 0) {
            throw new IllegalArgumentException("roundsUntilSleepy must not be negative: " + rounds);
        }
        this.roundsUntilSleepy = rounds;
        return this;
    }


    /**
     * Initial deque capacity (a power of two). Package-private: for this module's tests, which
     * make it small to exercise growth.
     */
    ThreadPoolBuilder dequeCapacity(int capacity) {
        this.dequeCapacity = capacity;
        return this;
    }

    /**
     * Creates and starts a pool.
     *
     * @return the new pool; close it when done
     * @throws IllegalStateException if a {@link #spawnHandler} failed to start a worker, or with
     *                               {@link #useCurrentThread()} if the calling thread already
     *                               is a worker of a pool
     */
    public ThreadPool build() {
        return new ThreadPool(new Registry(this, false), jmx);
    }

    /**
     * Creates the global pool from this builder. Only possible before anything used the global
     * pool (the first {@code Rayon.join} outside a pool creates it with defaults). Unless
     * {@link #jmx(boolean) jmx(false)}, it registers its {@link ThreadPoolMXBean} as
     * {@code io.github.rayon4j:type=ThreadPool,name=global}.
     *
     * @throws IllegalStateException if the global pool already exists
     */
    public void buildGlobal() {
        Registry.initGlobal(this);
    }

    int resolvedNumThreads() {
        return numThreads > 0 ? numThreads : defaultNumThreads();
    }

    static int defaultNumThreads() {
        String property = System.getProperty(NUM_THREADS_PROPERTY);
        if (property != null) {
            return parseThreads(property, "system property " + NUM_THREADS_PROPERTY);
        }
        String env = System.getenv(NUM_THREADS_ENV);
        if (env != null && !env.isBlank()) {
            return parseThreads(env, "environment variable " + NUM_THREADS_ENV);
        }
        return availableThreads();
    }

    private static int availableThreads() {
        return Math.min(Runtime.getRuntime().availableProcessors(), AtomicCounters.THREADS_MAX);
    }

    /**
     * The pool size a property or environment value asks for. As in Rayon, 0 means the default
     * (available processors), and so does anything that is not a valid size, with one warning
     * logged, rather than an exception at every first use of the global pool.
     */
    static int parseThreads(String value, String source) {
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            n = -1;
        }
        if (n == 0) {
            return availableThreads();
        }
        if (n < 0 || n > AtomicCounters.THREADS_MAX) {
            int fallback = availableThreads();
            System.getLogger(ThreadPoolBuilder.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: ignoring " + source + "='" + value + "' (not a thread count from 0 to "
                            + AtomicCounters.THREADS_MAX + "); using " + fallback + " threads");
            return fallback;
        }
        return n;
    }

    private static void checkThreads(int n, String what) {
        if (n < 1 || n > AtomicCounters.THREADS_MAX) {
            throw new IllegalArgumentException(
                    what + " must be between 1 and " + AtomicCounters.THREADS_MAX + ": " + n);
        }
    }
}
