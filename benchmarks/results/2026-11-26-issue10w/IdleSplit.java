import io.github.rayon4j.core.*;
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;

/**
 * Whose CPU the idle case (P4) costs: a trivial call every 10 ms into a two-worker pool that
 * sleeps between calls, 200 calls of warm-up, then 300 measured; each Java thread's CPU over the
 * 300, summed by thread name with digits masked (main; the pool's workers). Modes: {@code pool}
 * (rayon4j, {@code install}), {@code guest} (the same with {@code callerRuns}), {@code fj}
 * ({@code ForkJoinPool(2).submit(..).join()}).
 * <pre>
 * java -Xms1g -Xmx1g -cp benchmarks.jar:. IdleSplit pool|guest|fj
 * </pre>
 */
public class IdleSplit {
    public static void main(String[] a) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean fj = a[0].equals("fj");
        ThreadPool pool = fj ? null : new ThreadPoolBuilder().numThreads(2).callerRuns(a[0].equals("guest")).build();
        ForkJoinPool f = fj ? new ForkJoinPool(2) : null;
        Runnable call = fj ? () -> f.submit(() -> {}).join() : () -> pool.install(() -> {});
        for (int i = 0; i < 200; i++) { Thread.sleep(10); call.run(); }
        Map<Long, Long> c0 = new HashMap<>();
        for (ThreadInfo ti : mx.dumpAllThreads(false, false)) c0.put(ti.getThreadId(), mx.getThreadCpuTime(ti.getThreadId()));
        long w0 = System.nanoTime();
        for (int i = 0; i < 300; i++) { Thread.sleep(10); call.run(); }
        long wall = System.nanoTime() - w0;
        Map<String, Long> by = new TreeMap<>();
        for (ThreadInfo ti : mx.dumpAllThreads(false, false)) {
            long id = ti.getThreadId();
            long d = mx.getThreadCpuTime(id) - c0.getOrDefault(id, 0L);
            String n = ti.getThreadName().replaceAll("\\d+", "#");
            by.merge(n, d, Long::sum);
        }
        long total = 0;
        StringBuilder sb = new StringBuilder();
        for (var e : by.entrySet()) { total += e.getValue(); if (e.getValue() > 500_000) sb.append(String.format(" %s=%.1f", e.getKey(), e.getValue() / 1e6)); }
        System.out.printf("%s: wall %.0f ms, java threads %.1f ms:%s%n", a[0], wall / 1e6, total / 1e6, sb);
        if (pool != null) pool.close(); if (f != null) f.shutdown();
    }
}
