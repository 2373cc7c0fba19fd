package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The sleep module's figures, which JMH cannot take: CPU burned while (nearly) idle, and the latency of
 * waking a sleeping pool, each beside a ForkJoinPool of the same size doing the same thing.
 *
 * <ul>
 *   <li><b>Idle CPU</b> (target P4): a trivial job every 10 ms for 3 s, each submitted from outside and
 *       waited for ({@code install} / {@code submit(..).join()}); process CPU time / wall time, and the
 *       same loop with no pool at all (the JVM's own background), so the pool's part is the difference.
 *   <li><b>Wake latency</b> (P5): a trivial job into a pool whose workers have gone to sleep, timed from
 *       submission to the caller's return; median and p99. rayon4j and ForkJoinPool samples alternate.
 *   <li><b>Rayon's {@code cpu_monitor} scenarios</b>: CPU while nothing runs after tasks ended; while the
 *       root task stalls in one side of a join; while a task spawned into a {@code scope} stalls and
 *       the scope waits for it. The ForkJoinPool side forks and joins the same stalling task.
 * </ul>
 * Every CPU figure is in percent of one core, the median of several rounds (min-max beside it).
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar
 * io.github.rayon4j.benchmarks.harness.SleepHarness [rounds]}.
 */
public final class SleepHarness {
    static final long PERIOD_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    static final long IDLE_RUN_NANOS = TimeUnit.SECONDS.toNanos(3);
    static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final int WAKE_SAMPLES = 200;
    /** Trivial submissions to each pool before the idle-CPU rounds (JIT warm-up). */
    static final int WARMUP_SUBMISSIONS = 20_000;
    /** Long enough for both pools' workers to give up searching and park. */
    static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(30);

