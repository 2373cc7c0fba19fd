package io.github.rayon4j.benchmarks.peers;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;

/**
 * The measuring rules of the peer programs ({@code /work/shared/peers/java-baseline/Baseline.java} and
 * {@code rayon-rs/src/main.rs}), so that a {@link PeerCases} or {@link StreamCases} row can stand beside
 * theirs: {@code -Dreps=10 -Dwarmup=5} runs per case, the median, min and max wall time of the measured
 * runs, and the median CPU time per run summed over all live Java threads (ThreadMXBean, nanosecond
 * clocks: main and pool workers, not the JVM's GC and JIT threads). One CSV line per case:
 * {@code name,threads,size,median_ms,min_ms,max_ms,cpu_ms,cpu_util}, with {@code cpu_util = cpu_ms /
 * median_ms}. The idle case uses the whole-process clock, as Baseline.java does.
 */
final class Harness {
    /** The seed of the peers' xorshift64 streams. */
    static final long SEED = 0x9E3779B97F4A7C15L;

    private static final ThreadMXBean TMX = ManagementFactory.getThreadMXBean();
    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /** Defeats dead-code elimination of results. */
    static volatile Object sink;

    final int reps;
    final int warmup;
    final boolean smoke;

    /** {@code --smoke}: one measured run and no warm-up, whatever the properties say. */
    Harness(boolean smoke) {
        this.smoke = smoke;
        this.reps = smoke ? 1 : Math.max(1, Integer.getInteger("reps", 10));
        this.warmup = smoke ? 0 : Math.max(0, Integer.getInteger("warmup", 5));
    }

    /** CPU time of all live Java threads, in ms (ns resolution). */
    static double cpuMs() {
        long sum = 0;
        for (long id : TMX.getAllThreadIds()) {
            long t = TMX.getThreadCpuTime(id);
            if (t > 0) {
                sum += t;
            }
        }
        return sum / 1e6;
    }

    /** Whole-process CPU time (GC and JIT threads included), in ms; 10 ms resolution on Linux. */
    static double processCpuMs() {
        return OS.getProcessCpuTime() / 1e6;
    }

    /** Sorts {@code v} and returns its median. */
    static double median(double[] v) {
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
    }

    /** Prints the CSV line; {@code wall} is sorted, so its ends are the min and the max. */
    static void report(String name, String thr, long size, double[] wall, double[] cpu) {
        double med = median(wall);
        double cmed = median(cpu);
        System.out.println(String.format(Locale.ROOT, "%s,%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f",
                name, thr, size, med, wall[0], wall[wall.length - 1], cmed, med > 0 ? cmed / med : 0.0));
    }

