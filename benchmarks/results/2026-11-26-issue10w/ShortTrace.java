import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ProbePools;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.iter.IntParIter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.stream.IntStream;

/**
 * Where a short call's time goes in a pool of T workers, called back to back from outside, and
 * what the idle workers' search length changes. The call is P1's increment-all of 10^6 ints in
 * 256 stamped chunks ({@code IntParIter.range(0, 256).forEach}); per call it records when the
 * 2nd, 4th, 8th and last distinct thread ran its first chunk (µs after the call began), how many
 * threads took part, the busiest one's share of the chunks, and the time from the last chunk's
 * end to the caller's return. Variants: pools of T workers searching 8 (the default), 32 or 128
 * rounds before they get sleepy, the HINTED policy, a pool with callerRuns; and the parallel
 * stream on the common pool (parallelism T - 1) for the wall time alone. Rounds of 100 ms,
 * rotated, after a 3 s warm-up; medians.
 *
 * Then the idle case for each pool variant alone (P4/P5's shape): a trivial install every 10 ms
 * for 3 s; the process's CPU over those 3 s and the median time from the call to its job's start.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=T-1 \
 *     -cp benchmarks.jar:CLASSES ShortTrace T [seconds, default 8]
 * </pre>
 * (CLASSES: this file and io/github/rayon4j/core/ProbePools.java compiled with javac --release 17.)
 */
public class ShortTrace {
    static final int N = 1_000_000, CHUNKS = 256, PER = N / CHUNKS;
    static final String[] NAMES = {"r8", "r32", "r128", "hinted", "guest", "stream"};
    static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    static final int[] a = new int[N];
    static volatile long sink;

