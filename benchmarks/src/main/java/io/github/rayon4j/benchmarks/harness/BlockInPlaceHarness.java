package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;

/**
 * What {@link Rayon#blockInPlace} costs: (1) around an operation that does not block at all, per
 * call, beside the bare call and beside ForkJoinPool's {@code managedBlock} with a blocker that
 * says it must block (so FJP compensates too); (2) how long a spare takes to start: from entering
 * {@code blockInPlace} on the only worker of a one-thread pool until a job that the blocked worker
 * pushed runs on the spare. Medians over several rounds in one process.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.github.rayon4j.benchmarks.harness.BlockInPlaceHarness [rounds]}.
 */
public final class BlockInPlaceHarness {
    static final int CALLS = 2_000;

    private BlockInPlaceHarness() { }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        System.out.println(run(rounds));
    }

    static volatile long sink;

    /** Runs both measurements and returns them as a Markdown section. */
    public static String run(int rounds) throws Exception {
        double[] bare = new double[rounds];
        double[] rayon = new double[rounds];
        double[] rayonNoSpare = new double[rounds];
        double[] fj = new double[rounds];
        double[] spareStart = new double[rounds];
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
             ThreadPool noSpares = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(0).build();
             ThreadPool one = new ThreadPoolBuilder().numThreads(1).build()) {
            ForkJoinPool fjp = new ForkJoinPool(2);
            for (int r = -3; r < rounds; r++) {
                double b = pool.install(() -> perCall(() -> sink += 1));
                double x = pool.install(() -> perCall(() -> Rayon.blockInPlace(() -> sink += 1)));
                double y = noSpares.install(() -> perCall(() -> Rayon.blockInPlace(() -> sink += 1)));
                double f = fjp.submit(() -> perCall(BlockInPlaceHarness::managedBlockOnce)).get();
                double s = one.install(BlockInPlaceHarness::spareStartMicros);
                if (r >= 0) {
                    bare[r] = b;
                    rayon[r] = x;
                    rayonNoSpare[r] = y;
                    fj[r] = f;
                    spareStart[r] = s;
                }
            }
            fjp.shutdown();
        }
        StringBuilder sb = new StringBuilder("## blockInPlace\n\n");
        sb.append(String.format(Locale.ROOT, "%d rounds of %d calls, median (min-max), on pools of 2 threads.%n%n",
                rounds, CALLS));
        sb.append("| variant | µs per call |\n| --- | ---: |\n");
        sb.append(row("bare call (no blocking wrapper)", bare));
        sb.append(row("Rayon.blockInPlace, op does not block (spare started and retired)", rayon));
        sb.append(row("Rayon.blockInPlace with maxBlockingSpares(0) (deadlock bookkeeping only)", rayonNoSpare));
        sb.append(row("ForkJoinPool.managedBlock, blocker that compensates", fj));
        sb.append(String.format(Locale.ROOT, "%n| spare start: blockInPlace entered until a job pushed by the blocked "
                + "worker runs on the spare | %s µs |%n", describe(spareStart)));
        return sb.toString();
    }

    private static double perCall(Runnable call) {
        long t0 = System.nanoTime();
        for (int i = 0; i < CALLS; i++) {
            call.run();
        }
        return (System.nanoTime() - t0) / 1e3 / CALLS;
    }

    private static void managedBlockOnce() {
        try {
            ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
                boolean done;

                @Override
                public boolean block() {
                    sink += 1;
                    done = true;
                    return true;
                }

                @Override
                public boolean isReleasable() {
                    return done;
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** On the only worker: block, push a job that only a spare can run, time until it runs. */
    private static double spareStartMicros() {
        CountDownLatch ran = new CountDownLatch(1);
        long[] t = new long[2];
        Rayon.blockInPlace(() -> {
            t[0] = System.nanoTime();
            Rayon.spawn(() -> {
                t[1] = System.nanoTime();
                ran.countDown();
            });
            try {
                ran.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        });
        return (t[1] - t[0]) / 1e3;
    }

    private static String row(String name, double[] values) {
        return String.format(Locale.ROOT, "| %s | %s |%n", name, describe(values));
    }

    private static String describe(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(Locale.ROOT, "%.2f (%.2f-%.2f)", v[v.length / 2], v[0], v[v.length - 1]);
    }
}
