package io.github.rayon4j.core;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A scope whose jobs, spawned by one thread, start in the order they were spawned
 * ({@link Rayon#scopeFifo(Consumer)}). It is otherwise a {@link Scope}: it returns only after
 * every job spawned in it has finished, and rethrows the first exception after that.
 *
 * <pre>{@code
 * List<String> log = Collections.synchronizedList(new ArrayList<>());
 * pool1.install(() -> Rayon.scopeFifo(s -> {
 *     for (int i = 0; i < 3; i++) {
 *         int n = i;
 *         s.spawnFifo(s1 -> log.add("job " + n));
 *     }
 * }));
 * // on a one-thread pool: job 0, job 1, job 2
 * }</pre>
 *
 * <h2>How</h2>
 * Each worker of the pool has a FIFO queue in this scope. A spawn on a worker puts the job in that
 * worker's queue and pushes an indirection on the worker's LIFO deque; whoever runs an
 * indirection runs the oldest job of that queue (Rayon's {@code JobFifo}). Spawns from threads
 * outside the pool go to the pool's injector, which is FIFO as well.
 */
public final class ScopeFifo {
    final ScopeBase base;
    private final JobFifo[] fifos;

    ScopeFifo(Registry registry, WorkerThread owner) {
        this.base = new ScopeBase(registry, owner);
        this.fifos = new JobFifo[registry.maxSlots()];
    }

    /** Worker {@code w}'s queue in this scope, created on its first FIFO spawn. Only worker
     *  {@code w} reads or writes slot {@code w.index()}, so no synchronization is needed. */
    private JobFifo fifoOf(WorkerThread w) {
        JobFifo fifo = fifos[w.index()];
        if (fifo == null) {
            fifo = new JobFifo();
            fifos[w.index()] = fifo;
        }
        return fifo;
    }

    /**
     * Spawns a job into this scope, first-in first-out with respect to the calling thread's
     * other FIFO spawns. Never rejected: an open scope holds its pool open. Each FIFO spawn takes
     * its latch unit with an atomic count behind a stack probe, about half a microsecond on the
     * spawning thread ({@link Scope#spawn} takes them in batches on its pool's workers).
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     */
    public void spawnFifo(Consumer<ScopeFifo> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Spawned<ScopeFifo> spawned = new ScopeBase.Spawned<>(base, job, this);
        WorkerThread w = base.registry.spawningWorker();
        JobFifo fifo = w == null ? null : fifoOf(w); // made before the units are taken
        base.accept(1);
        base.registry.queueAcceptedFifo(spawned, w, fifo);
    }

    /**
     * Spawns one job per worker of the scope's pool; each receives its {@link BroadcastContext}.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     */
    public void spawnBroadcast(BiConsumer<ScopeFifo, BroadcastContext> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Share<ScopeFifo>[] shares = base.shares(job, this);
        base.accept(shares.length);
        base.registry.injectBroadcast(shares);
    }
}
