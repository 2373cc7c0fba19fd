// issue10al: per-thread CPU in the peers' idle case. javac -cp benchmarks/target/benchmarks.jar -d /tmp/idp IdleProbe.java;
// java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/idp IdleProbe [fj]
import io.github.rayon4j.core.*;
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;

/** The peers' idle case (a trivial join installed every 10 ms for 3 s), per-thread CPU. */
public class IdleProbe {
    static volatile long sink;
    public static void main(String[] a) throws Exception {
        boolean fj = a.length > 0 && a[0].equals("fj");
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        ThreadPool pool = fj ? null : new ThreadPoolBuilder().numThreads(2).build();
        ForkJoinPool fjp = fj ? new ForkJoinPool(2) : null;
        for (int round = 0; round < 3; round++) {
            Map<Long, Long> before = new HashMap<>();
            for (long id : mx.getAllThreadIds()) before.put(id, mx.getThreadCpuTime(id));
            long t0 = System.nanoTime(), end = t0 + 3_000_000_000L, next = t0; long acc = 0;
            while (next - end < 0) {
                final long i = next;
                if (fj) acc += fjp.invoke(new TinyJoin(i, false));
                else acc += pool.install(() -> { Pair<Long, Long> r = Rayon.join(() -> i + 1, () -> i * 2); return r.left() + r.right(); });
                next += 10_000_000L;
                long w = next - System.nanoTime();
                if (w > 0) Thread.sleep(w / 1_000_000, (int) (w % 1_000_000));
            }
            sink = acc;
            if (round == 0) continue;
            StringBuilder sb = new StringBuilder(fj ? "fj " : "r4j");
            long total = 0;
            for (ThreadInfo ti : mx.getThreadInfo(mx.getAllThreadIds())) {
                if (ti == null) continue;
                long d = mx.getThreadCpuTime(ti.getThreadId()) - before.getOrDefault(ti.getThreadId(), 0L);
                if (d > 1_000_000) { sb.append(String.format(" %s=%.1f", ti.getThreadName(), d / 1e6)); total += d; }
            }
            System.out.println(sb + String.format("  total %.1f ms", total / 1e6));
        }
        System.exit(0);
    }
    static final class TinyJoin extends RecursiveTask<Long> {
        final long i; final boolean leaf;
        TinyJoin(long i, boolean leaf) { this.i = i; this.leaf = leaf; }
        @Override protected Long compute() {
            if (leaf) return i + 1;
            TinyJoin x = new TinyJoin(i, true); x.fork(); long b = i * 2; return x.join() + b;
        }
    }
}
