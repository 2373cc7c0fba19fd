import io.github.rayon4j.core.*;
import java.lang.management.*;

/** fib(30) with a join at every level on a two-worker pool, per run: wall, process CPU, sleeps and wake-ups, steals. */
public class FibLoad {
    static long fib(int n) {
        if (n < 2) return n;
        Pair<Long, Long> p = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
        return p.left() + p.right();
    }
    public static void main(String[] a) throws Exception {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int runs = Integer.parseInt(a[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).jmx(false).build()) {
            for (int i = 0; i < runs; i++) {
                PoolMetrics m0 = pool.metrics();
                long c0 = os.getProcessCpuTime(), t0 = System.nanoTime();
                long r = pool.install(() -> fib(30));
                long t = System.nanoTime() - t0, c = os.getProcessCpuTime() - c0;
                PoolMetrics m1 = pool.metrics();
                if (r != 832040) throw new AssertionError();
                if (i >= runs - 10) System.out.printf("run %d: %.1f ms, cpu/wall %.2f, sleeps %d, wakeUps %d, fruitless %d, steals %d, jobs %d%n", i, t / 1e6, (double) c / t,
                        m1.sleeps() - m0.sleeps(), m1.wakeUps() - m0.wakeUps(), m1.fruitlessWakeUps() - m0.fruitlessWakeUps(), m1.jobsStolen() - m0.jobsStolen(), m1.jobsExecuted() - m0.jobsExecuted());
            }
        }
    }
}
