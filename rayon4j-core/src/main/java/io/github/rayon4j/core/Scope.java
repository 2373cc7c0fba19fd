package io.github.rayon4j.core;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * A scope for spawning jobs that may borrow from the enclosing code: {@link Rayon#scope(Consumer)}
 * returns only after every job spawned in it, including jobs spawned by those jobs, has finished.
 *
 * <pre>{@code
 * int[] counts = new int[3];
 * Rayon.scope(s -> {
 *     s.spawn(s1 -> counts[0] = countWords(partA));
 *     s.spawn(s1 -> {
 *         counts[1] = countWords(partB);
 *         s1.spawn(s2 -> counts[2] = countWords(partC));   // nested: same scope
 *     });
 * });
 * // all three counts are written here
 * }</pre>
 *
 * <h2>Order</h2>
 * Jobs spawned by a worker go on its own deque, so the spawning worker, when it gets to them,
 * runs the most recently spawned first (LIFO); idle workers steal the oldest. Use
 * {@link ScopeFifo} for first-in, first-out order per spawning thread.
 *
 * <h2>Exceptions</h2>
 * If the body or any job throws, the scope still waits for every job, then rethrows the first
 * exception (the same object); later ones are attached as suppressed, or, if the first takes no
 * suppressed exceptions (the JVM's own {@link StackOverflowError} does not), sent to the pool's
 * panic handler.
 */
public final class Scope {
    final ScopeBase base;

    Scope(Registry registry, WorkerThread owner) {
        this.base = new ScopeBase(registry, owner);
    }

    /**
     * Spawns a job into this scope. It runs on the scope's pool, possibly before this method
     * returns; it receives the scope so it can spawn more.
     *
     * <p>A spawn is never rejected: an open scope holds its pool open (a scope opened on a pool
     * already shut down is rejected when it opens). From the scope's body or one of its jobs,
     * on a worker of its pool, a spawn costs about as much as a {@code ForkJoinTask.fork()}: a
     * push on the worker's deque, with a latch unit taken from a batch that the worker takes
     * 64 at a time. From anywhere else (an outside thread's {@code inPlaceScope} body, another
     * pool's worker, a job that is not this scope's) each spawn takes its unit with an atomic
     * count and a stack probe, about half a microsecond. Each job's completion is one atomic
     * decrement of the scope's count, shared by every worker: jobs of a few hundred nanoseconds
     * spread over many threads contend on it, so give each job some work (a chunk of items rather
     * than one), or use a parallel iterator for data-parallel loops.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     */
    public void spawn(Consumer<Scope> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Spawned<Scope> spawned = new ScopeBase.Spawned<>(base, job, this);
        base.spawn(spawned);
    }

    /**
     * Spawns one job per worker of the scope's pool; each receives its {@link BroadcastContext}.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     */
    public void spawnBroadcast(BiConsumer<Scope, BroadcastContext> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Share<Scope>[] shares = base.shares(job, this);
        base.accept(shares.length);
        base.registry.injectBroadcast(shares);
    }
}
