import io.github.rayon4j.core.*;
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;

public class IdleSplit {
    public static void main(String[] a) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        boolean fj = a[0].equals("fj");
        ThreadPool pool = fj ? null : new ThreadPoolBuilder().numThreads(2).callerRuns(a[0].equals("guest")).build();
        ForkJoinPool f = fj ? new ForkJoinPool(2) : null;
        Runnable call = fj ? () -> f.submit(() -> {}).join() : () -> pool.install(() -> {});
        int warm = Integer.getInteger("warm", 200); long gap = Long.getLong("gapMicros", 10000); for (int i = 0; i < warm; i++) { java.util.concurrent.locks.LockSupport.parkNanos(gap * 1000); call.run(); }
        Map<Long, Long> c0 = new HashMap<>();
        for (ThreadInfo ti : mx.dumpAllThreads(false, false)) c0.put(ti.getThreadId(), mx.getThreadCpuTime(ti.getThreadId()));
        int N = Integer.getInteger("n", 300); long w0 = System.nanoTime(); io.github.rayon4j.core.PoolMetrics m0 = pool == null ? null : pool.metrics();
        for (int i = 0; i < N; i++) { Thread.sleep(10); call.run(); }
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
        if (pool != null) { io.github.rayon4j.core.PoolMetrics m1 = pool.metrics(); sb.append(String.format(" | per call: sleeps %.2f wakeUps %.2f fruitless %.2f jobs %.2f", (m1.sleeps() - m0.sleeps()) / (double) N, (m1.wakeUps() - m0.wakeUps()) / (double) N, (m1.fruitlessWakeUps() - m0.fruitlessWakeUps()) / (double) N, (m1.jobsExecuted() - m0.jobsExecuted()) / (double) N)); }
        System.out.printf("%s: wall %.0f ms, java threads %.1f ms:%s%n", a[0], wall / 1e6, total / 1e6, sb);
        if (pool != null) pool.close(); if (f != null) f.shutdown();
    }
}
