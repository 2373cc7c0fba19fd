package io.github.rayon4j.core;

/**
 * Where a broadcast job runs: every worker of the pool runs the broadcast operation once, and
 * receives its own index.
 *
 * <pre>{@code
 * List<String> names = Rayon.broadcast(ctx -> ctx.index() + "/" + ctx.numThreads()
 *         + " on " + Thread.currentThread().getName());
 * }</pre>
 */
public final class BroadcastContext {
    private final int index;
    private final int numThreads;

    BroadcastContext(int index, int numThreads) {
        this.index = index;
        this.numThreads = numThreads;
    }

    /**
     * The index of the worker running this share of the broadcast.
     *
     * @return from 0 to {@code numThreads() - 1}
     */
    public int index() {
        return index;
    }

    /**
     * How many workers run the broadcast.
     *
     * @return the pool size
     */
    public int numThreads() {
        return numThreads;
    }

    @Override
    public String toString() {
        return "BroadcastContext[" + index + "/" + numThreads + "]";
    }
}
