import com.sun.management.OperatingSystemMXBean;
import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Where a pool of many workers loses time on short parallel calls: each case runs in a
 * {@code ThreadPool(T)} entered with {@code install}, back to back as the peers' cases do, and
 * prints the median call, the process's CPU per call and the pool's own counters per call
 * (steals, sleeps, wake-ups, fruitless wake-ups).
 *
 * <pre>
 * javac -cp benchmarks.jar -d DIR ScaleParts.java
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar:DIR ScaleParts T [RAYON|HINTED|LEGACY_TICKLE] [label]
 * </pre>
 */
public final class ScaleParts {
    static final long FIND_N = 50_000_000L;
    static final long TARGET = 10_000L;
    static final long SUMSQ_N = 50_000_000L;
    static final int INC_N = 10_000_000;

    static long mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }

    public static void main(String[] args) {
        int t = Integer.parseInt(args[0]);
        SleepPolicy policy = args.length > 1 ? SleepPolicy.valueOf(args[1]) : SleepPolicy.RAYON;
        String label = args.length > 2 ? args[2] : policy.toString();
        ThreadPool pool = new ThreadPoolBuilder().numThreads(t).sleepPolicy(policy).build();
        long key = mix(TARGET);
        long[] a = new long[INC_N];
        run(pool, label, t, "find_any", 30, 60, () -> {
            OptionalLong r = LongParIter.range(0, FIND_N).filter(x -> mix(x) == key).findAny();
            return r.getAsLong();
        });
        run(pool, label, t, "any", 30, 60, () ->
                LongParIter.range(0, FIND_N).anyMatch(x -> mix(x) == key) ? 1 : 0);
        run(pool, label, t, "find_first", 30, 60, () ->
                LongParIter.range(0, FIND_N).filter(x -> mix(x) == key).findFirst().getAsLong());
        run(pool, label, t, "sumsq", 10, 30, () -> LongParIter.range(0, SUMSQ_N).map(x -> x * x % 7).sum());
        run(pool, label, t, "increment", 20, 60, () -> {
            IntParIter.range(0, a.length).forEach(i -> a[i]++);
            return a[0];
        });
        pool.close();
    }

    static void run(ThreadPool pool, String label, int t, String name, int warm, int reps, LongSupplier body) {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int i = 0; i < warm; i++) {
            pool.install(body::getAsLong);
        }
        double[] ms = new double[reps];
        PoolMetrics m0 = pool.metrics();
        long cpu0 = os.getProcessCpuTime();
        long sink = 0;
        for (int i = 0; i < reps; i++) {
            long s = System.nanoTime();
            sink += pool.install(body::getAsLong);
            ms[i] = (System.nanoTime() - s) / 1e6;
        }
        long cpu = os.getProcessCpuTime() - cpu0;
        PoolMetrics m1 = pool.metrics();
        Arrays.sort(ms);
        double n = reps;
        System.out.printf("%s,t=%d,%s,median_ms=%.3f,min=%.3f,max=%.3f,cpu_ms_per_call=%.3f,steals=%.1f,"
                        + "sleeps=%.1f,wakeups=%.1f,fruitless=%.1f,sink=%d%n",
                label, t, name, ms[reps / 2], ms[0], ms[reps - 1], cpu / 1e6 / n,
                (m1.jobsStolen() - m0.jobsStolen()) / n, (m1.sleeps() - m0.sleeps()) / n,
                (m1.wakeUps() - m0.wakeUps()) / n, (m1.fruitlessWakeUps() - m0.fruitlessWakeUps()) / n,
                sink % 10);
    }
}
