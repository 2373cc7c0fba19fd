import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.examples.Life;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.SynchronousQueue;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Where P1's short kernels lose to the common pool's parallel stream: its caller runs the job
 * itself, where rayon4j's outside caller hands it to the pool and waits. Kernels: {@code inc},
 * P1's increment-all (10^6 ints, JMH's IncrementAll); {@code inc10m}, the peers' increment_all
 * (10^7 longs, P3's job); {@code sumsq}, P1's sum of squares (10^7); {@code life}, P1's ten
 * generations of a 1000x1000 board (ten parallel calls each). The same kernel timed,
 * call by call and interleaved in one JVM, four ways:
 * <ul>
 *   <li>{@code global}: the line users write, from an outside thread (rayon4j's global pool, 2
 *       workers; the caller waits);</li>
 *   <li>{@code caller}: the same line on a thread that is worker 0 of a {@code useCurrentThread()}
 *       pool of 2 (the caller and one more worker: the common pool's shape on two cores);</li>
 *   <li>{@code scoped}: the same line, a whole round of calls inside one {@code Rayon.scope} (so
 *       on a worker of the global pool, where each call starts at once: Rayon's idiom for many
 *       small parallel calls);</li>
 *   <li>{@code stream}: the parallel stream on the common pool (parallelism 1 on two cores, plus
 *       the caller);</li>
 *   <li>{@code fj2}: the parallel stream inside a dedicated ForkJoinPool(2), submitted and joined
 *       from outside;</li>
 *   <li>{@code seq}: the plain loop on the main thread.</li>
 * </ul>
 * The time of a {@code scoped} call and its "calling thread" CPU are those of the worker that
 * runs the round. {@code caller} runs on a thread of its own (building that pool makes the thread a worker, which
 * would change how {@code global} calls from it behave); the other three run on the main thread.
 * Rounds of 100 ms per variant, the order rotated each round; medians over every call, and per
 * call the CPU time of the thread that made it and of the whole process (every thread of the JVM,
 * JIT and GC included; a round's CPU over its calls).
 *
 * <pre>
 * java -Xss4m -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 \
 *     -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-26-issue10r/CallerRuns.java \
 *     [seconds per kernel, default 15] [kernel...: inc inc10m sumsq life]
 * </pre>
 */
public class CallerRuns {
    static final String[] VARIANTS = {"global", "caller", "scoped", "stream", "fj2", "seq"};
    static volatile long sink;

    interface Kernel {
        long rayon4j();

        long stream();

        long sequential();
    }

    static Kernel kernel(String name) {
        switch (name) {
            case "inc": {
                int[] a = new int[1_000_000];
                return new Kernel() {
                    public long rayon4j() {
                        IntParIter.range(0, a.length).forEach(i -> a[i]++);
                        return a[0];
                    }

                    public long stream() {
                        IntStream.range(0, a.length).parallel().forEach(i -> a[i]++);
                        return a[0];
                    }

                    public long sequential() {
                        for (int i = 0; i < a.length; i++) {
                            a[i]++;
                        }
                        return a[0];
                    }
                };
            }
            case "inc10m": {
                long[] a = new long[10_000_000];
                return new Kernel() {
                    public long rayon4j() {
                        IntParIter.range(0, a.length).forEach(i -> a[i]++);
                        return a[0];
                    }

                    public long stream() {
                        IntStream.range(0, a.length).parallel().forEach(i -> a[i]++);
                        return a[0];
                    }

                    public long sequential() {
                        for (int i = 0; i < a.length; i++) {
                            a[i]++;
                        }
                        return a[0];
                    }
                };
            }
            case "sumsq":
                return new Kernel() {
                    public long rayon4j() {
                        return LongParIter.range(0, 10_000_000).map(i -> i * i).sum();
                    }

                    public long stream() {
                        return LongStream.range(0, 10_000_000).parallel().map(i -> i * i).sum();
                    }

                    public long sequential() {
                        long s = 0;
                        for (long i = 0; i < 10_000_000; i++) {
                            s += i * i;
                        }
                        return s;
                    }
                };
            case "life": {
                byte[] board = Life.random(1000, 7);
                return new Kernel() {
                    public long rayon4j() {
                        return Life.parallel(board, 1000, 10)[0];
                    }

                    public long stream() {
                        return Life.stream(board, 1000, 10)[0];
                    }

                    public long sequential() {
                        return Life.sequential(board, 1000, 10)[0];
                    }
                };
            }
            default:
                throw new IllegalArgumentException(name);
        }
    }

    static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    /** Per variant: CPU of the calling thread, CPU of the whole process (ns), over measured rounds. */
    static final long[][] CPU = new long[VARIANTS.length][2];

    /**
     * Calls {@code k} for {@code ms} milliseconds, adding each call's nanoseconds to {@code out},
     * and the calling thread's and the process's CPU time over the round to {@code cpu}.
     */
    static void round(LongSupplier k, long ms, List<Long> out, long[] cpu) {
        long c0 = THREADS.getCurrentThreadCpuTime();
        long p0 = OS.getProcessCpuTime();
        long end = System.nanoTime() + ms * 1_000_000;
        long t;
        do {
            long t0 = System.nanoTime();
            sink = k.getAsLong();
            t = System.nanoTime();
            out.add(t - t0);
        } while (t < end);
        cpu[0] += THREADS.getCurrentThreadCpuTime() - c0;
        cpu[1] += OS.getProcessCpuTime() - p0;
    }

    public static void main(String[] args) throws Exception {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 15;
        List<String> kernels = args.length > 1 ? Arrays.asList(args).subList(1, args.length) : List.of("inc", "inc10m", "sumsq", "life");
        ForkJoinPool fj2 = new ForkJoinPool(2);
        SynchronousQueue<Object[]> toCaller = new SynchronousQueue<>();
        SynchronousQueue<Object> fromCaller = new SynchronousQueue<>();
        Thread callerThread = new Thread(() -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).useCurrentThread().jmx(false).build()) {
                while (true) {
                    Object[] req = toCaller.take();
                    if (req.length == 0) {
                        break;
                    }
                    Kernel k = (Kernel) req[0];
                    @SuppressWarnings("unchecked")
                    List<Long> out = (List<Long>) req[2];
                    round(k::rayon4j, (Long) req[1], out, (long[]) req[3]);
                    fromCaller.put(out);
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }, "caller-worker-0");
        callerThread.start();
        System.out.printf("# CallerRuns: %.0f s per kernel, rounds of 100 ms; java %s; common parallelism %d%n",
                seconds, System.getProperty("java.version"), ForkJoinPool.getCommonPoolParallelism());
        System.out.println("kernel,variant,calls,median_us,p10_us,p90_us,ratio_to_global,caller_cpu_us_per_call,process_cpu_us_per_call");
        for (String name : kernels) {
            Kernel k = kernel(name);
            for (int phase = 0; phase < 2; phase++) { // 0: warm-up (4 s), 1: measured
                long budget = (long) ((phase == 0 ? 4 : seconds) * 1000);
                List<List<Long>> samples = new ArrayList<>();
                for (int v = 0; v < VARIANTS.length; v++) {
                    samples.add(new ArrayList<>());
                    CPU[v][0] = 0;
                    CPU[v][1] = 0;
                }
                long start = System.nanoTime();
                for (int r = 0; (System.nanoTime() - start) / 1_000_000 < budget; r++) {
                    for (int j = 0; j < VARIANTS.length; j++) {
                        int v = (j + r) % VARIANTS.length;
                        List<Long> out = samples.get(v);
                        long[] cpu = CPU[v];
                        switch (VARIANTS[v]) {
                            case "global": round(k::rayon4j, 100, out, cpu); break;
                            case "stream": round(k::stream, 100, out, cpu); break;
                            case "fj2": round(() -> fj2.submit(() -> k.stream()).join(), 100, out, cpu); break;
                            case "seq": round(k::sequential, 100, out, cpu); break;
                            case "scoped": Rayon.scope(scope -> round(k::rayon4j, 100, out, cpu)); break;
                            case "caller":
                                toCaller.put(new Object[] {k, 100L, out, cpu});
                                fromCaller.take();
                                break;
                            default: throw new AssertionError();
                        }
                    }
                }
                if (phase == 1) {
                    double base = 0;
                    for (int v = 0; v < VARIANTS.length; v++) {
                        long[] s = samples.get(v).stream().mapToLong(Long::longValue).sorted().toArray();
                        double med = s[s.length / 2] / 1000.0;
                        if (v == 0) {
                            base = med;
                        }
                        System.out.printf("%s,%s,%d,%.1f,%.1f,%.1f,%.3f,%.1f,%.1f%n", name, VARIANTS[v], s.length, med,
                                s[s.length / 10] / 1000.0, s[s.length * 9 / 10] / 1000.0, med / base,
                                CPU[v][0] / 1000.0 / s.length, CPU[v][1] / 1000.0 / s.length);
                    }
                }
            }
        }
        toCaller.put(new Object[0]);
        callerThread.join();
        fj2.shutdown();
    }
}
