import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;

/**
 * The peers' {@code join_recursive_fib_cutoff20} (fib(30), {@code Rayon.join} down to n = 20, then
 * the plain recursion) in steady state: calls into a ThreadPool of the given size for six rounds
 * of 1 s, the time per call and the pool's steals, sleeps and wake-ups per call. The peers'
 * harness times 10 calls after 5, while the JIT is still at work on them.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10r/CutoffSteady.java 1|2
 * </pre>
 */
public class CutoffSteady {
    static long fibSeq(int n) {
        return n < 2 ? n : fibSeq(n - 1) + fibSeq(n - 2);
    }

    static long fibJoin(int n, int cutoff) {
        if (n <= cutoff) {
            return fibSeq(n);
        }
        Pair<Long, Long> r = Rayon.join(() -> fibJoin(n - 1, cutoff), () -> fibJoin(n - 2, cutoff));
        return r.left() + r.right();
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).jmx(false).build()) {
            for (int round = 0; round < 6; round++) {
                PoolMetrics m0 = pool.metrics();
                long t0 = System.nanoTime();
                int n = 0;
                while (System.nanoTime() - t0 < 1_000_000_000L) {
                    pool.install(() -> fibJoin(30, 20));
                    n++;
                }
                long t1 = System.nanoTime();
                PoolMetrics m1 = pool.metrics();
                System.out.printf("%dT: %.3f ms/call, stolen %.1f, sleeps %.1f, wakeups %.1f per call%n", threads,
                        (t1 - t0) / 1e6 / n, (m1.jobsStolen() - m0.jobsStolen()) / (double) n,
                        (m1.sleeps() - m0.sleeps()) / (double) n, (m1.wakeUps() - m0.wakeUps()) / (double) n);
            }
        }
    }
}
