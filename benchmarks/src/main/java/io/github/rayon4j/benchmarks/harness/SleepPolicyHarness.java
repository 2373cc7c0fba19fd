package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.benchmarks.Fib;
import io.github.rayon4j.benchmarks.NBodyStep;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.examples.NBody;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Every {@link SleepPolicy}, and a ForkJoinPool of the same size, on the same five workloads, in
 * one run, written as one table (Markdown and CSV) and one chart (ASCII bars).
 *
 * <ul>
 *   <li><b>idle CPU</b>: a trivial job every 10 ms for 3 s, each submitted from outside and waited
 *       for; process CPU time over wall time, in percent of one core (the JVM's own background is
 *       in every column alike).</li>
 *   <li><b>wake latency</b>: a trivial job into a pool whose workers have had 30 ms to fall asleep,
 *       from submission to the caller's return; median and p99 in µs.</li>
 *   <li><b>fib</b>: {@code fib(30)} with a join at every level (ForkJoinPool: fork/compute/join),
 *       median ms: the join hot path.</li>
 *   <li><b>burst</b>: after 30 ms idle, one job that spawns 10 000 short jobs into a scope
 *       (ForkJoinPool: forks them and joins them), median ms: waking a sleeping pool for a lot
 *       of work at once.</li>
 *   <li><b>n-body</b>: 10 steps of the rayon4j-examples n-body kernel with 2 000 bodies
 *       (ForkJoinPool: the same {@code accelerate}/{@code move} over a RecursiveAction split),
 *       median ms.</li>
 * </ul>
 *
 * <p>Each contender runs in a JVM of its own (forked from this one, same class path and JVM), so
 * that one policy's classes and type profiles do not slow another's join path: with a single
 * policy loaded, the sleep module's posting call is monomorphic, as in an application.
 *
 * <p>Run (after {@code mvn -B -pl benchmarks -am package -DskipTests}):
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.harness.SleepPolicyHarness \
 *     [--rounds 5] [--threads N] [--out benchmarks/results/sleep-policies] [--quick]
 * }</pre>
 * {@code --quick} shrinks every size (a smoke test of the harness itself, not a measurement).
 * The machine's load average before and after is recorded in the output: measure on a quiet
 * machine.
 */
public final class SleepPolicyHarness {
    static final String FJP = "ForkJoinPool";
    static final String[] COLUMNS = {"idle CPU %", "wake p50 us", "wake p99 us", "fib ms", "burst ms",
        "n-body ms"};

    private SleepPolicyHarness() {
    }

    /** Sizes of one run. */
    record Sizes(int rounds, long idleNanos, int wakeSamples, int fibN, int burstJobs, int bodies,
                 int steps, int warmup) {
        static Sizes of(boolean quick, int rounds) {
            return quick
                    ? new Sizes(Math.min(rounds, 2), TimeUnit.MILLISECONDS.toNanos(200), 10, 16, 200, 64, 2, 200)
                    : new Sizes(rounds, TimeUnit.SECONDS.toNanos(3), 200, 30, 10_000, 2_000, 10, 20_000);
        }

        String flags() {
            return (idleNanos < TimeUnit.SECONDS.toNanos(1) ? "--quick " : "") + "--rounds " + rounds;
        }
    }

