import com.sun.management.ThreadMXBean;
import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.management.ManagementFactory;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/**
 * Bytes allocated by one fib(30) with a join at every level, on a one-thread pool: rayon4j's
 * {@code Rayon.join} of two {@code Supplier}s (the peers' {@code join_recursive_fib}) against a
 * {@code RecursiveTask} that forks one side, each counted on the thread that runs the root
 * (every join runs there: one thread), three rounds, with the time of each call.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10r/FibAllocation.java
 * </pre>
 */
public class FibAllocation {
    /** fib(30)'s joins: one per call with n >= 2. */
    static final double JOINS = 1_346_268;

    static long fibJoin(int n) {
        if (n < 2) {
            return n;
        }
        Pair<Long, Long> r = Rayon.join(() -> fibJoin(n - 1), () -> fibJoin(n - 2));
        return r.left() + r.right();
    }

    static final class Fib extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 2) {
                return (long) n;
            }
            Fib a = new Fib(n - 1);
            a.fork();
            long b = new Fib(n - 2).compute();
            return a.join() + b;
        }
    }

    /** {bytes allocated, nanoseconds} of one fib(30) on the calling thread. */
    static long[] measure(ThreadMXBean mx, boolean rayon4j) {
        long id = Thread.currentThread().getId();
        long a0 = mx.getThreadAllocatedBytes(id);
        long t0 = System.nanoTime();
        long v = rayon4j ? fibJoin(30) : new Fib(30).compute();
        long t1 = System.nanoTime();
        if (v != 832_040) {
            throw new AssertionError(v);
        }
        return new long[] {mx.getThreadAllocatedBytes(id) - a0, t1 - t0};
    }

    public static void main(String[] args) throws Exception {
        ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        ForkJoinPool fj = new ForkJoinPool(1);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            for (int round = 0; round < 3; round++) {
                long[] r = pool.install(() -> measure(mx, true));
                long[] f = fj.submit(() -> measure(mx, false)).get();
                System.out.printf("rayon4j: %.1f MB, %.1f B/join, %.1f ms | RecursiveTask: %.1f MB, %.1f B/fork, %.1f ms%n",
                        r[0] / 1e6, r[0] / JOINS, r[1] / 1e6, f[0] / 1e6, f[0] / JOINS, f[1] / 1e6);
            }
        } finally {
            fj.shutdown();
        }
    }
}
