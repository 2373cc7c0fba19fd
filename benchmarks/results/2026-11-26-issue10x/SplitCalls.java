import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import io.github.rayon4j.iter.ParIter;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Short calls into a pool of T workers, back to back from main, against the parallel stream on
 * the common pool (run with parallelism T - 1, plus the caller): how many jobs a call makes and
 * what it costs. Kernels: {@code inc}, P1's increment-all (10^6 ints, forEach); {@code sumsq},
 * P1's sum of squares (10^7 longs); {@code skew}, 10^5 longs mapped by a function that costs 1
 * step on the first fifteen sixteenths of the range and 400 on the last sixteenth (balance: the
 * costly tail must be spread over the threads); {@code tri}, 2*10^4 longs whose cost grows with
 * the index (a triangular loop); {@code skewobj}, {@code skew} over a {@code List<Long>} (no fused
 * leaf, so no leaf shares its rest: the splitter alone balances it). Rounds of 100 ms, the two
 * variants alternating; 3 s of warm-up, then the given seconds per kernel. Per kernel and variant: median and p90 wall, the process's
 * CPU per call, and for the pool the jobs run from a queue and the steals per call.
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Djava.util.concurrent.ForkJoinPool.common.parallelism=T-1 \
 *     -cp benchmarks.jar:. SplitCalls T [seconds per kernel, default 4] [kernel...]
 * </pre>
 */
public class SplitCalls {
    static volatile long sink;
    static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static long steps(long x, int n) {
        for (int k = 0; k < n; k++) {
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
        }
        return x;
    }

    static LongSupplier[] kernel(String name) {
        switch (name) {
            case "inc": {
                int[] a = new int[1_000_000];
                return new LongSupplier[] {
                    () -> { IntParIter.range(0, a.length).forEach(i -> a[i]++); return a[0]; },
                    () -> { IntStream.range(0, a.length).parallel().forEach(i -> a[i]++); return a[0]; }};
            }
            case "sumsq":
                return new LongSupplier[] {
                    () -> LongParIter.range(0, 10_000_000).map(i -> i * i).sum(),
                    () -> LongStream.range(0, 10_000_000).parallel().map(i -> i * i).sum()};
            case "skew": {
                int n = 100_000, from = n - n / 16;
                return new LongSupplier[] {
                    () -> LongParIter.range(0, n).map(i -> steps(i + 1, i >= from ? 400 : 1)).sum(),
                    () -> LongStream.range(0, n).parallel().map(i -> steps(i + 1, i >= from ? 400 : 1)).sum()};
            }
            case "skewobj": {
                int n = 100_000, from = n - n / 16;
                java.util.List<Long> list = new java.util.ArrayList<>();
                for (long i = 0; i < n; i++) list.add(i);
                return new LongSupplier[] {
                    () -> ParIter.of(list).mapToLong(i -> steps(i + 1, i >= from ? 400 : 1)).sum(),
                    () -> list.parallelStream().mapToLong(i -> steps(i + 1, i >= from ? 400 : 1)).sum()};
            }
            case "tri": {
                int n = 20_000;
                return new LongSupplier[] {
                    () -> LongParIter.range(0, n).map(i -> steps(i + 1, (int) (i / 16))).sum(),
                    () -> LongStream.range(0, n).parallel().map(i -> steps(i + 1, (int) (i / 16))).sum()};
            }
            default:
                throw new IllegalArgumentException(name);
        }
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 4;
        String[] kernels = args.length > 2 ? Arrays.copyOfRange(args, 2, args.length) : new String[] {"inc", "sumsq", "skew", "tri", "skewobj"};
        String mode = "split=" + System.getProperty("exp.split", "0") + " floorK=" + System.getProperty("exp.floorK", "8")
                + " share=" + System.getProperty("exp.share", "1") + " spin=" + System.getProperty("exp.spin", "1");
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).jmx(false).build()) {
            for (String name : kernels) {
                LongSupplier[] k = kernel(name);
                if (k[0].getAsLong() != k[1].getAsLong() && !name.equals("inc")) throw new AssertionError(name);
                for (int phase = 0; phase < 2; phase++) {
                    long[][] wall = new long[2][1 << 20];
                    int[] n = new int[2];
                    long[] cpu = new long[2];
                    long jobs = 0, steals = 0;
                    long end = System.nanoTime() + (long) ((phase == 0 ? 3 : seconds) * 1e9);
                    for (int r = 0; System.nanoTime() < end; r++) {
                        for (int j = 0; j < 2; j++) {
                            int v = (j + r) % 2;
                            PoolMetrics m0 = v == 0 ? pool.metrics() : null;
                            long p0 = OS.getProcessCpuTime();
                            long stop = System.nanoTime() + 100_000_000L;
                            long t;
                            do {
                                long t0 = System.nanoTime();
                                if (v == 0) {
                                    pool.install(() -> { sink = k[0].getAsLong(); });
                                } else {
                                    sink = k[1].getAsLong();
                                }
                                t = System.nanoTime();
                                if (n[v] < wall[v].length) wall[v][n[v]++] = t - t0;
                            } while (t < stop);
                            cpu[v] += OS.getProcessCpuTime() - p0;
                            if (v == 0) {
                                PoolMetrics m1 = pool.metrics();
                                jobs += m1.jobsExecuted() - m0.jobsExecuted();
                                steals += m1.jobsStolen() - m0.jobsStolen();
                            }
                        }
                    }
                    if (phase == 1) {
                        long[] med = new long[2];
                        for (int v = 0; v < 2; v++) {
                            long[] w = Arrays.copyOf(wall[v], n[v]);
                            Arrays.sort(w);
                            med[v] = w[w.length / 2];
                            System.out.printf("%s,%d,%s,%s,%d,%.1f,%.1f,%.1f,%s,%s%n", mode, threads, name, v == 0 ? "pool" : "stream", n[v],
                                    w[w.length / 2] / 1e3, w[w.length * 9 / 10] / 1e3, cpu[v] / 1e3 / n[v],
                                    v == 0 ? String.format("%.1f", (double) jobs / n[0]) : "", v == 0 ? String.format("%.1f", (double) steals / n[0]) : "");
                        }
                    }
                }
            }
        }
    }
}
