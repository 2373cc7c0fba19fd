package io.github.rayon4j.core;

import java.util.function.Function;

/**
 * One worker's share of {@code Rayon.broadcast}: runs the operation with that worker's
 * {@link BroadcastContext}, records result or exception, then counts down the broadcast's latch
 * (a release: the waiter reads the result after seeing the latch at zero).
 *
 * @param <R> the result type
 */
final class BroadcastJob<R> implements AcceptedJob {
    private final Function<BroadcastContext, R> op;
    private final BroadcastContext context;
    private final CountLatch latch;
    R result;
    Throwable error;

    BroadcastJob(Function<BroadcastContext, R> op, BroadcastContext context, CountLatch latch) {
        this.op = op;
        this.context = context;
        this.latch = latch;
    }

    @Override
    public void execute() {
        try {
            result = op.apply(context);
        } catch (Throwable t) {
            error = t;
        }
        latch.set();
    }

    @Override
    public void reject() {
        latch.set(); // its unit of the broadcast's latch; the broadcast rethrows the queueing's error
    }
}
