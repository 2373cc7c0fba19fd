package io.github.rayon4j.core;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Run in a child JVM with a small heap by {@link OutOfMemorySpawnTest}: spawns until the heap is
 * full, in one of several ways, so that an {@code OutOfMemoryError} strikes inside the spawn
 * itself (the job's allocation, or a deque or queue that must grow), then checks that the call
 * failed with it, that a scope returned only after every job it accepted ran, that every job that
 * was queued ran, that the pool still works, and that it closes. Prints one line:
 * {@code ok <kind> ...} or what went wrong; exits with status 0 only when everything held. Every
 * wait is bounded, so a leaked unit shows as a line, not a hang.
 *
 * <p>The scope kinds failed the second check before a scope recorded its body's exception in a
 * way that cannot skip the wait: recording it links a call site for the first time, which needs
 * memory, and the error of that linkage left the scope at once, its jobs still queued.
 */
public final class OutOfMemorySpawnProbe {
    /** Released when the heap ran out, so that the probe itself has room to report. */
    private static volatile byte[] reserve = new byte[4 << 20];

    private OutOfMemorySpawnProbe() {
    }

    /**
     * Spawns {@code limit} jobs (or until something throws) in the way {@code kind} says; the
     * outside kind first queues a job that holds the pool's one worker until {@code hold} opens,
     * which the driver opens when it stops (not in the warm-up round, whose limit is small).
     */
    private static void spawnUntil(ThreadPool pool, String kind, long limit, long[] ran, CountDownLatch hold) {
        switch (kind) {
            case "scope" -> pool.install(() -> Rayon.scope(s -> {
                for (long i = 0; i < limit; i++) {
                    s.spawn(x -> ran[0]++);
                    ran[1]++;
                }
            }));
            case "scopeFifo" -> pool.install(() -> Rayon.scopeFifo(s -> {
                for (long i = 0; i < limit; i++) {
                    s.spawnFifo(x -> ran[0]++);
                    ran[1]++;
                }
            }));
            case "scopeBroadcast" -> pool.install(() -> Rayon.scope(s -> {
                for (long i = 0; i < limit; i++) {
                    s.spawnBroadcast((x, ctx) -> ran[0]++);
                    ran[1]++; // one share: the pool has one worker
                }
            }));
            case "spawn" -> pool.install(() -> {
                for (long i = 0; i < limit; i++) {
                    Rayon.spawn(() -> ran[0]++);
                }
                return null;
            });
            case "spawnFifo" -> pool.install(() -> {
                for (long i = 0; i < limit; i++) {
                    Rayon.spawnFifo(() -> ran[0]++);
                }
                return null;
            });
            case "outside" -> {
                if (limit == Long.MAX_VALUE) {
                    pool.spawn(() -> {
                        try {
                            hold.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
                }
                for (long i = 0; i < limit; i++) {
                    pool.spawn(() -> ran[0]++);
                }
            }
            default -> throw new IllegalArgumentException(kind);
        }
    }

    /** The termination count, the injector, and where each pool thread is, for a failure line. */
    private static String diagnosis(ThreadPool pool) {
        StringBuilder sb = new StringBuilder();
        try {
            java.lang.reflect.Field count = Registry.class.getDeclaredField("terminateCount");
            count.setAccessible(true);
            sb.append("terminateCount=").append(count.getLong(pool.registry()));
        } catch (ReflectiveOperationException e) {
            sb.append(e);
        }
        sb.append(" injector=").append(pool.registry().injectorDepth()).append(' ').append(PoolState.describe(pool));
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            if (thread.getName().startsWith("rayon4j") || thread.getName().startsWith("probe")) {
                sb.append("\n").append(thread.getName()).append(' ').append(thread.getState());
                for (int i = 0; i < Math.min(stack.length, 12); i++) {
                    sb.append("\n    at ").append(stack[i]);
                }
            }
        });
        return sb.toString();
    }

    /**
     * Runs one kind: {@code scope}, {@code scopeFifo}, {@code spawn}, {@code spawnFifo},
     * {@code scopeBroadcast} (each from the body of an {@code install} on a one-thread pool, so
     * the jobs pile up on its worker) or {@code outside} ({@code spawn} from a thread outside
     * the pool while its one worker is held, so the jobs pile up in the injector).
     *
     * <p>A second argument {@code cold} skips the first round: the pool's own call sites are then
     * linked, for the first time in the JVM, while the heap is full, and a linkage that cannot
     * allocate loses a unit all the same (four of six kinds hang {@code close()}; TESTING.md).
     *
     * @param args the kind, and optionally {@code cold}
     * @throws InterruptedException never in practice
     */
    public static void main(String[] args) throws InterruptedException {
        String kind = args[0];
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch hold = new CountDownLatch(1);
        // ran[0]: jobs run; ran[1]: a scope's spawns that returned. Both written by the pool's one
        // worker only; read by the driver after the scope returned, and after close.
        long[] ran = new long[2];
        boolean[] early = new boolean[1];
        // A bounded round of the same spawns first, run to the end, so that every call site on
        // the way (the pool's and the probe's) is linked before memory runs out. A call site's
        // first linkage (a lambda, a VarHandle access) allocates and fails like any allocation
        // then; the pool's own sites link with its first jobs, which this round stands for.
        if (!(args.length > 1 && args[1].equals("cold"))) {
            spawnUntil(pool, kind, 1_000, ran, hold);
            pool.install(() -> null); // after the warm-up's jobs, which came first
        }
        Thread driver = new Thread(() -> {
            try {
                spawnUntil(pool, kind, Long.MAX_VALUE, ran, hold);
            } catch (Throwable t) {
                reserve = null;
                thrown.set(t);
                // A scope returns, however it ends, only after every job it accepted ran.
                early[0] = kind.startsWith("scope") && ran[0] != ran[1];
            } finally {
                hold.countDown();
            }
        }, "probe-driver");
        driver.start();
        driver.join(TimeUnit.SECONDS.toMillis(30));
        reserve = null;
        if (driver.isAlive()) {
            System.out.println("HUNG: the call did not return (a job's units were lost)");
            System.exit(3);
        }
        Throwable t = thrown.get();
        if (!(t instanceof OutOfMemoryError)) {
            System.out.println("expected an OutOfMemoryError from the call, got " + t);
            System.exit(4);
        }
        if (early[0]) {
            System.out.println("EARLY: the scope returned before its jobs ran (" + ran[0] + " of " + ran[1] + ")");
            System.exit(7);
        }
        Integer again = pool.install(() -> 42);
        if (again != 42) {
            System.out.println("the pool answered " + again + " after the error");
            System.exit(5);
        }
        Thread closer = new Thread(pool::close, "probe-closer");
        closer.start();
        closer.join(TimeUnit.SECONDS.toMillis(30));
        if (closer.isAlive()) {
            System.out.println("CLOSE HUNG: the termination count never reached zero (a unit was lost); "
                    + diagnosis(pool));
            System.exit(6);
        }
        System.out.println("ok " + kind + ": " + t + " after " + ran[0] + " jobs ran");
        System.exit(0);
    }
}