    static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("wrong result: " + what);
        }
    }

    /** {@code setup} untimed, then {@code body} timed, warmup + reps times; prints the line. */
    <S> void bench(String name, String thr, long size, Supplier<S> setup, Function<S, Object> body) {
        double[] wall = new double[reps];
        double[] cpu = new double[reps];
        for (int i = 0; i < warmup + reps; i++) {
            S input = setup.get();
            double c0 = cpuMs();
            long t0 = System.nanoTime();
            Object r = body.apply(input);
            double dt = (System.nanoTime() - t0) / 1e6;
            double dc = cpuMs() - c0;
            sink = r;
            if (i >= warmup) {
                wall[i - warmup] = dt;
                cpu[i - warmup] = dc;
            }
        }
        report(name, thr, size, wall, cpu);
    }

    void bench(String name, String thr, long size, Supplier<Object> body) {
        bench(name, thr, size, () -> null, x -> body.get());
    }

    // ------------------------------------------------------------------ inputs

    /** xorshift64 from {@link #SEED}: the same sequence as the peers' sort input. */
    static long[] randomArray(int n) {
        long[] a = new long[n];
        long x = SEED;
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            a[i] = x;
        }
        return a;
    }

    /** The peers' bijective mixer: {@code mix(x) == mix(t)} only for {@code x == t}. */
    static long mix(long x) {
        long y = x * 0x9E3779B97F4A7C15L;
        return y ^ (y >>> 32);
    }

    /** The peers' map_collect function, {@code x.wrapping_mul(2654435761) ^ (x >> 3)} on u32 bits. */
    static int mapc(int x) {
        return (x * (int) 2654435761L) ^ (x >>> 3);
    }

    static boolean isSorted(long[] a) {
        for (int i = 1; i < a.length; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ idle and wake latency

    /** The peers' tick: a job every 10 ms, for 3 s per window (0.3 s with --smoke). */
    static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * Every 10 ms runs job(i), for one window. Returns {wall_ms, process_cpu_ms, jobs,
     * javathreads_cpu_ms}; appends each job's round-trip latency (ms) to lat (if not null).
     */
    double[] idleLoop(LongUnaryOperator job, List<Double> lat) throws InterruptedException {
        long window = smoke ? TimeUnit.MILLISECONDS.toNanos(300) : TimeUnit.SECONDS.toNanos(3);
        double c0 = processCpuMs();
        double j0 = cpuMs();
        long t0 = System.nanoTime();
        long end = t0 + window;
        long next = t0;
        long jobs = 0;
        long acc = 0;
        while (next - end < 0) {
            long s0 = System.nanoTime();
            acc += job.applyAsLong(jobs);
            long s1 = System.nanoTime();
            if (lat != null) {
                lat.add((s1 - s0) / 1e6);
            }
            jobs++;
            next += TICK_NANOS;
            sleepUntil(next);
        }
        sink = acc;
        double wall = (System.nanoTime() - t0) / 1e6;
        return new double[] {wall, processCpuMs() - c0, jobs, cpuMs() - j0};
    }

    /**
     * Baseline.java's idle case: one warm-up window, then min(reps, 5) windows; prints the idle CPU
     * per window on the process clock ({@code name}), on the Java-threads clock
     * ({@code name_javathreads}), and the round-trip latency of every job ({@code latName}, cpu
     * columns 0).
     */
    void idleCase(String name, String latName, String thr, LongUnaryOperator job) throws InterruptedException {
        int windows = Math.max(1, Math.min(reps, 5));
        idleLoop(job, null);
        double[] wall = new double[windows];
        double[] cpu = new double[windows];
        double[] jcpu = new double[windows];
        List<Double> lat = new ArrayList<>();
        long jobs = 0;
        for (int r = 0; r < windows; r++) {
            double[] res = idleLoop(job, lat);
            wall[r] = res[0];
            cpu[r] = res[1];
            jobs = (long) res[2];
            jcpu[r] = res[3];
        }
        report(name, thr, jobs, wall.clone(), cpu);
        report(name + "_javathreads", thr, jobs, wall, jcpu);
        double[] l = lat.stream().mapToDouble(Double::doubleValue).toArray();
        report(latName, thr, l.length, l, new double[l.length]);
    }

    // ------------------------------------------------------------------ short jobs (target P3)

    /** The short-job cadence: one submission every 20 ms, long enough for a pool to fall asleep. */
    static final long SHORT_JOB_PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    /**
     * A 2-5 ms job handed every 20 ms to a pool that went to sleep in between: 25 warm-up jobs (1 with
     * --smoke), then 50 measured (3); prints the wall time per job and the CPU per job on the
     * Java-threads clock, whose ratio says how many threads joined in.
     *
     * @return how many times {@code job} ran
     */
    int shortJobCase(String name, String thr, long size, Runnable job) throws InterruptedException {
        int warm = smoke ? 1 : 25;
        int measured = smoke ? 3 : 50;
        double[] wall = new double[measured];
        double[] cpu = new double[measured];
        long next = System.nanoTime();
        for (int i = 0; i < warm + measured; i++) {
            next += SHORT_JOB_PERIOD_NANOS;
            sleepUntil(next);
            double c0 = cpuMs();
            long t0 = System.nanoTime();
            job.run();
            double dt = (System.nanoTime() - t0) / 1e6;
            double dc = cpuMs() - c0;
            if (i >= warm) {
                wall[i - warm] = dt;
                cpu[i - warm] = dc;
            }
        }
        report(name, thr, size, wall, cpu);
        return warm + measured;
    }

    static void sleepUntil(long deadline) throws InterruptedException {
        long wait = deadline - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
    }

    /** The '#' line every peer program starts with (quietrun.py drops it from raw.csv). */
    void header(String program, String mode, String extra) {
        System.out.println("# " + program + ", java " + System.getProperty("java.version") + ", availableProcessors="
                + Runtime.getRuntime().availableProcessors() + ", mode=" + mode + ", reps=" + reps + ", warmup="
                + warmup + heapNote() + (smoke ? ", SMOKE (tiny sizes, not a measurement)" : "") + extra);
    }

    /**
     * How this JVM's heap was set up, for the record: its maximum, whether it is fixed (initial =
     * maximum) and whether it was touched at start-up (the VM's effective {@code AlwaysPreTouch},
     * so a later {@code -XX:-AlwaysPreTouch} on the command line counts). A heap that
     * grows while a case runs makes the case pay for every page it touches first, about 12 µs each
     * on this project's machine ({@code run-peers.sh} passes a fixed, pre-touched heap).
     */
    static String heapNote() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        boolean fixed = heap.getInit() == heap.getMax();
        boolean preTouched = Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("AlwaysPreTouch").getValue());
        return ", heap=" + (heap.getMax() >> 20) + "m " + (fixed ? "fixed" : "growing")
                + (preTouched ? " pre-touched" : " not pre-touched");
    }
}
