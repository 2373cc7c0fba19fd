package io.github.rayon4j.core;

/**
 * A fire-and-forget job ({@code Rayon.spawn}). It holds one unit of its registry's termination
 * count from acceptance until it finished, so the pool cannot terminate with it queued. Its
 * exception has no waiter: it goes to the pool's panic handler, else to the worker's
 * uncaught-exception handler.
 */
final class SpawnJob implements AcceptedJob {
    private final Registry registry;
    private final Runnable body;

    SpawnJob(Registry registry, Runnable body) {
        this.registry = registry;
        this.body = body;
    }

    @Override
    public void execute() {
        try {
            body.run();
        } catch (Throwable t) {
            registry.handlePanic(t);
        } finally {
            registry.releaseTerminateCount();
        }
    }

    @Override
    public void reject() {
        registry.releaseTerminateCount();
    }
}