    static final String RAYON_PREFIX = "sleep-harness-rayon4j-";
    static final String FJP_PREFIX = "sleep-harness-fjp-";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private SleepHarness() { }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        System.out.println(run(rounds));
    }

    /** Runs every measurement and returns them as a Markdown section. */
    public static String run(int rounds) {
        int threads = Runtime.getRuntime().availableProcessors();
        StringBuilder sb = new StringBuilder("## Sleep module: idle CPU, wake latency, cpu_monitor\n\n");
        sb.append(String.format(Locale.ROOT,
                "Pools of the default size (%d threads) on both sides; CPU in %% of one core, median of %d "
                        + "rounds (min-max).%n%n", threads, rounds));
        try (ThreadPool rayon = new ThreadPoolBuilder().numThreads(threads).threadName(i -> RAYON_PREFIX + i).build()) {
            ForkJoinPool fj = new ForkJoinPool(threads, p -> {
                ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                t.setName(FJP_PREFIX + t.getPoolIndex());
                return t;
            }, null, false);
            try {
                idleCpu(sb, rounds, rayon, fj);
                wakeLatency(sb, rayon, fj);
                cpuMonitor(sb, rounds, rayon, fj);
            } finally {
                fj.shutdown();
            }
        }
        return sb.toString();
    }

    private static void idleCpu(StringBuilder sb, int rounds, ThreadPool rayon, ForkJoinPool fj) {
        // Warm both paths up first, so that neither pays for JIT compilation (which process CPU time
        // counts) inside its measurement, and alternate which pool goes first.
        for (int i = 0; i < WARMUP_SUBMISSIONS; i++) {
            rayon.install(() -> { });
            fj.submit(() -> { }).join();
        }
        rounds = Math.max(rounds, 5);
        double[] none = new double[rounds];
        double[] r = new double[rounds];
        double[] f = new double[rounds];
        double[] rThreads = new double[rounds];
        double[] fThreads = new double[rounds];
        Runnable rayonLoop = () -> periodic(() -> rayon.install(() -> { }));
        Runnable fjLoop = () -> periodic(() -> fj.submit(() -> { }).join());
        for (int i = 0; i < rounds; i++) {
            none[i] = cpuPercent(() -> periodic(() -> { }));
            for (int k = 0; k < 2; k++) {
                if ((i + k) % 2 == 0) {
                    double[] both = processAndThreadCpu(RAYON_PREFIX, rayonLoop);
                    r[i] = both[0];
                    rThreads[i] = both[1];
                } else {
                    double[] both = processAndThreadCpu(FJP_PREFIX, fjLoop);
                    f[i] = both[0];
                    fThreads[i] = both[1];
                }
            }
        }
        double base = new Stats(none).median();
        sb.append(String.format(Locale.ROOT, "### Idle CPU: a trivial job every 10 ms for 3 s (%d rounds, after %d "
                + "warm-up submissions to each pool; the process CPU clock ticks in 10 ms, about 0.33 %% here)%n%n",
                rounds, WARMUP_SUBMISSIONS));
        sb.append("| pool | CPU / wall | above the no-pool baseline |\n| --- | ---: | ---: |\n");
        sb.append(String.format(Locale.ROOT, "| no pool (baseline) | %s %% | |%n", new Stats(none).describe("%.2f")));
        sb.append(String.format(Locale.ROOT, "| rayon4j | %s %% | %.2f %% |%n", new Stats(r).describe("%.2f"),
                new Stats(r).median() - base));
        sb.append(String.format(Locale.ROOT, "| ForkJoinPool | %s %% | %.2f %% |%n%n", new Stats(f).describe("%.2f"),
                new Stats(f).median() - base));
        sb.append("The same runs, counting only the CPU time of the pool's own threads plus the submitting thread "
                + "(per-thread CPU clocks, nanosecond resolution; no JVM background threads):\n\n");
        sb.append("| pool | pool threads + caller, CPU / wall |\n| --- | ---: |\n");
        sb.append(String.format(Locale.ROOT, "| rayon4j | %s %% |%n", new Stats(rThreads).describe("%.2f")));
        sb.append(String.format(Locale.ROOT, "| ForkJoinPool | %s %% |%n", new Stats(fThreads).describe("%.2f")));
        sb.append(String.format(Locale.ROOT, "%nrayon4j / ForkJoinPool, pool threads + caller: %.2f%n%n",
                new Stats(rThreads).median() / new Stats(fThreads).median()));
    }

    /** Runs {@code job} every 10 ms for 3 s on the calling thread (a fixed schedule, not fixed gaps). */
    private static void periodic(Runnable job) {
        long start = System.nanoTime();
        for (long next = start; next - start < IDLE_RUN_NANOS; next += PERIOD_NANOS) {
            job.run();
            sleepUntil(next + PERIOD_NANOS);
        }
    }

    private static void wakeLatency(StringBuilder sb, ThreadPool rayon, ForkJoinPool fj) {
        double[] r = new double[WAKE_SAMPLES];
        double[] f = new double[WAKE_SAMPLES];
        for (int i = -20; i < WAKE_SAMPLES; i++) {
            sleepUntil(System.nanoTime() + SETTLE_NANOS);
            long t0 = System.nanoTime();
            rayon.install(() -> { });
            long t1 = System.nanoTime();
            sleepUntil(System.nanoTime() + SETTLE_NANOS);
            long t2 = System.nanoTime();
            fj.submit(() -> { }).join();
            long t3 = System.nanoTime();
            if (i >= 0) {
                r[i] = (t1 - t0) / 1e3;
                f[i] = (t3 - t2) / 1e3;
            }
        }
        Stats rs = new Stats(r);
        Stats fs = new Stats(f);
        sb.append(String.format(Locale.ROOT, "### Wake latency: a trivial job into a sleeping pool, %d samples%n%n",
                WAKE_SAMPLES));
        sb.append("| pool | median µs | p99 µs |\n| --- | ---: | ---: |\n");
        sb.append(String.format(Locale.ROOT, "| rayon4j `install` | %.1f | %.1f |%n", rs.median(), rs.percentile(99)));
        sb.append(String.format(Locale.ROOT, "| ForkJoinPool `submit(..).join()` | %.1f | %.1f |%n", fs.median(),
                fs.percentile(99)));
        sb.append(String.format(Locale.ROOT, "%nrayon4j / ForkJoinPool median: %.2f%n%n", rs.median() / fs.median()));
    }

    private static void cpuMonitor(StringBuilder sb, int rounds, ThreadPool rayon, ForkJoinPool fj) {
        double[][] rows = new double[6][rounds];
        for (int i = 0; i < rounds; i++) {
            // 1. Tasks that end: a burst of joins, then measure the quiet second after it.
            rayon.install(() -> burst(16));
            rows[0][i] = cpuPercent(() -> sleepUntil(System.nanoTime() + STALL_NANOS));
            fj.invoke(new Burst(16));
            rows[1][i] = cpuPercent(() -> sleepUntil(System.nanoTime() + STALL_NANOS));
            // 2. The root task stalls in one side of a join; the other side is empty.
            rows[2][i] = cpuPercent(() -> rayon.install(() -> Rayon.join(SleepHarness::stall, () -> { })));
            rows[3][i] = cpuPercent(() -> fj.invoke(ForkJoinTask.adapt(() -> ForkJoinTask.invokeAll(
                    ForkJoinTask.adapt(SleepHarness::stall), ForkJoinTask.adapt(() -> { })))));
            // 3. A task spawned into a scope stalls; the scope's owner waits for it to end.
            rows[4][i] = cpuPercent(() -> rayon.install(() -> Rayon.scope(s -> s.spawn(t -> stall()))));
            rows[5][i] = cpuPercent(() -> fj.invoke(ForkJoinTask.adapt(
                    () -> ForkJoinTask.adapt(SleepHarness::stall).fork().join())));
        }
        sb.append("### Rayon's cpu_monitor scenarios (1 s each; CPU / wall)\n\n");
        sb.append("| scenario | rayon4j | ForkJoinPool |\n| --- | ---: | ---: |\n");
        String[] names = {"tasks ended, pool idle", "stalled root task (join side sleeps)",
                          "stalled scope (a spawned task sleeps, the scope waits)"};
        for (int s = 0; s < 3; s++) {
            sb.append(String.format(Locale.ROOT, "| %s | %s %% | %s %% |%n", names[s],
                    new Stats(rows[2 * s]).describe("%.2f"), new Stats(rows[2 * s + 1]).describe("%.2f")));
        }
        sb.append("\nEach stalled scenario includes the stalled thread itself, which sleeps in `LockSupport.parkNanos`.\n");
    }

    private static void stall() {
        sleepUntil(System.nanoTime() + STALL_NANOS);
    }

    private static long burst(int depth) {
        if (depth == 0) {
            return 1;
        }
        var p = Rayon.join(() -> burst(depth - 1), () -> burst(depth - 1));
        return p.left() + p.right();
    }

    /** The same burst of fork/joins for ForkJoinPool. */
    private static final class Burst extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int depth;

        Burst(int depth) {
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth > 0) {
                invokeAll(new Burst(depth - 1), new Burst(depth - 1));
            }
        }
    }

    /** Process CPU and the CPU of the threads named {@code prefix*} plus this thread, both in % of wall. */
    private static double[] processAndThreadCpu(String prefix, Runnable r) {
        long threads0 = threadCpu(prefix);
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        r.run();
        long t1 = System.nanoTime();
        long cpu1 = OS.getProcessCpuTime();
        long threads1 = threadCpu(prefix);
        return new double[] {100.0 * (cpu1 - cpu0) / (t1 - t0), 100.0 * (threads1 - threads0) / (t1 - t0)};
    }

    private static long threadCpu(String prefix) {
        long sum = THREADS.getCurrentThreadCpuTime();
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith(prefix)) {
                long t = THREADS.getThreadCpuTime(info.getThreadId());
                if (t > 0) {
                    sum += t;
                }
            }
        }
        return sum;
    }

    private static double cpuPercent(Runnable r) {
        long cpu0 = OS.getProcessCpuTime();
        long t0 = System.nanoTime();
        r.run();
        long t1 = System.nanoTime();
        long cpu1 = OS.getProcessCpuTime();
        return 100.0 * (cpu1 - cpu0) / (t1 - t0);
    }

    private static void sleepUntil(long deadline) {
        for (long left; (left = deadline - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
    }
}