    public static void main(String[] args) throws Exception {
        int rounds = 5;
        int threads = Runtime.getRuntime().availableProcessors();
        boolean quick = false;
        String only = null;
        Path out = Path.of("benchmarks", "results", "sleep-policies");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--quick" -> quick = true;
                case "--out" -> out = Path.of(args[++i]);
                case "--only" -> only = args[++i];
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        Sizes sizes = Sizes.of(quick, rounds);
        if (only != null) {
            double[] row = measure(only, threads, sizes);
            StringBuilder line = new StringBuilder("ROW," + only);
            for (double v : row) {
                line.append(',').append(String.format(Locale.ROOT, "%.3f", v));
            }
            System.out.println(line);
            return;
        }
        List<String> names = new ArrayList<>();
        for (SleepPolicy p : SleepPolicy.values()) {
            names.add(p.name());
        }
        names.add(FJP);
        String loadBefore = Stats.loadAverage();
        List<double[]> rows = new ArrayList<>();
        for (String name : names) {
            System.err.println("measuring " + name + " ...");
            rows.add(forked(name, threads, quick, rounds));
        }
        String loadAfter = Stats.loadAverage();
        String header = "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version")
                + ", " + Runtime.getRuntime().availableProcessors() + " CPUs, pools of " + threads
                + " threads, " + sizes.flags() + "; load average before: " + loadBefore + ", after: " + loadAfter;
        Files.createDirectories(out);
        Files.writeString(out.resolve("sleep-policies.md"), markdown(header, names, rows, sizes));
        Files.writeString(out.resolve("sleep-policies.csv"), csv(names, rows));
        Files.writeString(out.resolve("sleep-policies-chart.txt"), chart(header, names, rows));
        System.out.println(markdown(header, names, rows, sizes));
        System.out.println(chart(header, names, rows));
        System.out.println("written to " + out.toAbsolutePath());
    }

    /** Runs one contender in a fresh JVM and parses its row. */
    private static double[] forked(String name, int threads, boolean quick, int rounds)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), SleepPolicyHarness.class.getName(),
                "--only", name, "--threads", Integer.toString(threads), "--rounds", Integer.toString(rounds)));
        if (quick) {
            cmd.add("--quick");
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        double[] row = null;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("ROW," + name + ",")) {
                    String[] f = line.split(",");
                    row = Arrays.stream(f, 2, f.length).mapToDouble(Double::parseDouble).toArray();
                }
            }
        }
        int rc = p.waitFor();
        if (rc != 0 || row == null) {
            throw new IllegalStateException(name + ": child JVM exited with " + rc + " and no result");
        }
        return row;
    }

    // ---- one contender -------------------------------------------------------------------------

    /** A pool under test: outside submission, and the three compute workloads. */
    interface Contender extends AutoCloseable {
        void submitTrivial();

        long fib(int n);

        void burst(int jobs);

        void nbody(NBody sim);

        @Override
        void close();
    }

    static Contender contender(String name, int threads) {
        if (name.equals(FJP)) {
            ForkJoinPool fj = new ForkJoinPool(threads);
            return new Contender() {
                public void submitTrivial() {
                    fj.submit(() -> { }).join();
                }

                public long fib(int n) {
                    return fj.invoke(new Fib.FibTask(n));
                }

                public void burst(int jobs) {
                    fj.invoke(new BurstTask(jobs));
                }

                public void nbody(NBody sim) {
                    fj.invoke(new NBodyStep.Accelerate(sim, 0, sim.n));
                    sim.move(0, sim.n);
                }

                public void close() {
                    fj.shutdown();
                }
            };
        }
        ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).sleepPolicy(SleepPolicy.valueOf(name))
                .jmx(false).build();
        return new Contender() {
            public void submitTrivial() {
                pool.install(() -> { });
            }

            public long fib(int n) {
                return pool.install(() -> Fib.joined(n));
            }

            public void burst(int jobs) {
                LongAdder done = new LongAdder();
                pool.install(() -> Rayon.scope(s -> {
                    for (int i = 0; i < jobs; i++) {
                        s.spawn(t -> done.increment());
                    }
                }));
                if (done.sum() != jobs) {
                    throw new AssertionError("burst lost jobs");
                }
            }

            public void nbody(NBody sim) {
                pool.install(sim::stepParallel);
            }

            public void close() {
                pool.close();
            }
        };
    }

    static double[] measure(String name, int threads, Sizes z) {
        try (Contender c = contender(name, threads)) {
            for (int i = 0; i < z.warmup; i++) {
                c.submitTrivial();
            }
            long expected = Fib.sequential(z.fibN);
            for (int i = 0; i < 3; i++) {
                check(c.fib(z.fibN) == expected, "fib");
                c.burst(z.burstJobs);
            }
            double[] idle = new double[z.rounds];
            double[] fib = new double[z.rounds];
            double[] burst = new double[z.rounds];
            double[] nbody = new double[z.rounds];
            for (int r = 0; r < z.rounds; r++) {
                idle[r] = idleCpuPercent(c, z.idleNanos);
                long t0 = System.nanoTime();
                check(c.fib(z.fibN) == expected, "fib");
                fib[r] = (System.nanoTime() - t0) / 1e6;
                settle();
                t0 = System.nanoTime();
                c.burst(z.burstJobs);
                burst[r] = (System.nanoTime() - t0) / 1e6;
                NBody sim = NBody.random(z.bodies, 42);
                t0 = System.nanoTime();
                for (int s = 0; s < z.steps; s++) {
                    c.nbody(sim);
                }
                nbody[r] = (System.nanoTime() - t0) / 1e6;
            }
            double[] wake = new double[z.wakeSamples];
            for (int i = 0; i < wake.length; i++) {
                settle();
                long t0 = System.nanoTime();
                c.submitTrivial();
                wake[i] = (System.nanoTime() - t0) / 1e3;
            }
            Arrays.sort(wake);
            return new double[] {median(idle), wake[wake.length / 2],
                wake[Math.min(wake.length - 1, (int) Math.ceil(wake.length * 0.99) - 1)],
                median(fib), median(burst), median(nbody)};
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what + " gave a wrong result");
        }
    }

    /** A trivial job every 10 ms for {@code nanos}; process CPU over wall time, % of one core. */
    private static double idleCpuPercent(Contender c, long nanos) {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long period = TimeUnit.MILLISECONDS.toNanos(10);
        long cpu0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        for (long next = t0 + period; next - t0 <= nanos; next += period) {
            c.submitTrivial();
            sleepUntil(next);
        }
        long t1 = System.nanoTime();
        long cpu1 = os.getProcessCpuTime();
        return 100.0 * (cpu1 - cpu0) / (t1 - t0);
    }

    private static void settle() {
        sleepUntil(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(30));
    }

    private static void sleepUntil(long deadline) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    private static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    // ---- the ForkJoinPool side -----------------------------------------------------------------

    /** Forks {@code jobs} trivial tasks and joins them all. */
    static final class BurstTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int jobs;

        BurstTask(int jobs) {
            this.jobs = jobs;
        }

        @Override
        protected void compute() {
            LongAdder done = new LongAdder();
            List<RecursiveAction> forked = new ArrayList<>(jobs);
            for (int i = 0; i < jobs; i++) {
                RecursiveAction a = new RecursiveAction() {
                    private static final long serialVersionUID = 1L;

                    @Override
                    protected void compute() {
                        done.increment();
                    }
                };
                a.fork();
                forked.add(a);
            }
            for (RecursiveAction a : forked) {
                a.join();
            }
            if (done.sum() != jobs) {
                throw new AssertionError("burst lost jobs");
            }
        }
    }

    // ---- output --------------------------------------------------------------------------------

    static String markdown(String header, List<String> names, List<double[]> rows, Sizes z) {
        StringBuilder sb = new StringBuilder("## Sleep policies side by side\n\n").append(header).append("\n\n");
        sb.append(String.format(Locale.ROOT,
                "Workloads: idle = a trivial job every 10 ms for %.1f s (process CPU / wall); wake = %d"
                        + " samples after 30 ms idle; fib(%d) with a join at every level; burst = %d spawns"
                        + " after 30 ms idle; n-body = %d steps of %d bodies. Medians of %d rounds.%n%n",
                z.idleNanos / 1e9, z.wakeSamples, z.fibN, z.burstJobs, z.steps, z.bodies, z.rounds));
        sb.append("| pool |");
        for (String c : COLUMNS) {
            sb.append(' ').append(c).append(" |");
        }
        sb.append("\n|---|");
        sb.append("---:|".repeat(COLUMNS.length)).append('\n');
        for (int i = 0; i < names.size(); i++) {
            sb.append("| ").append(names.get(i)).append(" |");
            for (double v : rows.get(i)) {
                sb.append(String.format(Locale.ROOT, " %.2f |", v));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static String csv(List<String> names, List<double[]> rows) {
        StringBuilder sb = new StringBuilder("pool");
        for (String c : COLUMNS) {
            sb.append(',').append(c);
        }
        sb.append('\n');
        for (int i = 0; i < names.size(); i++) {
            sb.append(names.get(i));
            for (double v : rows.get(i)) {
                sb.append(String.format(Locale.ROOT, ",%.3f", v));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** One group of bars per measure, each bar relative to the largest in its group (lower is better). */
    static String chart(String header, List<String> names, List<double[]> rows) {
        int width = 50;
        StringBuilder sb = new StringBuilder("Sleep policies (lower is better; bars relative to the largest)\n")
                .append(header).append("\n\n");
        for (int c = 0; c < COLUMNS.length; c++) {
            double max = 0;
            for (double[] r : rows) {
                max = Math.max(max, r[c]);
            }
            sb.append(COLUMNS[c]).append('\n');
            for (int i = 0; i < names.size(); i++) {
                double v = rows.get(i)[c];
                int n = max > 0 ? (int) Math.round(width * v / max) : 0;
                sb.append(String.format(Locale.ROOT, "  %-14s %s %.2f%n", names.get(i), "#".repeat(n), v));
            }
        }
        return sb.toString();
    }
}
