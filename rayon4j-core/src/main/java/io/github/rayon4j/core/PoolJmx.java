package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.AtomicCounters;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The {@link ThreadPoolMXBean} of one pool and its registration in the platform MBean server.
 *
 * <h2>Off the caller's path, and late</h2>
 * Starting the platform MBean server costs about 150 ms of CPU and 400 classes the first time in
 * a JVM (measured: a first {@code build()} took 180 ms with registration done in place, 30 ms
 * without), which would make every application that touches rayon4j pay it at start-up, and a
 * short program pay it while it computes. So registration and unregistration are tasks of a
 * background daemon thread ({@code rayon4j-jmx}, which exists while a task is outstanding), and
 * a registration runs {@link #REGISTER_DELAY_MS} after it was asked for: a pool that lives longer
 * than that (anything a monitoring console can look at) has its bean, and a program that is done
 * sooner never starts the MBean server. A pool's bean is unregistered after it was registered: an
 * unregistration asked for before the delayed registration ran cancels it instead, and one asked
 * for later runs after it (tasks run one at a time; see {@code Tasks}). {@code close()} waits for its unregistration;
 * {@code shutdown()} and a {@code Cleaner} only ask for it. Registration never makes building a
 * pool fail: if it cannot be done (a name clash with someone else's bean, a restrictive MBean
 * server) a warning is logged and the pool runs without it.
 */
final class PoolJmx implements ThreadPoolMXBean {
    /** The JMX domain of rayon4j's beans. */
    static final String DOMAIN = "io.github.rayon4j";

    /** How long after a pool asks for its bean the bean is registered. */
    static final long REGISTER_DELAY_MS = 1000;

    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    /**
     * The {@code rayon4j-jmx} daemon thread: a {@link Timer}, made when a task is asked for and
     * none is outstanding, and cancelled (its thread ends) when the last outstanding task has run
     * or was cancelled. Tasks run one at a time on that thread, in the order of their due times
     * (tasks due in the same millisecond in any order: a bean's unregistration is only scheduled
     * once its registration was cancelled or has started, so it always runs after it). A {@code
     * Timer} rather than a {@code ScheduledThreadPoolExecutor}: a program's first pool pays for
     * what this loads, and the executor's two dozen classes, which the JDK's default class-data
     * archive does not hold, cost about 2 ms against the timer's 0.3 (JDK 17, this project's
     * machine). Locks are taken in one order: a bean's monitor, then a task's, then
     * {@code Tasks.class}; {@code Timer} takes only its own, inside ours.
     */
    private static final class Tasks {
        /** Guarded by {@code Tasks.class}; null while no task is outstanding. */
        private static Timer timer;
        /** Tasks scheduled and neither run nor cancelled, the delayed registrations among them; guarded by {@code Tasks.class}. */
        private static final Set<Task> OUTSTANDING = new HashSet<>();

        private Tasks() {
        }

        static synchronized Task schedule(Task task, long delayMs) {
            if (timer == null) {
                timer = new Timer("rayon4j-jmx", true);
            }
            OUTSTANDING.add(task);
            timer.schedule(task, delayMs);
            return task;
        }

        /** {@code task} ran or was cancelled before it ran. */
        static synchronized void finished(Task task) {
            OUTSTANDING.remove(task);
            if (OUTSTANDING.isEmpty()) {
                timer.cancel(); // from the timer's own thread too: it ends after this task
                timer = null;
            }
        }

        static synchronized List<Task> outstanding() {
            return new ArrayList<>(OUTSTANDING);
        }
    }

    /**
     * A task of the {@code rayon4j-jmx} thread, the registration or the unregistration of a bean.
     * {@link #done()} completes when it ran or was cancelled; it is made on demand (unregistering,
     * tests), so that a first pool does not pay for loading {@code CompletableFuture}.
     */
    private static final class Task extends TimerTask {
        private final PoolJmx bean;
        private final boolean register;
        /** Guarded by {@code this}. */
        private CompletableFuture<Void> done;
        /** Whether it ran or was cancelled; guarded by {@code this}. */
        private boolean finished;
        /** What it threw; guarded by {@code this}. */
        private Throwable failure;

        Task(PoolJmx bean, boolean register) {
            this.bean = bean;
            this.register = register;
        }

        @Override
        public void run() {
            Throwable thrown = null;
            try {
                if (register) {
                    bean.registerNow();
                } else {
                    bean.unregisterNow();
                }
            } catch (Throwable t) {
                thrown = t; // an error must not end the timer's thread under the other tasks
            } finally {
                finish(thrown);
            }
        }

        /** Cancels the task; true if it had not started, so it never will. */
        boolean cancelBeforeRun() {
            if (cancel()) {
                finish(null);
                return true;
            }
            return false;
        }

        private void finish(Throwable thrown) {
            synchronized (this) {
                finished = true;
                failure = thrown;
                if (done != null) {
                    complete(done);
                }
            }
            Tasks.finished(this);
        }

        synchronized CompletableFuture<Void> done() {
            if (done == null) {
                done = new CompletableFuture<>();
                if (finished) {
                    complete(done);
                }
            }
            return done;
        }

        private void complete(CompletableFuture<Void> future) {
            if (failure != null) {
                future.completeExceptionally(failure);
            } else {
                future.complete(null);
            }
        }
    }

    private final Registry registry;
    private final String poolName;
    /** The delayed registration; guarded by {@code this}. */
    private Task registration;

    private PoolJmx(Registry registry, String poolName) {
        this.registry = registry;
        this.poolName = poolName;
    }

    /** Asks for a pool built by {@link ThreadPoolBuilder#build()} to be registered as {@code name=pool-N}. */
    static PoolJmx register(Registry registry) {
        return register(registry, "pool-" + SEQUENCE.incrementAndGet());
    }

    /** Asks for the global pool to be registered as {@code name=global}. */
    static PoolJmx registerGlobal(Registry registry) {
        return register(registry, "global");
    }

    private static PoolJmx register(Registry registry, String poolName) {
        PoolJmx bean = new PoolJmx(registry, poolName);
        synchronized (bean) {
            bean.registration = Tasks.schedule(new Task(bean, true), REGISTER_DELAY_MS);
        }
        return bean;
    }

    private void registerNow() {
        try {
            ManagementFactory.getPlatformMBeanServer().registerMBean(this, objectName(poolName));
        } catch (JMException | RuntimeException e) {
            // RuntimeException too: a SecurityException, or a platform server that fails to start,
            // must not stop the pool from working.
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: thread pool " + poolName + " not registered in JMX: " + e);
        }
    }

    static ObjectName objectName(String poolName) throws JMException {
        return new ObjectName(DOMAIN + ":type=ThreadPool,name=" + poolName); // pool-N or global: no quoting needed
    }

    /**
     * Asks for the bean to be removed from the MBean server (quietly nothing if it is not there).
     *
     * @return done when it was removed
     */
    Future<?> unregister() {
        synchronized (this) {
            if (registration.cancelBeforeRun()) {
                return CompletableFuture.completedFuture(null); // never registered
            }
            return Tasks.schedule(new Task(this, false), 0).done();
        }
    }

    private void unregisterNow() {
        try {
            ObjectName name = objectName(poolName);
            MBeanServer server = ManagementFactory.getPlatformMBeanServer();
            if (server.isRegistered(name)) {
                server.unregisterMBean(name);
            }
        } catch (JMException | RuntimeException e) {
            System.getLogger(PoolJmx.class.getName()).log(System.Logger.Level.WARNING,
                    "rayon4j: " + poolName + " not unregistered from JMX: " + e);
        }
    }

    /**
     * Runs the delayed registrations now, and waits until every registration and unregistration
     * asked for so far is done (tests).
     */
    static void awaitPending() throws InterruptedException, ExecutionException {
        for (Task task : Tasks.outstanding()) {
            if (task.register) {
                PoolJmx bean = task.bean;
                synchronized (bean) {
                    if (bean.registration == task && task.cancelBeforeRun()) {
                        bean.registration = Tasks.schedule(new Task(bean, true), 0);
                    }
                }
            }
        }
        for (Task task : Tasks.outstanding()) {
            task.done().get();
        }
    }

    @Override
    public int getPoolSize() {
        return registry.numThreads();
    }

    @Override
    public int getThreadCount() {
        int live = 0;
        int limit = registry.slotLimit();
        for (int i = 0; i < limit; i++) {
            WorkerThread w = registry.worker(i);
            if (w != null && w.isRunning()) {
                live++;
            }
        }
        return live;
    }

    @Override
    public String[] getWorkerThreadNames() {
        String[] names = new String[registry.numThreads()];
        for (int i = 0; i < names.length; i++) {
            WorkerThread w = registry.worker(i);
            names[i] = w != null ? w.threadName() : null;
        }
        return names;
    }

    @Override
    public long getJobsExecuted() {
        return registry.metrics().jobsExecuted();
    }

    @Override
    public long getJobsStolen() {
        return registry.metrics().jobsStolen();
    }

    @Override
    public long getJobsInjected() {
        return registry.metrics().jobsInjected();
    }

    @Override
    public long getSleeps() {
        return registry.metrics().sleeps();
    }

    @Override
    public long getWakeUps() {
        return registry.metrics().wakeUps();
    }

    @Override
    public long getSpareActivations() {
        return registry.metrics().spareActivations();
    }

    @Override
    public long getFruitlessWakeUps() {
        return registry.metrics().fruitlessWakeUps();
    }

    @Override
    public int getActiveThreads() {
        int inactive = AtomicCounters.inactiveThreads(registry.sleep().counters().load());
        return Math.max(0, getThreadCount() - inactive);
    }

    @Override
    public int getInjectorDepth() {
        return registry.injectorDepth();
    }

    @Override
    public int[] getDequeDepths() {
        int[] depths = new int[registry.slotLimit()];
        for (int i = 0; i < depths.length; i++) {
            WorkerThread w = registry.worker(i);
            depths[i] = w != null ? w.deque().size() : 0;
        }
        return depths;
    }
}
