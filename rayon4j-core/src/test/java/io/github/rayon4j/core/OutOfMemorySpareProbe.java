package io.github.rayon4j.core;

import io.github.rayon4j.testkit.HeapFull;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Run in a child JVM with a small heap by {@link OutOfMemorySpawnTest}: a worker calls
 * {@link Rayon#blockInPlace} with the heap full, so that activating its spare runs out of memory:
 * {@code newSpare} makes the pool's first spare (a new thread), {@code cachedSpare} reuses one
 * that a call before it left in the cache (a new latch for it). Checks that the call either
 * failed with the {@code OutOfMemoryError} before running its operation or ran it, that the
 * deadlock bookkeeping still counts one worker, that the next {@code blockInPlace} gets a spare
 * (a job spawned from its operation runs while the worker blocks), and that the pool closes.
 * Everything runs once first on another pool, so that the failing call links no call site and
 * loads no class for the first time. Prints {@code ok <kind>} or what went wrong; exits 0 only
 * for {@code ok}; every wait is bounded.
 *
 * <p>Before the activation made its allocations ahead of its first change, a failed activation
 * kept its spare slot marked active for ever (so no later call got a spare), and the cached
 * kind also left the pool counting a worker that did not run.
 */
public final class OutOfMemorySpareProbe {
    /** What the call with the heap full did, for the verdict line. */
    private static volatile String outcome = "not run";

    private OutOfMemorySpareProbe() {
    }

    /** A blocking call whose operation waits for a job spawned from it: true if a spare ran it. */
    private static boolean spareRunsAJob(ThreadPool pool) {
        return pool.install(() -> Rayon.blockInPlace(() -> PoolState.awaitASpawnedJob(10)));
    }

    /** One call of {@code kind} on a fresh pool; the heap filled before the failing call if {@code full}. */
    private static String round(String kind, boolean full) throws InterruptedException {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1).jmx(false).build();
        try {
            if (kind.equals("cachedSpare")) {
                if (!spareRunsAJob(pool)) {
                    return "the first spare did not run the job";
                }
                // Until it has left its slot, a spare told to retire may still take a job from
                // the injector: the next install's, which would then run on it, not on the worker.
                if (!PoolState.await(() -> pool.registry().worker(1) == null
                        && pool.registry().sleep().deadlockData()[0] == 1, 10)) {
                    return "the first spare did not leave its slot";
                }
            }
            Throwable[] thrown = new Throwable[1];
            boolean[] ran = new boolean[1];
            int[][] counts = new int[1][];
            Supplier<Boolean> op = () -> ran[0] = true; // made before the heap is filled
            pool.install(() -> {
                if (full) {
                    HeapFull.fill();
                }
                try {
                    Rayon.blockInPlace(op);
                } catch (Throwable t) {
                    thrown[0] = t;
                }
                HeapFull.letGo();
                // A spare leaves the count on its own thread once it retired: give it a moment.
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                do {
                    counts[0] = pool.registry().sleep().deadlockData();
                } while (!Arrays.equals(counts[0], new int[] {1, 1, 0}) && System.nanoTime() - end < 0);
                return null;
            });
            if (thrown[0] != null && (ran[0] || !(thrown[0] instanceof OutOfMemoryError))) {
                return "blockInPlace threw " + thrown[0] + (ran[0] ? " after running its operation" : "");
            }
            if (thrown[0] == null && !ran[0]) {
                return "blockInPlace returned without running its operation";
            }
            if (!Arrays.equals(counts[0], new int[] {1, 1, 0})) {
                return "the deadlock bookkeeping after the call {workers, active, blocked}: " + Arrays.toString(counts[0]);
            }
            if (full) {
                outcome = thrown[0] != null ? "blockInPlace threw " + thrown[0] : "blockInPlace ran its operation";
            }
            if (!spareRunsAJob(pool)) {
                return "the next blockInPlace got no spare (" + (thrown[0] != null ? "the failed call threw " + thrown[0] : "it ran") + ")";
            }
        } finally {
            pool.shutdown();
        }
        if (!pool.awaitTermination(java.time.Duration.ofSeconds(30))) {
            return "the pool did not terminate";
        }
        return null;
    }

    public static void main(String[] args) throws InterruptedException {
        String kind = args[0];
        CompletableFuture.delayedExecutor(80, TimeUnit.SECONDS).execute(() -> {
            System.out.println("timed out " + kind);
            System.exit(3);
        });
        String failed = round(kind, false);
        if (failed == null) {
            failed = round(kind, true);
            if (failed != null) {
                failed = "with the heap full: " + failed;
            }
        } else {
            failed = "with memory: " + failed;
        }
        String verdict = failed == null ? "ok " + kind + " (" + outcome + ")" : "failed " + kind + ": " + failed;
        System.out.println(verdict);
        System.exit(failed == null ? 0 : 1);
    }
}
