import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * The peers' idle case (a trivial join installed into a two-worker pool every 10 ms) with its CPU
 * split by thread: the calling thread against the pool's workers, four rounds of 3 s, and the
 * mean round trip of a call.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10r/IdleParts.java
 * </pre>
 */
public class IdleParts {
    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long self = Thread.currentThread().getId();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).jmx(false).build()) {
            for (int round = 0; round < 4; round++) {
                Map<Long, Long> before = new HashMap<>();
                for (long id : mx.getAllThreadIds()) {
                    before.put(id, mx.getThreadCpuTime(id));
                }
                long t0 = System.nanoTime();
                long next = t0;
                long roundTrips = 0;
                int n = 0;
                while (System.nanoTime() - t0 < 3_000_000_000L) {
                    long s = System.nanoTime();
                    pool.install(() -> Rayon.join(() -> 1L, () -> 2L));
                    roundTrips += System.nanoTime() - s;
                    n++;
                    next += 10_000_000L;
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                    }
                }
                long caller = 0;
                long workers = 0;
                for (long id : mx.getAllThreadIds()) {
                    ThreadInfo info = mx.getThreadInfo(id);
                    if (info == null) {
                        continue;
                    }
                    long cpu = mx.getThreadCpuTime(id) - before.getOrDefault(id, 0L);
                    if (id == self) {
                        caller += cpu;
                    } else if (info.getThreadName().startsWith("rayon4j")) {
                        workers += cpu;
                    }
                }
                System.out.printf("round %d: %d calls, mean round trip %.1f us; CPU per 3 s: caller %.1f ms, workers %.1f ms%n",
                        round, n, roundTrips / 1e3 / n, caller / 1e6, workers / 1e6);
            }
        }
    }
}
