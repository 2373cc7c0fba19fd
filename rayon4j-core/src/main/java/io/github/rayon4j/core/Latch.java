package io.github.rayon4j.core;

/**
 * Something that a finished job signals. Once set, a latch stays set. Implementations differ in
 * who waits and how the waiter is woken: {@link SpinLatch} (a worker, woken through the sleep
 * module only if it sleeps on this latch), {@link LockLatch} (a thread outside the pool, parked),
 * {@link CountLatch} (a scope or a broadcast: set when its count reaches zero), {@link OnceLatch}
 * (a worker's termination, a spare's retirement).
 */
interface Latch {
    /** Sets the latch and wakes its waiter if needed. Any thread; idempotent. */
    void set();
}
