package io.github.rayon4j.core.sleep;

import io.github.rayon4j.testkit.HeapFull;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Run in a child JVM with a small heap by {@code OutOfMemorySpawnTest}: a worker sleeps on its
 * latch, and the thread that sets the latch wakes it with the heap full while another thread
 * holds a lock of the wake-up, so that taking that lock has to queue. Kinds:
 * <ul>
 *   <li>{@code deadlockLock}: the deadlock lock is held; the wake-up takes it after it took the
 *       sleeper off the sleeping count;</li>
 *   <li>{@code sleepLock}: the sleeper's own sleep lock is held; the wake-up's first step;</li>
 *   <li>{@code legacy}: {@code LEGACY_TICKLE}, the deadlock lock held; its tickle takes it after
 *       it cleared the sleeping bit.</li>
 *   <li>{@code asleep}: the other side, falling asleep with the heap full while the deadlock lock
 *       is held; the sleeper takes it after it counted itself asleep and marked itself blocked.
 *       It is woken afterwards, with memory.</li>
 * </ul>
 * The waker fills the heap itself (so that its own allocation buffer is spent too), then wakes;
 * the lock is let go 200 ms later, with the heap still full. On JDK 17, before the sleep module's
 * locks took themselves by barging when the lock's queue node could not be allocated
 * ({@link SleepLock}), the wake-up threw {@code OutOfMemoryError} and the sleeper slept for ever
 * (for {@code deadlockLock} also counted awake). Everything runs once first with memory, so that
 * under the full heap no class is loaded and no call site linked for the first time. Prints
 * {@code ok <kind>} or what went wrong, exits 0 only for {@code ok}; every wait is bounded.
 */
public final class OutOfMemoryWakeProbe {
    private static volatile boolean go;
    private static volatile boolean filled;
    private static volatile boolean wakeDone;
    private static volatile Throwable wakeFailure;
    private static volatile boolean sleeperDone;

    private OutOfMemoryWakeProbe() {
    }

