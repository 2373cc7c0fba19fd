import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Short calls from outside a pool of T workers, back to back: does running the call on its caller
 * ({@code callerRuns}) help where the pool has more workers than two? Kernels: {@code inc}, P1's
 * increment-all (10^6 ints); {@code sumsq}, P1's sum of squares (10^7 longs). Variants, each in
 * rounds of 100 ms, the order rotated each round:
 * <ul>
 *   <li>{@code pool}: {@code pool.install(kernel)} on a ThreadPool(T), the caller waits;</li>
 *   <li>{@code guest}: the same on a ThreadPool(T) built with {@code callerRuns(true)};</li>
 *   <li>{@code stream}: the parallel stream on the common pool (run with its parallelism T - 1,
 *       plus the caller);</li>
 *   <li>{@code fjT}: the parallel stream inside a ForkJoinPool(T), submitted and joined;</li>
 *   <li>{@code seq}: the plain loop.</li>
 * </ul>
 * Medians over every measured call (4 s warm-up, then the given seconds), the process's CPU per
 * call (every JVM thread), and for the two rayon4j pools the sleep module's counts per call
 * (workers that fell asleep, wake-ups).
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=T-1 \
 *     -cp benchmarks.jar:. ShortCalls T [seconds per kernel, default 8] [kernel...: inc sumsq]
 * </pre>
 */
public class ShortCalls {
    static final String[] VARIANTS = {"pool", "guest", "stream", "fjT", "seq"};
    static volatile long sink;
    static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static LongSupplier[] kernel(String name) {
        switch (name) {
            case "inc": {
                int[] a = new int[1_000_000];
                return new LongSupplier[] {
                    () -> { IntParIter.range(0, a.length).forEach(i -> a[i]++); return a[0]; },
                    () -> { IntStream.range(0, a.length).parallel().forEach(i -> a[i]++); return a[0]; },
                    () -> { for (int i = 0; i < a.length; i++) a[i]++; return a[0]; }};
            }
            case "sumsq":
                return new LongSupplier[] {
                    () -> LongParIter.range(0, 10_000_000).map(i -> i * i).sum(),
                    () -> LongStream.range(0, 10_000_000).parallel().map(i -> i * i).sum(),
                    () -> { long s = 0; for (long i = 0; i < 10_000_000; i++) s += i * i; return s; }};
            default:
                throw new IllegalArgumentException(name);
        }
    }

    /** Calls {@code k} for {@code ms} milliseconds; each call's ns to {@code out}; process CPU to cpu[0]. */
    static void round(LongSupplier k, long ms, List<Long> out, long[] cpu) {
        long p0 = OS.getProcessCpuTime();
        long end = System.nanoTime() + ms * 1_000_000;
        long t;
        do {
            long t0 = System.nanoTime();
            sink = k.getAsLong();
            t = System.nanoTime();
            out.add(t - t0);
        } while (t < end);
        cpu[0] += OS.getProcessCpuTime() - p0;
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 8;
        List<String> kernels = args.length > 2 ? List.of(args).subList(2, args.length) : List.of("inc", "sumsq");
        ForkJoinPool fj = new ForkJoinPool(threads);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).jmx(false).build();
             ThreadPool guest = new ThreadPoolBuilder().numThreads(threads).callerRuns(true).jmx(false).build()) {
            System.out.printf("# ShortCalls: %d threads, %.0f s per kernel, rounds of 100 ms; java %s; common parallelism %d; %d processors%n",
                    threads, seconds, System.getProperty("java.version"), ForkJoinPool.getCommonPoolParallelism(),
                    Runtime.getRuntime().availableProcessors());
            System.out.println("threads,kernel,variant,calls,median_us,p10_us,p90_us,ratio_to_stream,process_cpu_us_per_call,sleeps_per_call,wakes_per_call");
            for (String name : kernels) {
                LongSupplier[] k = kernel(name);
                for (int phase = 0; phase < 2; phase++) {
                    long budget = (long) ((phase == 0 ? 4 : seconds) * 1000);
                    List<List<Long>> samples = new ArrayList<>();
                    long[][] cpu = new long[VARIANTS.length][1];
                    long[][] sleeps = new long[VARIANTS.length][2];
                    for (int v = 0; v < VARIANTS.length; v++) samples.add(new ArrayList<>());
                    long start = System.nanoTime();
                    for (int r = 0; (System.nanoTime() - start) / 1_000_000 < budget; r++) {
                        for (int j = 0; j < VARIANTS.length; j++) {
                            int v = (j + r) % VARIANTS.length;
                            List<Long> out = samples.get(v);
                            switch (VARIANTS[v]) {
                                case "pool": case "guest": {
                                    ThreadPool p = VARIANTS[v].equals("pool") ? pool : guest;
                                    PoolMetrics m0 = p.metrics();
                                    round(() -> p.install(k[0]::getAsLong), 100, out, cpu[v]);
                                    PoolMetrics m1 = p.metrics();
                                    sleeps[v][0] += m1.sleeps() - m0.sleeps();
                                    sleeps[v][1] += m1.wakeUps() - m0.wakeUps();
                                    break;
                                }
                                case "stream": round(k[1], 100, out, cpu[v]); break;
                                case "fjT": round(() -> fj.submit(() -> k[1].getAsLong()).join(), 100, out, cpu[v]); break;
                                case "seq": round(k[2], 100, out, cpu[v]); break;
                                default: throw new AssertionError();
                            }
                        }
                    }
                    if (phase == 1) {
                        double[] med = new double[VARIANTS.length];
                        long[][] sorted = new long[VARIANTS.length][];
                        for (int v = 0; v < VARIANTS.length; v++) {
                            sorted[v] = samples.get(v).stream().mapToLong(Long::longValue).sorted().toArray();
                            med[v] = sorted[v][sorted[v].length / 2] / 1000.0;
                        }
                        for (int v = 0; v < VARIANTS.length; v++) {
                            long[] s = sorted[v];
                            System.out.printf("%d,%s,%s,%d,%.1f,%.1f,%.1f,%.3f,%.1f,%.2f,%.2f%n", threads, name, VARIANTS[v], s.length,
                                    med[v], s[s.length / 10] / 1000.0, s[s.length * 9 / 10] / 1000.0, med[2] / med[v],
                                    cpu[v][0] / 1000.0 / s.length, (double) sleeps[v][0] / s.length, (double) sleeps[v][1] / s.length);
                        }
                    }
                }
            }
        }
        fj.shutdown();
    }
}
