import io.github.rayon4j.iter.LongParIter;
import java.lang.management.*;
import java.util.*;
import java.util.stream.LongStream;
/**
 * issue10ah: P7's pipeline called N times in a fresh JVM, by rounds of 50 calls: the mean and the
 * least time per call, and each Java thread's CPU over the round's wall time (the JIT's threads
 * are not Java threads: what the pool's workers do not get of two processors went to them or
 * to other processes). Usage: {@code java -cp benchmarks.jar:. Steady r|s N}.
 */
public class Steady {
    public static void main(String[] a) {
        boolean r = a[0].equals("r");
        int n = Integer.parseInt(a[1]);
        ThreadMXBean tm = ManagementFactory.getThreadMXBean();
        long s = 0;
        StringBuilder sb = new StringBuilder();
        for (int round = 0; round < n / 50; round++) {
            Map<String, Long> before = cpu(tm);
            long w0 = System.nanoTime();
            double min = 1e9;
            for (int i = 0; i < 50; i++) {
                long c0 = System.nanoTime();
                s += r ? LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum() : LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum();
                min = Math.min(min, (System.nanoTime() - c0) / 1e6);
            }
            long wall = System.nanoTime() - w0;
            Map<String, Long> after = cpu(tm);
            sb.append(String.format("round %d: %.2f ms/call (min %.2f);", round, wall / 50e6, min));
            for (String k : after.keySet()) {
                long d = after.get(k) - before.getOrDefault(k, 0L);
                if (d > 1_000_000) sb.append(String.format(" %s=%.2f", k, d / (double) wall));
            }
            sb.append('\n');
        }
        System.out.print(sb);
        System.out.println(s);
    }
    static Map<String, Long> cpu(ThreadMXBean tm) {
        Map<String, Long> m = new TreeMap<>();
        for (ThreadInfo ti : tm.getThreadInfo(tm.getAllThreadIds())) {
            if (ti != null) m.put(ti.getThreadName(), tm.getThreadCpuTime(ti.getThreadId()));
        }
        return m;
    }
}