    /** Spins, allocating nothing, until {@code done} or {@code nanos} passed; whether it was done. */
    private static boolean spinUntil(java.util.function.BooleanSupplier done, long nanos) {
        long end = System.nanoTime() + nanos;
        while (!done.getAsBoolean()) {
            if (System.nanoTime() - end > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /**
     * One round of {@code asleep}: the worker gets sleepy, fills the heap, and falls asleep while
     * the deadlock lock is held; once it is blocked and the heap let go, it is woken.
     */
    private static String asleepRound(boolean heapFull) {
        go = false;
        filled = false;
        sleeperDone = false;
        Sleep sleep = new Sleep(1, 1, 0, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        Thread sleeper = new Thread(() -> {
            try {
                sleep.startLooking(idle);
                sleep.noWorkFound(idle, latch, () -> false); // gets sleepy
                while (!go) {
                    Thread.onSpinWait();
                }
                if (heapFull) {
                    HeapFull.fill();
                }
                filled = true;
                while (!latch.probe()) {
                    sleep.noWorkFound(idle, latch, () -> false); // falls asleep
                }
                sleep.workFound(idle, () -> false);
                sleeperDone = true;
            } catch (Throwable t) {
                wakeFailure = t;
            }
        }, "probe-sleeper");
        sleeper.setDaemon(true);
        sleeper.start();
        sleep.deadlockLock.lock();
        go = true;
        spinUntil(() -> filled, TimeUnit.SECONDS.toNanos(30));
        spinUntil(() -> false, TimeUnit.MILLISECONDS.toNanos(200)); // the sleeper meets the held lock
        sleep.deadlockLock.unlock();
        HeapFull.letGo(); // the sleeper met the lock with the heap full; what it does next needs no memory
        boolean blocked = spinUntil(() -> sleep.isSleepingWithoutLock(0) || wakeFailure != null,
                TimeUnit.SECONDS.toNanos(10));
        if (!blocked || wakeFailure != null) {
            return "falling asleep " + (wakeFailure != null ? "threw " + wakeFailure : "never blocked")
                    + "; sleep state " + sleep.describeState();
        }
        sleep.latchSet(latch.setCore(), 0, WakeCause.LATCH);
        if (!spinUntil(() -> sleeperDone, TimeUnit.SECONDS.toNanos(10))) {
            return "the sleeper did not wake: " + sleep.describeState();
        }
        if (sleep.sleepingThreads() != 0 || sleep.deadlockData()[1] != 1) {
            return "counted " + sleep.sleepingThreads() + " asleep and " + sleep.deadlockData()[1]
                    + " active after the wake-up: " + sleep.describeState();
        }
        return null;
    }

    /** One round: a worker falls asleep, and is woken with the lock of {@code kind} held. */
    private static String round(String kind, boolean heapFull) {
        go = false;
        filled = false;
        wakeDone = false;
        wakeFailure = null;
        sleeperDone = false;
        boolean legacy = kind.equals("legacy");
        Sleep sleep = legacy ? LegacyTickleSleep.create("probe", 1, 1, 0, null) : new Sleep(1, 1, 0, null);
        IdleState idle = new IdleState(0);
        CoreLatch latch = new CoreLatch();
        Thread sleeper = new Thread(() -> {
            sleep.startLooking(idle);
            while (!latch.probe()) {
                sleep.noWorkFound(idle, latch, () -> false);
            }
            sleep.workFound(idle, () -> false);
            sleeperDone = true;
        }, "probe-sleeper");
        sleeper.setDaemon(true);
        Thread waker = new Thread(() -> {
            while (!go) {
                Thread.onSpinWait();
            }
            if (heapFull) {
                HeapFull.fill();
            }
            filled = true;
            try {
                sleep.latchSet(latch.setCore(), 0, WakeCause.LATCH);
            } catch (Throwable t) {
                wakeFailure = t;
            }
            wakeDone = true;
        }, "probe-waker");
        waker.setDaemon(true);
        ReentrantLock held = kind.equals("sleepLock") ? sleep.states[0].lock : sleep.deadlockLock;
        sleeper.start();
        waker.start();
        if (!spinUntil(() -> sleep.isSleeping(0), TimeUnit.SECONDS.toNanos(10))) {
            return "the worker never fell asleep: " + sleep.describeState();
        }
        held.lock();
        go = true;
        spinUntil(() -> filled, TimeUnit.SECONDS.toNanos(30));
        spinUntil(() -> false, TimeUnit.MILLISECONDS.toNanos(200)); // the waker meets the held lock
        held.unlock();
        boolean woke = spinUntil(() -> wakeDone && sleeperDone, TimeUnit.SECONDS.toNanos(10));
        HeapFull.letGo();
        if (!woke || wakeFailure != null) {
            return "the wake-up " + (wakeDone ? "threw " + wakeFailure : "did not return")
                    + "; the sleeper " + (sleeperDone ? "ran on" : "still sleeps")
                    + "; sleep state " + sleep.describeState();
        }
        if (sleep.sleepingThreads() != 0 || sleep.wakeUps() != 1) {
            return "counted " + sleep.sleepingThreads() + " asleep and " + sleep.wakeUps()
                    + " wake-ups after the wake-up: " + sleep.describeState();
        }
        return null;
    }

    public static void main(String[] args) {
        String kind = args[0];
        CompletableFuture.delayedExecutor(80, TimeUnit.SECONDS).execute(() -> {
            System.out.println("timed out " + kind);
            System.exit(3);
        });
        boolean asleep = kind.equals("asleep");
        String failed = asleep ? asleepRound(false) : round(kind, false);
        if (failed == null) {
            failed = asleep ? asleepRound(true) : round(kind, true);
            if (failed != null) {
                failed = "with the heap full: " + failed;
            }
        } else {
            failed = "with memory: " + failed;
        }
        String verdict = failed == null ? "ok " + kind : "failed " + kind + ": " + failed;
        System.out.println(verdict);
        System.exit(failed == null ? 0 : 1);
    }
}
