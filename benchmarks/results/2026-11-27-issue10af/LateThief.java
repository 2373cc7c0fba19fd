import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run started on a saturated pool gives up: a generic pipeline (a list's, no fused leaf)
 * of about 14 ms on one thread, started on a worker whose pool is busy, the other worker freeing
 * up {@code lateMs} into it. Inside {@code install} on a pool of two: {@code join} of the pipeline
 * and a job that spins {@code lateMs}; the other worker steals that job at once, so the pipeline
 * starts with the pool saturated. Prints the median of {@code reps} calls after {@code warmup}.
 *
 *   java -cp benchmarks/target/benchmarks.jar:DIR LateThief lateMs [reps] [warmup]
 */
public class LateThief {
    static volatile long sink;

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        sink = x;
    }

    public static void main(String[] args) {
        double lateMs = Double.parseDouble(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 30;
        List<Long> list = new ArrayList<>();
        for (long i = 0; i < 400_000; i++) {
            list.add(i);
        }
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            long one = time(() -> pool.install(() -> ParIter.of(list).mapToLong(LateThief::cost).sum()), 5);
            double[] t = new double[reps];
            boolean[] saturated = new boolean[1];
            int seen = 0;
            for (int r = -warmup; r < reps; r++) {
                long t0 = System.nanoTime();
                pool.install(() -> {
                    Rayon.join(() -> {
                        saturated[0] = saturated();
                        sink = ParIter.of(list).mapToLong(LateThief::cost).sum();
                    }, () -> spin((long) (lateMs * 1e6)));
                    return null;
                });
                long t1 = System.nanoTime();
                if (r >= 0) {
                    t[r] = (t1 - t0) / 1e6;
                    seen += saturated[0] ? 1 : 0;
                }
            }
            java.util.Arrays.sort(t);
            System.out.printf("late=%.1f ms: median %.2f ms (min %.2f, max %.2f); pipeline alone on 2 threads %.2f ms; saturated at start in %d of %d%n",
                    lateMs, t[reps / 2], t[0], t[reps - 1], one / 1e6, seen, reps);
        }
    }

    /** Rayon.isPoolSaturated(), or false on a build without it (the one before). */
    static boolean saturated() {
        try {
            return Rayon.isPoolSaturated();
        } catch (NoSuchMethodError e) {
            return false;
        }
    }

    static long cost(long x) {
        long h = x;
        for (int k = 0; k < 40; k++) {
            h = h * 6364136223846793005L + 1442695040888963407L;
        }
        return h >>> 60;
    }

    static long time(Runnable r, int reps) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < reps * 4; i++) {
            long t0 = System.nanoTime();
            r.run();
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }
}
