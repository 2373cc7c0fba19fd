package io.github.rayon4j.core;

/**
 * A job that holds units taken when it was accepted: one of its pool's termination count (a
 * spawn, an {@code install} from outside), one of a scope's latch (a scope's job: the open scope
 * itself holds a termination unit for all of them), or one of a broadcast's latch. Running it
 * gives them back when it ends; {@link #reject()} gives them back instead when it never reaches
 * a queue. (A scope spawn that took its unit from the worker's spawn credits does not reject:
 * a failed push puts the credit back; see {@code ScopeBase}.)
 *
 * <h2>Protocol: a unit taken reaches a queue or is given back</h2>
 * A submission makes its job first, then takes the units, then queues the job ({@link
 * Registry#queueAccepted}, {@link Registry#queueAcceptedFifo}, {@link Registry#injectBroadcast}).
 * Only the queueing can still fail once the units are taken: a deque or a queue that cannot grow
 * throws {@code OutOfMemoryError}. Queueing a job is one step that either publishes it or leaves
 * it unqueued (a FIFO spawn's two steps are undone together), so on failure the job is known not
 * to be queued; the submitter calls {@code reject()} and lets the error reach its caller, and the
 * spawn failed without a trace. Anything after the job was queued (the wake-up) must not reject
 * it: the job will run and give its units back itself. Before this rule, an error between taking
 * the units and queueing the job left them taken for ever: the scope waited for a job that did
 * not exist, and {@code close()} for a termination count that never reached zero ({@code
 * OutOfMemorySpawnTest}).
 *
 * <pre>{@code
 * AcceptedJob job = new SpawnJob(registry, body);   // made before any unit is taken
 * registry.acquireForSpawn();                       // may throw RejectedExecutionException
 * registry.queueAccepted(job);                      // queued, or rejected and rethrown
 * }</pre>
 */
interface AcceptedJob extends Job {
    /**
     * Gives back the units taken for this job, which was not queued and will never run. Called
     * at most once, instead of {@link #execute()}, by the thread that submitted it.
     */
    void reject();
}
