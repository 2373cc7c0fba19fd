package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.benchmarks.KernelBench;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The JMH kernels of this module timed <em>interleaved</em>: in one JVM per kernel, its variants
 * (rayon4j, the parallel stream, the hand-written ForkJoin peer, ...) take turns in short chunks,
 * so that whatever else the machine does during the run slows every variant alike, and the ratio
 * of two variants is read from the same minutes.
 *
 * <p>Why beside JMH: JMH runs each benchmark in its own fork, one after another. On a shared
 * machine the background changes from one fork to the next by more than the few per cent that
 * separate two libraries on a compute-bound kernel, so a ratio of two forks' scores carries that
 * drift (this project's 2-vCPU machine: the same kernel's fork-to-fork spread is 3-10 %). Here
 * every round runs each variant for about {@code --chunk-ms} in a rotating order, and the report
 * gives, per variant, the median and mean of all its calls and the share of slow calls (over 1.5x
 * its median), and, per other variant, its ratio to rayon4j: of the means and of the medians over
 * all calls, and the spread (10th to 90th percentile) of the per-round ratio of means. A ratio
 * above 1 means rayon4j is faster. The CPU that other processes used meanwhile is printed with
 * it, from {@code /proc/stat} less this JVM's own time (Linux only): a run counts as undisturbed
 * when that is under 0.1 core.
 *
 * <p>The kernel classes are used as they are: their {@code @Param} fields get the first value of
 * their annotation unless {@code --param name=value} names another, and their trial-level
 * {@code @Setup} and {@code @TearDown} methods run before and after (superclass first, as JMH
 * does; a {@code --param} that a kernel lacks is ignored for it, as in a JMH run of several),
 * so {@code --param polluted=true} runs the suite's pollution first. Variants are the
 * {@code @Benchmark} methods named on {@code --variants}; results go to a volatile field.
 *
 * <p>Each kernel's JVM gets a fixed heap whose pages are touched before anything runs,
 * {@link #HEAP_ARGS}, ahead of any {@code --jvm-arg} (a later {@code -Xms} and {@code -Xmx}, or
 * {@code -XX:-AlwaysPreTouch}, overrides them). Without it, a JVM whose heap grows during the run
 * pays for each page it touches for the first time, and on this project's machine (a
 * Firecracker/KVM guest) that costs about 12 µs per 4 KB page, 3 ms per MB: an allocating kernel
 * ran eight times slower in whichever JVMs the collector chose to grow the heap (fib with a join
 * at every level took 150-160 ms in every JVM with {@code -Xms1g -Xmx1g}, whose pages are touched
 * as the program first uses them, and 18-28 ms in every JVM with the same heap pre-touched;
 * benchmarks/results/2026-11-26-issue10r).
 *
 * <p>Run (each kernel in a fresh JVM, started by this one with the same options):
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.harness.Interleaved \
 *     [--seconds 30] [--warmup 5] [--chunk-ms 100] [--param name=value]... \
 *     [--variants rayon4j,parallelStream,forkJoin,arraysParallelSort] [--jvm-arg ARG]... \
 *     SumOfSquares MatMulBench ... | p1
 * }</pre>
 * {@code p1} names the thirteen kernels of issue 10's target P1.
 */
public final class Interleaved {
    /** The kernels of target P1, as in the JMH command of benchmarks/results/2026-11-23-issue10h. */
    static final List<String> P1 = List.of("SumOfSquares", "MapCollect", "FilterCount", "IncrementAll",
            "NBodyStep", "NBodyEnergy", "MatMulBench", "SieveBench", "Pythagorean", "LifeBench",
            "FindFirst", "WordFrequency", "SortBench");
    static final String PACKAGE = "io.github.rayon4j.benchmarks.";
    /** The heap of every kernel's JVM: fixed, and touched before the kernel runs (see above). */
    static final List<String> HEAP_ARGS = List.of(KernelBench.HEAP_MIN, KernelBench.HEAP_MAX, KernelBench.HEAP_PRETOUCH);

    /** Where each result goes, so that no call is dead code. */
    static volatile Object sink;

