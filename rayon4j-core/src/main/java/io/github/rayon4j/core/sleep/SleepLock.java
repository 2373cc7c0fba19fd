package io.github.rayon4j.core.sleep;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The locks of the sleep module (each worker's sleep lock and the deadlock lock): a
 * {@link ReentrantLock} whose {@link #lock()} does not fail when the heap is full. Internal: this
 * package is not exported.
 *
 * <h2>Why</h2>
 * The sleep protocol's steps under these locks must not be cut (see {@link StackGuard} for the
 * other way a step can be cut, a stack overflow): a wake-up that has taken a sleeper off the
 * sleeping count and then fails before it clears {@code isBlocked} leaves the sleeper parked with
 * nobody counting it asleep, so no later post wakes it; a worker that counted itself asleep and
 * then fails is counted asleep while it runs. On JDK 17, {@code ReentrantLock.lock()} on a lock
 * that another thread holds allocates the node it queues itself with, and with the heap full
 * of live data that allocation throws {@link OutOfMemoryError}; the wake-up takes the deadlock
 * lock <em>inside</em> the sleeper's lock, after the count changed, so the error landed exactly
 * there. (JDK 19 and later retry such an allocation inside the lock itself.)
 *
 * <h2>What it does</h2>
 * The allocation comes before the node is queued, so a {@code lock()} that throws has changed
 * nothing. This one then takes the lock by barging ({@link #tryLock()}, a compare-and-set that
 * allocates nothing) until it succeeds, yielding the processor between tries: the holder of a
 * sleep lock holds it for a few dozen instructions, so the wait is short, and it only happens
 * while memory has run out. The lock is otherwise the same: non-fair, reentrant, and
 * {@code unlock()} never allocates.
 *
 * <pre>{@code
 * SleepLock lock = new SleepLock();
 * lock.lock();              // never throws OutOfMemoryError
 * try {
 *     // a step of the protocol
 * } finally {
 *     lock.unlock();
 * }
 * }</pre>
 */
final class SleepLock extends ReentrantLock {
    private static final long serialVersionUID = 1L;

    @Override
    public void lock() {
        try {
            super.lock();
        } catch (OutOfMemoryError noNode) {
            while (!tryLock()) {
                Thread.yield();
            }
        }
    }
}
