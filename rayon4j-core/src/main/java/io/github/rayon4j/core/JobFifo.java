package io.github.rayon4j.core;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Rayon's FIFO indirection: the worker deque is LIFO for its owner, so a FIFO spawn puts the real
 * job in this queue and pushes the queue itself on the deque as a job. Whoever runs that job
 * (the owner popping it, or a thief) takes the <em>oldest</em> real job from this queue and runs
 * it. With k FIFO spawns there are k indirections on the deque and k real jobs in the queue, so
 * every real job runs exactly once; the order between them is the spawn order, per spawning
 * thread.
 */
final class JobFifo implements Job {
    private final ConcurrentLinkedQueue<Job> queue = new ConcurrentLinkedQueue<>();

    /**
     * Queues {@code job} and returns the indirection to push instead of it.
     *
     * @param job the real job
     * @return this queue, as a job
     */
    Job push(Job job) {
        queue.add(job);
        return this;
    }

    /**
     * Takes {@code job} out of the queue again, if no indirection has run it yet: the undoing of
     * a {@link #push} whose indirection could not be pushed ({@link Registry#queueAcceptedFifo}).
     *
     * @param job a job this queue was given
     * @return whether it was still queued (and is no longer)
     */
    boolean unqueue(Job job) {
        return queue.remove(job);
    }

    @Override
    public void execute() {
        Job job = queue.poll();
        if (job == null) {
            throw new IllegalStateException("JobFifo indirection ran without a queued job");
        }
        job.execute();
    }
}
