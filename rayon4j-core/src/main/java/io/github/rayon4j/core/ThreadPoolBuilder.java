package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.AtomicCounters;
import io.github.rayon4j.core.sleep.Sleep;
import java.util.Objects;
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
    /** Starts each worker thread; tests replace it to make a start fail part-way. */
    Consumer<Thread> threadStarter = Thread::start;
    boolean jmx = true;

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
     * {@code spawn}. Without one they go to the worker thread's uncaught-exception handler.
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
     * Fruitless rounds before a worker gets sleepy (default 8, Rayon 32). Package-private: for
     * this module's tests, which shrink it so that workers fall asleep within microseconds; the
     * benchmarks and users cannot set it.
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
