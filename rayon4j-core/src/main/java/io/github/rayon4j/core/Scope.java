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
     * <p>A spawn costs about half a microsecond on the spawning thread (two atomic counts and a
     * stack probe that keeps a {@code StackOverflowError} from leaving them half taken), about
     * ten times a {@code ForkJoinTask.fork()}: give each job some work (a chunk of items rather
     * than one), or use a parallel iterator for data-parallel loops.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws java.util.concurrent.RejectedExecutionException if the pool is shut down and the
     *         caller is not one of its workers
     */
    public void spawn(Consumer<Scope> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Spawned<Scope> spawned = new ScopeBase.Spawned<>(base, job, this);
        base.accept(1);
        base.registry.queueAccepted(spawned);
    }

    /**
     * Spawns one job per worker of the scope's pool; each receives its {@link BroadcastContext}.
     *
     * @param job the job
     * @throws NullPointerException       if {@code job} is null
     * @throws java.util.concurrent.RejectedExecutionException if the pool is shut down and the
     *         caller is not one of its workers
     */
    public void spawnBroadcast(BiConsumer<Scope, BroadcastContext> job) {
        Objects.requireNonNull(job, "job");
        ScopeBase.Share<Scope>[] shares = base.shares(job, this);
        base.accept(shares.length);
        base.registry.injectBroadcast(shares);
    }
}
