package io.github.rayon4j.core;

import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * Test support for {@code StackOverflowTest.aScopeSpawnCutShortGivesItsUnitBack}: a scope spawn that
 * took a credit ({@link ScopeBase}, "Spawn credits") and then overflowed in the push must put
 * the credit back, or the scope waits for ever for a job that was never queued. The overflow
 * lands in the push only where the push's calls reach deeper than everything the spawn called
 * before it, which is so in the interpreter (each of the deque's {@code VarHandle} accesses is a
 * chain of calls there) and not once the JIT has inlined them: run it in a JVM started with
 * {@code -Xint}. Each round opens a scope on the pool's worker whose body spawns one job, which
 * takes a batch of credits behind a stack probe, then recurses to a depth near the stack's end
 * and spawns two more there, each with a credit and no probe; one depth further each round. A
 * round that never returns (60 s) is the failure, as is an accepted job that did not run once.
 * With {@code fifo}, the body of a FIFO scope recurses and makes two FIFO spawns there, which take
 * their units one at a time behind a probe each ({@code ScopeBase.accept}) and queue in two steps.
 *
 * <p>Run alone: {@code java -Xint -cp rayon4j-core/target/test-classes:rayon4j-core/target/classes
 * io.github.rayon4j.core.ScopeCreditSweep <threads> [fifo]}; prints {@code ok} and how many rounds fit and
 * overflowed, or what went wrong (exit status 1).
 */
final class ScopeCreditSweep {
    private ScopeCreditSweep() {
    }

    /** One spawn, recorded in the ledger with plain array stores (they cannot overflow). */
    private static void spawn(Scope s, StackOverflowTest.Ledger ledger) {
        int id = ledger.next++;
        s.spawn(x -> ledger.ran[id]++);
        ledger.accepted[id] = true;
    }

    /** One FIFO spawn, recorded likewise. */
    private static void spawnFifo(ScopeFifo s, StackOverflowTest.Ledger ledger) {
        int id = ledger.next++;
        s.spawnFifo(x -> ledger.ran[id]++);
        ledger.accepted[id] = true;
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        boolean fifo = args.length > 1 && args[1].equals("fifo");
        ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).stackSize(256 * 1024)
                .panicHandler(panics::add).build();
        StackOverflowTest.Ledger ledger = new StackOverflowTest.Ledger(1 << 13);
        int[] fitsAndOverflows = new int[2];
        String[] result = new String[1];
        Thread sweeper = new Thread(() -> {
            try {
                result[0] = sweep(pool, ledger, fifo, fitsAndOverflows);
            } catch (Exception e) {
                result[0] = e.toString();
            }
        }, "sweeper");
        sweeper.setDaemon(true);
        sweeper.start();
        sweeper.join(TimeUnit.SECONDS.toMillis(60));
        if (sweeper.isAlive()) {
            System.out.println("HUNG: a scope never returned (a unit or credit was lost): " + PoolState.describe(pool));
            System.exit(1);
        }
        String failure = result[0];
        pool.shutdown();
        if (failure == null && !pool.awaitTermination(Duration.ofSeconds(20))) {
            failure = "close() would hang: " + PoolState.describe(pool);
        }
        for (int id = 0; failure == null && id < ledger.next; id++) {
            if (ledger.ran[id] > 1 || (ledger.accepted[id] && ledger.ran[id] != 1)) {
                failure = "job " + id + " accepted=" + ledger.accepted[id] + " ran " + ledger.ran[id] + " times";
            }
        }
        if (failure == null && (fitsAndOverflows[0] == 0 || fitsAndOverflows[1] == 0)) {
            failure = "the sweep did not cross the stack's end (" + fitsAndOverflows[0] + " fit, "
                    + fitsAndOverflows[1] + " overflowed)";
        }
        if (failure != null) {
            System.out.println(failure);
            System.exit(1);
        }
        System.out.println("ok: " + fitsAndOverflows[0] + " rounds fit, " + fitsAndOverflows[1] + " overflowed, "
                + ledger.next + " jobs spawned, " + panics.size() + " panics");
    }

    private static String sweep(ThreadPool pool, StackOverflowTest.Ledger ledger, boolean fifo,
                                int[] fitsAndOverflows) throws Exception {
        return StackOverflowTestSupport.acrossTheStacksEnd(pool, (i, depth, top) -> {
            try {
                if (fifo) {
                    pool.install(() -> Rayon.scopeFifo(s -> StackOverflowTestSupport.descend(depth, () -> {
                        spawnFifo(s, ledger);
                        spawnFifo(s, ledger);
                    })));
                } else {
                    pool.install(() -> Rayon.scope(s -> {
                        spawn(s, ledger); // takes the batch here, with room to spare
                        StackOverflowTestSupport.descend(depth, () -> {
                            spawn(s, ledger);
                            spawn(s, ledger);
                        });
                    }));
                }
                fitsAndOverflows[0]++;
            } catch (StackOverflowError expected) {
                fitsAndOverflows[1]++;
            }
            return null;
        });
    }
}