    private Interleaved() {
    }

    /** The options, as parsed from the command line. */
    static final class Options {
        double seconds = 30;
        double warmup = 5;
        double chunkMs = 100;
        List<String> variants = List.of("rayon4j", "parallelStream", "forkJoin", "arraysParallelSort");
        Map<String, String> params = new LinkedHashMap<>();
        List<String> jvmArgs = new ArrayList<>();
        List<String> kernels = new ArrayList<>();
        boolean child;

        static Options parse(String[] args) {
            Options o = new Options();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--seconds": o.seconds = positive(a, args, ++i); break;
                    case "--warmup": o.warmup = Double.parseDouble(value(a, args, ++i)); break;
                    case "--chunk-ms": o.chunkMs = positive(a, args, ++i); break;
                    case "--variants": o.variants = List.of(value(a, args, ++i).split(",")); break;
                    case "--jvm-arg": o.jvmArgs.add(value(a, args, ++i)); break;
                    case "--child": o.child = true; break;
                    case "--param": {
                        String p = value(a, args, ++i);
                        int eq = p.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("--param wants name=value, got " + p);
                        }
                        o.params.put(p.substring(0, eq), p.substring(eq + 1));
                        break;
                    }
                    default:
                        if (a.startsWith("--")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        if (a.equals("p1")) {
                            o.kernels.addAll(P1);
                        } else {
                            o.kernels.add(a);
                        }
                }
            }
            if (o.kernels.isEmpty()) {
                throw new IllegalArgumentException("name at least one kernel class (e.g. SumOfSquares) or p1");
            }
            return o;
        }

        private static String value(String option, String[] args, int i) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static double positive(String option, String[] args, int i) {
            double v = Double.parseDouble(value(option, args, i));
            if (!(v > 0)) {
                throw new IllegalArgumentException(option + " must be positive, got " + v);
            }
            return v;
        }

        /** This run's options for one kernel's child JVM. */
        List<String> childArgs(String kernel) {
            List<String> a = new ArrayList<>(List.of("--child", "--seconds", Double.toString(seconds),
                    "--warmup", Double.toString(warmup), "--chunk-ms", Double.toString(chunkMs),
                    "--variants", String.join(",", variants)));
            params.forEach((k, v) -> a.addAll(List.of("--param", k + "=" + v)));
            a.add(kernel);
            return a;
        }
    }

    /**
     * The command that runs {@code kernel} in a JVM of its own: this JVM's {@code java}, then
     * {@link #HEAP_ARGS}, then the {@code --jvm-arg}s (so that they override), this class path,
     * and the child's options.
     */
    static List<String> childCommand(Options o, String kernel) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(HEAP_ARGS);
        cmd.addAll(o.jvmArgs);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Interleaved.class.getName()));
        cmd.addAll(o.childArgs(kernel));
        return cmd;
    }

    public static void main(String[] args) throws Exception {
        Options o = Options.parse(args);
        if (o.child) {
            for (String k : o.kernels) {
                System.out.print(runKernel(k, o));
            }
            return;
        }
        System.out.println("# interleaved kernels, " + o.seconds + " s measured after " + o.warmup
                + " s of warm-up each, chunks of " + o.chunkMs + " ms; ratio = variant / rayon4j time"
                + (o.params.isEmpty() ? "" : "; params " + o.params)
                + "; JVM arguments " + String.join(" ", HEAP_ARGS) + (o.jvmArgs.isEmpty() ? "" : " " + String.join(" ", o.jvmArgs)));
        for (String k : o.kernels) {
            Process p = new ProcessBuilder(childCommand(o, k)).redirectErrorStream(true).start();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    System.out.println(line);
                }
            }
            int rc = p.waitFor();
            if (rc != 0) {
                System.out.println("# " + k + ": child JVM exited with " + rc);
            }
        }
    }

    /** One variant's calls: every call's time, and each round's sum and count. */
    static final class Samples {
        final String name;
        final Method method;
        long[] times = new long[1024];
        int n;
        final List<double[]> rounds = new ArrayList<>(); // {total ns, calls}

        Samples(String name, Method method) {
            this.name = name;
            this.method = method;
        }

        void add(long t) {
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
            }
            times[n++] = t;
        }

        double[] sorted() {
            double[] s = new double[n];
            for (int i = 0; i < n; i++) {
                s[i] = times[i];
            }
            Arrays.sort(s);
            return s;
        }

        double mean() {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += times[i];
            }
            return sum / n;
        }
    }

    static String runKernel(String kernel, Options o) throws Exception {
        Class<?> type = Class.forName(kernel.contains(".") ? kernel : PACKAGE + kernel);
        Object bench = type.getConstructor().newInstance();
        Map<String, String> used = setParams(type, bench, o.params);
        List<Samples> variants = new ArrayList<>();
        for (String v : o.variants) {
            Method m = benchmarkMethod(type, v);
            if (m != null) {
                variants.add(new Samples(v, m));
            }
        }
        if (variants.isEmpty() || !variants.get(0).name.equals("rayon4j")) {
            throw new IllegalArgumentException(kernel + " has no rayon4j benchmark among " + o.variants);
        }
        runLifecycle(type, bench, Setup.class);
        long cpuBefore = ProcStat.machineBusyNanos();
        long selfBefore = ProcStat.selfCpuNanos();
        long wallBefore = System.nanoTime();
        try {
            long chunk = (long) (o.chunkMs * 1e6);
            long warmEnd = System.nanoTime() + (long) (o.warmup * 1e9);
            int round = 0;
            while (System.nanoTime() < warmEnd) {
                for (Samples s : variants) {
                    chunk(bench, s, chunk, null);
                }
            }
            cpuBefore = ProcStat.machineBusyNanos();
            selfBefore = ProcStat.selfCpuNanos();
            wallBefore = System.nanoTime();
            long end = wallBefore + (long) (o.seconds * 1e9);
            while (System.nanoTime() < end) {
                for (int i = 0; i < variants.size(); i++) {
                    Samples s = variants.get((i + round) % variants.size()); // rotate who goes first
                    chunk(bench, s, chunk, s);
                }
                round++;
            }
        } finally {
            runLifecycle(type, bench, TearDown.class);
        }
        double wall = System.nanoTime() - wallBefore;
        double others = (ProcStat.machineBusyNanos() - cpuBefore - (ProcStat.selfCpuNanos() - selfBefore)) / wall;
        return report(kernel, used, variants, others);
    }

    /** Runs {@code s}'s method for about {@code budget} ns (at least once), recording into {@code into} if not null. */
    static void chunk(Object bench, Samples s, long budget, Samples into) throws Exception {
        long start = System.nanoTime();
        long total = 0;
        int calls = 0;
        do {
            long t0 = System.nanoTime();
            sink = invoke(s.method, bench);
            long t = System.nanoTime() - t0;
            total += t;
            calls++;
            if (into != null) {
                into.add(t);
            }
        } while (System.nanoTime() - start < budget);
        if (into != null) {
            into.rounds.add(new double[] {total, calls});
        }
    }

    static Object invoke(Method m, Object target) throws Exception {
        try {
            return m.invoke(target);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception) {
                throw (Exception) cause;
            }
            throw (Error) cause;
        }
    }

    static String report(String kernel, Map<String, String> params, List<Samples> variants, double others) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "## %s %s (other processes: %.2f cores)%n", kernel, params, others));
        sb.append("| variant | calls | median ms | mean ms | slow calls | mean ratio | median ratio | per-round ratio p10-p90 |\n");
        sb.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        Samples base = variants.get(0);
        double baseMedian = median(base.sorted());
        double baseMean = base.mean();
        for (Samples s : variants) {
            double[] sorted = s.sorted();
            double med = median(sorted);
            long slow = Arrays.stream(sorted).filter(t -> t > 1.5 * med).count();
            String ratios = "";
            if (s != base) {
                int rounds = Math.min(s.rounds.size(), base.rounds.size());
                double[] perRound = new double[rounds];
                for (int r = 0; r < rounds; r++) {
                    double[] a = s.rounds.get(r);
                    double[] b = base.rounds.get(r);
                    perRound[r] = (a[0] / a[1]) / (b[0] / b[1]);
                }
                Arrays.sort(perRound);
                ratios = String.format(Locale.ROOT, "%.3f | %.3f | %.3f-%.3f", s.mean() / baseMean, med / baseMedian,
                        quantile(perRound, 0.1), quantile(perRound, 0.9));
            } else {
                ratios = "1 | 1 | -";
            }
            sb.append(String.format(Locale.ROOT, "| %s | %d | %.4g | %.4g | %.1f %% | %s |%n", s.name, s.n, med / 1e6,
                    s.mean() / 1e6, 100.0 * slow / s.n, ratios));
        }
        return sb.append('\n').toString();
    }

    static double median(double[] sorted) {
        return quantile(sorted, 0.5);
    }

    static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    }

    static Method benchmarkMethod(Class<?> type, String name) throws NoSuchMethodException {
        for (Method m : type.getMethods()) {
            if (m.getName().equals(name) && m.getParameterCount() == 0 && m.isAnnotationPresent(Benchmark.class)) {
                return m;
            }
        }
        return null;
    }

    /** Sets each {@code @Param} field, superclass fields too; returns the values used. */
    static Map<String, String> setParams(Class<?> type, Object bench, Map<String, String> wanted) throws IllegalAccessException {
        Map<String, String> used = new LinkedHashMap<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                Param p = f.getAnnotation(Param.class);
                if (p == null || Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                String v = wanted.getOrDefault(f.getName(), p.value().length > 0 ? p.value()[0] : null);
                if (v == null) {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + f.getName() + " needs --param");
                }
                f.setAccessible(true);
                f.set(bench, convert(f.getType(), v));
                used.put(f.getName(), v);
            }
        }
        return used;
    }

    static Object convert(Class<?> t, String v) {
        if (t == int.class) {
            return Integer.parseInt(v);
        } else if (t == long.class) {
            return Long.parseLong(v);
        } else if (t == boolean.class) {
            return Boolean.parseBoolean(v);
        } else if (t == double.class) {
            return Double.parseDouble(v);
        } else if (t == String.class) {
            return v;
        }
        throw new IllegalArgumentException("unsupported @Param type " + t);
    }

    /** Runs the trial-level {@code @Setup} (superclass first) or {@code @TearDown} (subclass first) methods. */
    static void runLifecycle(Class<?> type, Object bench, Class<? extends java.lang.annotation.Annotation> kind) throws Exception {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        if (kind == TearDown.class) {
            java.util.Collections.reverse(chain);
        }
        for (Class<?> c : chain) {
            for (Method m : c.getDeclaredMethods()) {
                Level level = kind == Setup.class
                        ? (m.isAnnotationPresent(Setup.class) ? m.getAnnotation(Setup.class).value() : null)
                        : (m.isAnnotationPresent(TearDown.class) ? m.getAnnotation(TearDown.class).value() : null);
                if (level == null) {
                    continue;
                }
                if (level != Level.Trial) {
                    throw new IllegalArgumentException(type.getSimpleName() + "." + m.getName() + ": only Level.Trial is supported");
                }
                m.setAccessible(true);
                invoke(m, bench);
            }
        }
    }

    /** CPU time from Linux's {@code /proc}; zero elsewhere. */
    static final class ProcStat {
        private static final long TICK_NANOS = 10_000_000L; // USER_HZ = 100 on Linux

        private ProcStat() {
        }

        /** Busy time of all CPUs since boot: user, nice, system, irq, softirq, steal. */
        static long machineBusyNanos() {
            try {
                String cpu = Files.readAllLines(Path.of("/proc/stat")).get(0);
                String[] f = cpu.trim().split("\\s+");
                long busy = 0;
                for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                    busy += Long.parseLong(f[i]);
                }
                return busy * TICK_NANOS;
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }

        /** This process's user and system time. */
        static long selfCpuNanos() {
            try {
                String stat = Files.readString(Path.of("/proc/self/stat"));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * TICK_NANOS;
            } catch (IOException | RuntimeException e) {
                return 0;
            }
        }
    }
}
