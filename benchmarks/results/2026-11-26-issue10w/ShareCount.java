import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.util.Arrays;

/**
 * How many jobs a short call makes: P1's increment-all (10^6 ints) and sum of squares (10^7)
 * called back to back from main into a pool of T workers, 2 s of warm-up then 3 s; per call the
 * jobs run from a queue, the steals and the sleeps (the pool's counters), and the median wall.
 * Every split of the bridge that another thread took is a job run, so leaves that share their
 * rest show up as jobs.
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar:. ShareCount T...
 * </pre>
 */
public class ShareCount {
    static volatile long sink;

    public static void main(String[] args) {
        int[] a = new int[1_000_000];
        for (String arg : args) {
            int t = Integer.parseInt(arg);
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(t).jmx(false).build()) {
                for (String kernel : new String[] {"inc", "sumsq"}) {
                    Runnable call = kernel.equals("inc")
                            ? () -> IntParIter.range(0, a.length).forEach(i -> a[i]++)
                            : () -> sink = LongParIter.range(0, 10_000_000).map(i -> i * i).sum();
                    long warm = System.nanoTime() + 2_000_000_000L;
                    while (System.nanoTime() < warm) {
                        pool.install(call);
                    }
                    long[] wall = new long[1 << 20];
                    int n = 0;
                    PoolMetrics m0 = pool.metrics();
                    long end = System.nanoTime() + 3_000_000_000L;
                    while (System.nanoTime() < end && n < wall.length) {
                        long t0 = System.nanoTime();
                        pool.install(call);
                        wall[n++] = System.nanoTime() - t0;
                    }
                    PoolMetrics m1 = pool.metrics();
                    long[] w = Arrays.copyOf(wall, n);
                    Arrays.sort(w);
                    System.out.printf("threads %d %s: %d calls, median %.1f us; per call: jobs %.1f, steals %.1f, sleeps %.2f%n",
                            t, kernel, n, w[n / 2] / 1e3, (double) (m1.jobsExecuted() - m0.jobsExecuted()) / n,
                            (double) (m1.jobsStolen() - m0.jobsStolen()) / n, (double) (m1.sleeps() - m0.sleeps()) / n);
                }
            }
        }
    }
}
