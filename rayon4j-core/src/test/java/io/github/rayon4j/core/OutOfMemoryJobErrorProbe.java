package io.github.rayon4j.core;

import io.github.rayon4j.testkit.HeapFull;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Run in a child JVM with a small heap by {@link OutOfMemorySpawnTest}: a job of the kind named
 * fills the heap and then throws a failure made before, while the heap is still full, so that
 * everything the pool does with that failure runs without memory. Checks that the failure
 * reaches whoever waits for it, the same object (the caller of {@code install}, a scope, a join or
 * a broadcast; the panic handler for a spawn), that the pool still works and that it closes.
 * Before each failing call the same call runs once without failing, so that only the failure's
 * own path runs for the first time under the full heap: in a fresh JVM that is where the pool's
 * code links a call site or loads a class for the first time, and both allocate. Prints one line,
 * {@code ok <kind>} or what went wrong; exits with status 0 only when everything held. Every wait
 * is bounded, so a hang prints a line too. The kind {@code firstSleep} runs no job: a worker
 * falls asleep for the first time with the heap full ({@link #firstSleep()}).
 *
 * <p>Before the failure paths were made to need no memory, the scope kinds failed twice over: the
 * first compare-and-set of the scope's exception on a {@code VarHandle} linked its call site,
 * whose {@code OutOfMemoryError} escaped the job and unwound the waiting scope past the return of
 * its termination unit (the job's failure lost, another error in its place, {@code close()}
 * hanging); and the first rethrow loaded the class that rethrows.
 */
public final class OutOfMemoryJobErrorProbe {
    /** What a failing job throws, made before the heap is filled. */
    private static final IllegalStateException FAILURE = new IllegalStateException("the job's failure");
    /** What the right side of {@code joinBothFail} throws once the left one failed. */
    private static final IllegalArgumentException SECOND = new IllegalArgumentException("the other side's failure");
    /** What the panic handler got. */
    private static volatile Throwable panicked;
    /** How many times {@link #RUNS} ran. */
    private static final int[] ran = new int[1];
    /** A job that does not fail. */
    private static final Runnable RUNS = () -> ran[0]++;

    private OutOfMemoryJobErrorProbe() {
    }

    /** The pool of the guest kinds, whose outside calls run on their caller; made on first use. */
    private static final class Guests {
        static final ThreadPool POOL = new ThreadPoolBuilder().numThreads(1).callerRuns(true).build();
    }

    /** Fills the heap ({@link HeapFull}) and throws {@link #FAILURE}. */
    static void fillAndThrow() {
        HeapFull.fill();
        throw FAILURE;
    }

    /**
     * Runs a call of {@code kind} on {@code pool} whose job is {@code job}, and waits for it (a
     * spawn: until the panic handler or the job's end saw it).
     */
    private static void call(ThreadPool pool, String kind, Runnable job) throws InterruptedException {
        switch (kind) {
            case "install" -> pool.install(job);
            case "join" -> pool.install(() -> Rayon.join(() -> { }, job));
            case "joinLong" -> pool.install(() -> Rayon.joinLong(() -> 1, () -> {
                job.run();
                return 2;
            }, Long::sum));
            case "broadcast" -> {
                List<Object> results = pool.broadcast(ctx -> {
                    job.run();
                    return ctx;
                });
                if (results.size() != 1) {
                    throw new AssertionError(results);
                }
            }
            case "scope" -> pool.install(() -> Rayon.scope(s -> s.spawn(x -> job.run())));
            case "scopeFifo" -> pool.install(() -> Rayon.scopeFifo(s -> s.spawnFifo(x -> job.run())));
            case "scopeBroadcast" -> pool.install(() -> Rayon.scope(s -> s.spawnBroadcast((x, ctx) -> job.run())));
            case "inPlaceScope" -> pool.inPlaceScope(s -> s.spawn(x -> job.run()));
            case "blockInPlace" -> pool.install(() -> Rayon.blockInPlace(() -> {
                job.run();
                return 1;
            }));
            case "joinContext" -> pool.install(() -> Rayon.joinContext(c -> 1, c -> {
                job.run();
                return 2;
            }));
            case "scopeResult" -> pool.install(() -> Rayon.scopeResult(s -> {
                s.spawn(x -> job.run());
                return 1;
            }));
            case "scopeBody" -> pool.install(() -> Rayon.scope(s -> job.run()));
            case "broadcastInside" -> pool.install(() -> Rayon.broadcast(ctx -> {
                job.run();
                return 1;
            }));
            case "joinOutside" -> pool.join(() -> { }, job);
            case "joinBothFail" -> pool.install(() -> Rayon.join(job, () -> {
                if (job != RUNS) {
                    throw SECOND; // after the left side filled the heap: attaching it needs memory
                }
            }));
            case "guestInstall" -> Guests.POOL.install(job);
            case "guestScope" -> Guests.POOL.install(() -> Rayon.scope(s -> s.spawn(x -> job.run())));
            case "spawn", "spawnFifo", "spawnBroadcast" -> {
                // No caller: a failure goes to the panic handler, which lets the heap go; the
                // probe waits for that (the job's end comes before the handler's call).
                boolean failing = job != RUNS;
                java.util.concurrent.CountDownLatch ended = new java.util.concurrent.CountDownLatch(1);
                Runnable spawned = () -> {
                    try {
                        job.run();
                    } finally {
                        ended.countDown();
                    }
                };
                switch (kind) {
                    case "spawn" -> pool.spawn(spawned);
                    case "spawnFifo" -> pool.spawnFifo(spawned);
                    default -> pool.spawnBroadcast(ctx -> spawned.run()); // one share: one worker
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (ended.getCount() != 0 || failing && panicked == null) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("the spawned job did not run, or its failure was not handled");
                    }
                    Thread.sleep(1);
                }
            }
            default -> throw new IllegalArgumentException(kind);
        }
    }

    /**
     * A worker falls asleep for the first time with the heap full: its start handler fills the
     * heap, then the worker finds no work and sleeps. Nothing may reach the panic handler. Before
     * the sleep module loaded what its sleep path uses when it was made, that first sleep loaded
     * {@code Events} then, and with the heap full the worker's loop got an
     * {@code OutOfMemoryError} of its own (the CI of 2026-11-28 saw it in the broadcast kind,
     * whose worker had not slept before the job that filled the heap).
     */
    private static String firstSleep() throws Exception {
        // this thread's waits below, while the heap is full, must need no memory: run them once
        java.util.concurrent.locks.LockSupport.unpark(Thread.currentThread());
        java.util.concurrent.locks.LockSupport.parkNanos(1);
        long start = System.nanoTime();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).startHandler(i -> HeapFull.fill()).panicHandler(t -> {
            panicked = t;
            HeapFull.hog = null;
        }).build();
        String verdict;
        try {
            while (HeapFull.hog == null && panicked == null && System.nanoTime() - start < 10_000_000_000L) {
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000L);
            }
            long full = System.nanoTime();
            while (HeapFull.hog != null && System.nanoTime() - full < 300_000_000L) { // the worker searches, then sleeps
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
            }
            HeapFull.letGo();
            long sleeps = pool.metrics().sleeps();
            verdict = panicked != null ? "failed firstSleep: the panic handler got " + panicked
                    : sleeps == 0 ? "failed firstSleep: the worker did not fall asleep with the heap full"
                    : "ok firstSleep";
            if (panicked != null) {
                panicked.printStackTrace(System.out);
            }
            Integer after = pool.install(() -> 42);
            if (after != 42) {
                verdict += "; the pool afterwards: " + after;
            }
        } finally {
            pool.shutdown();
        }
        if (!pool.awaitTermination(java.time.Duration.ofSeconds(30))) {
            verdict = "the pool did not terminate after firstSleep";
        }
        return verdict;
    }

    public static void main(String[] args) throws Exception {
        String kind = args[0];
        CompletableFuture.delayedExecutor(60, TimeUnit.SECONDS).execute(() -> {
            System.out.println("timed out " + kind);
            System.exit(3);
        });
        if (kind.equals("firstSleep")) {
            String verdict = firstSleep();
            System.out.println(verdict);
            System.exit(verdict.startsWith("ok ") ? 0 : 1);
        }
        String verdict;
        // A spawn's failure has no caller: the panic handler takes it, then lets the heap go.
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).panicHandler(t -> {
            panicked = t;
            HeapFull.hog = null;
        }).build();
        try {
            call(pool, kind, RUNS); // every step of a call that does not fail
            Throwable got = null;
            try {
                call(pool, kind, OutOfMemoryJobErrorProbe::fillAndThrow);
            } catch (Throwable t) {
                got = t;
            }
            HeapFull.letGo();
            boolean noCaller = kind.startsWith("spawn");
            Throwable expectedAt = noCaller ? panicked : got;
            // joinBothFail: the second failure attached to the first, or (no memory for that)
            // to the panic handler; any other kind: nothing to the panic handler.
            boolean othersRight = kind.equals("joinBothFail")
                    ? panicked == SECOND || List.of(FAILURE.getSuppressed()).contains(SECOND)
                    : noCaller ? got == null : panicked == null;
            if (expectedAt == FAILURE && othersRight) {
                verdict = "ok " + kind;
            } else {
                verdict = "failed " + kind + ": the caller got " + got + ", the panic handler " + panicked
                        + "; expected the job's " + FAILURE;
                if (panicked != null && panicked != FAILURE) {
                    panicked.printStackTrace(System.out); // where the pool needed memory, for the next run that fails
                }
            }
            Integer after = pool.install(() -> 42);
            if (after != 42 || ran[0] != 1) {
                verdict += "; the pool afterwards: " + after + ", the first call ran " + ran[0] + " times";
            }
        } finally {
            pool.shutdown();
        }
        if (!pool.awaitTermination(java.time.Duration.ofSeconds(30))) {
            verdict = "the pool did not terminate after " + kind;
        }
        System.out.println(verdict);
        System.exit(verdict.startsWith("ok ") ? 0 : 1);
    }
}
