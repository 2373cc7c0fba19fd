import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * The peers' idle case in parts: a job every 10 ms into a two-thread pool that fell asleep, 400
 * times after 100 of warm-up; p10/p50/p90 in µs of the caller to the job's first line ("caller
 * to job"), the job's first line to the caller's return ("job to caller"), and, in join mode,
 * the job's join of two trivial sides alone ("join": the right side pushed, a sleeping sibling
 * woken, the right side taken back).
 *
 *   java -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-26-issue10q/WakeParts.java r4j|fj [join]
 *
 * r4j: pool.install(job) on a rayon4j ThreadPool(2), the join Rayon.join(() -> 1L, () -> 2L);
 * fj: CompletableFuture.supplyAsync(job, ForkJoinPool(2)).join() as the peers' baseline, the join
 * a RecursiveTask that forks one side and computes the other (Baseline's TinyJoin).
 */
public class WakeParts {
    static final int REPS = 400;
    /** When the job's join returned; written by the worker before the job's result is published. */
    static final long[] JOINED = new long[1];

    static long rayonJob() {
        long start = System.nanoTime();
        Pair<Long, Long> p = Rayon.join(() -> 1L, () -> 2L);
        JOINED[0] = System.nanoTime();
        return p.left() + p.right() == 3 ? start : -1;
    }

    static final class Tiny extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        final boolean leaf;

        Tiny(boolean leaf) {
            this.leaf = leaf;
        }

        @Override
        protected Long compute() {
            if (leaf) {
                return 1L;
            }
            Tiny a = new Tiny(true);
            a.fork();
            return a.join() + 2;
        }
    }

    static long forkJoinJob() {
        long start = System.nanoTime();
        long r = new Tiny(false).invoke();
        JOINED[0] = System.nanoTime();
        return r == 3 ? start : -1;
    }

    public static void main(String[] args) throws Exception {
        boolean fj = args.length > 0 && args[0].equals("fj");
        boolean join = args.length > 1 && args[1].equals("join");
        long[] in = new long[REPS], out = new long[REPS], joined = new long[REPS];
        ThreadPool pool = fj ? null : new ThreadPoolBuilder().numThreads(2).build();
        ForkJoinPool fjp = fj ? new ForkJoinPool(2) : null;
        long next = System.nanoTime();
        for (int r = -100; r < REPS; r++) {
            next += 10_000_000L;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            long t0 = System.nanoTime();
            long start;
            if (fj) {
                start = CompletableFuture.supplyAsync(join ? WakeParts::forkJoinJob : System::nanoTime, fjp).join();
            } else {
                start = pool.install(join ? WakeParts::rayonJob : System::nanoTime);
            }
            long t1 = System.nanoTime();
            if (start < 0) {
                throw new AssertionError("wrong join result");
            }
            if (r >= 0) {
                in[r] = start - t0;
                out[r] = t1 - start;
                joined[r] = JOINED[0] - start;
            }
        }
        String name = (fj ? "fj" : "r4j") + (join ? "+join" : "");
        System.out.println(name + ": caller to job " + q(in) + " | job to caller " + q(out) + (join ? " | join " + q(joined) : ""));
        if (pool != null) {
            pool.close();
        } else {
            fjp.shutdown();
        }
    }

    static String q(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return String.format("%.0f/%.0f/%.0f", s[REPS / 10] / 1e3, s[REPS / 2] / 1e3, s[REPS * 9 / 10] / 1e3);
    }
}