    public static void main(String[] args) throws Exception {
        int t = Integer.parseInt(args[0]);
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 8;
        ThreadPool[] pools = {
            ProbePools.build(t, 8, SleepPolicy.RAYON, false),
            ProbePools.build(t, 32, SleepPolicy.RAYON, false),
            ProbePools.build(t, 128, SleepPolicy.RAYON, false),
            ProbePools.build(t, 8, SleepPolicy.HINTED, false),
            ProbePools.build(t, 8, SleepPolicy.RAYON, true)};
        int slots = pools[4].maxThreads();
        AtomicLongArray first = new AtomicLongArray(slots + 1), last = new AtomicLongArray(slots + 1);
        AtomicIntegerArray count = new AtomicIntegerArray(slots + 1);
        java.util.function.IntConsumer body = c -> {
            int i = Rayon.currentThreadIndex().orElse(slots);
            first.compareAndSet(i, 0, System.nanoTime());
            for (int k = c * PER, e = k + PER; k < e; k++) a[k]++;
            last.set(i, System.nanoTime());
            count.incrementAndGet(i);
        };
        int v = NAMES.length;
        List<List<double[]>> rows = new ArrayList<>();
        for (int i = 0; i < v; i++) rows.add(new ArrayList<>());
        long[] cpu = new long[v], sleeps = new long[v], wakes = new long[v];
        long start = System.nanoTime(), warm = (long) 3e9, end = warm + (long) (seconds * 1e9);
        for (int r = 0; System.nanoTime() - start < end; r++) {
            boolean measure = System.nanoTime() - start >= warm;
            for (int j = 0; j < v; j++) {
                int k = (j + r) % v;
                long c0 = OS.getProcessCpuTime();
                PoolMetrics m0 = k < 5 ? pools[k].metrics() : null;
                long until = System.nanoTime() + 100_000_000L;
                while (System.nanoTime() < until) {
                    if (k == 5) {
                        long t0 = System.nanoTime();
                        IntStream.range(0, N).parallel().forEach(x -> a[x]++);
                        if (measure) rows.get(k).add(new double[] {(System.nanoTime() - t0) / 1e3, 0, 0, 0, 0, 0, 0, 0});
                        continue;
                    }
                    for (int i = 0; i <= slots; i++) { first.set(i, 0); last.set(i, 0); count.set(i, 0); }
                    long t0 = System.nanoTime();
                    pools[k].install(() -> IntParIter.range(0, CHUNKS).forEach(body));
                    long t1 = System.nanoTime();
                    if (!measure) continue;
                    long[] starts = new long[slots + 1];
                    int n = 0, busiest = 0; long lastEnd = 0;
                    for (int i = 0; i <= slots; i++) {
                        if (first.get(i) == 0) continue;
                        starts[n++] = first.get(i);
                        busiest = Math.max(busiest, count.get(i));
                        lastEnd = Math.max(lastEnd, last.get(i));
                    }
                    long[] s = Arrays.copyOf(starts, n);
                    Arrays.sort(s);
                    rows.get(k).add(new double[] {(t1 - t0) / 1e3, nth(s, 2, t0), nth(s, 4, t0), nth(s, 8, t0), (s[n - 1] - t0) / 1e3,
                        n, (double) busiest / CHUNKS, (t1 - lastEnd) / 1e3});
                }
                if (measure) {
                    cpu[k] += OS.getProcessCpuTime() - c0;
                    if (k < 5) {
                        PoolMetrics m1 = pools[k].metrics();
                        sleeps[k] += m1.sleeps() - m0.sleeps();
                        wakes[k] += m1.wakeUps() - m0.wakeUps();
                    }
                }
            }
        }
        System.out.printf("# ShortTrace: %d threads, %.0f s measured; java %s; %d processors; common parallelism %d%n", t, seconds,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                java.util.concurrent.ForkJoinPool.getCommonPoolParallelism());
        System.out.println("threads,variant,calls,wall_us,p90_wall_us,2nd_start_us,4th_start_us,8th_start_us,last_start_us,threads_in_call,busiest_share,return_after_last_us,cpu_us_per_call,sleeps_per_call,wakes_per_call");
        for (int k = 0; k < v; k++) {
            List<double[]> l = rows.get(k);
            int calls = l.size();
            System.out.printf("%d,%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%.3f,%.1f,%.1f,%.2f,%.2f%n", t, NAMES[k], calls, med(l, 0), pct(l, 0, 0.9),
                    med(l, 1), med(l, 2), med(l, 3), med(l, 4), med(l, 5), med(l, 6), med(l, 7), cpu[k] / 1e3 / calls,
                    (double) sleeps[k] / calls, (double) wakes[k] / calls);
        }
        // The idle case, each pool alone: a trivial install every 10 ms for 3 s.
        System.out.println("threads,variant,idle_process_cpu_ms_per_3s,idle_wake_us_median");
        for (int k = 0; k < 5; k++) {
            Thread.sleep(200);
            long[] started = new long[1];
            double[] lat = new double[300];
            long c0 = OS.getProcessCpuTime();
            for (int i = 0; i < 300; i++) {
                Thread.sleep(10);
                long t0 = System.nanoTime();
                pools[k].install(() -> { started[0] = System.nanoTime(); });
                lat[i] = (started[0] - t0) / 1e3;
            }
            long c1 = OS.getProcessCpuTime();
            Arrays.sort(lat);
            System.out.printf("%d,%s,%.1f,%.1f%n", t, NAMES[k], (c1 - c0) / 1e6, lat[150]);
        }
        for (ThreadPool p : pools) p.close();
    }

    static double nth(long[] s, int k, long t0) {
        return s.length >= k ? (s[k - 1] - t0) / 1e3 : Double.NaN;
    }

    static double med(List<double[]> l, int c) {
        return pct(l, c, 0.5);
    }

    static double pct(List<double[]> l, int c, double q) {
        double[] x = l.stream().mapToDouble(r -> r[c]).filter(d -> !Double.isNaN(d)).sorted().toArray();
        return x.length == 0 ? Double.NaN : x[(int) (x.length * q)];
    }
}
