import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;

/**
 * The fixed cost of a small parallel call on a pool: a loop of {@code IntParIter.range(0, k)
 * .collect(..)} calls, made on a worker (inside {@code install}), against the same loop written
 * plainly, for k = 1, 2, 16 and 2,000 items. Prints the time per call of each after six rounds
 * of warm-up.
 * <pre>{@code
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10s/SmallCollects.java THREADS
 * }</pre>
 */
public class SmallCollects {
    static double sink;
    static double[] data = new double[4096];
    static double inner(int k) {
        double[] a = IntParIter.range(0, k).collect(() -> new double[3], (a3, j) -> { a3[0] += data[j]; a3[1] += data[j] * 2; }, (x, y) -> { x[0] += y[0]; x[1] += y[1]; });
        return a[0] + a[1];
    }
    static double loop(int k) {
        double[] a = new double[3];
        for (int j = 0; j < k; j++) { a[0] += data[j]; a[1] += data[j] * 2; }
        return a[0] + a[1];
    }
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        for (int i = 0; i < data.length; i++) data[i] = i * 0.5;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            for (int round = 0; round < 12; round++) {
                for (int k : new int[] {1, 2, 16, 2000}) {
                    int calls = 2_000_000 / (k + 50);
                    long t0 = System.nanoTime();
                    double s = pool.install(() -> { double x = 0; for (int c = 0; c < calls; c++) x += inner(k); return x; });
                    long t1 = System.nanoTime();
                    double s2 = pool.install(() -> { double x = 0; for (int c = 0; c < calls; c++) x += loop(k); return x; });
                    long t2 = System.nanoTime();
                    sink += s + s2;
                    if (round >= 6) System.out.printf("k=%d par %.1f ns/call loop %.1f ns/call%n", k, (t1 - t0) / (double) calls, (t2 - t1) / (double) calls);
                }
            }
        }
    }
}
