import io.github.rayon4j.iter.*;
import java.util.*;

/**
 * A short job called from outside a pool whose workers have gone to sleep: every
 * {@code periodUs} (default 5,000) the main thread runs {@code IntParIter.range(0, n).forEach(k ->
 * arr[k]++)} (n = 10^6, about 30 us of work on two threads) or, with {@code -Dstream=true}, the
 * same parallel IntStream; prints the median, mean, p10 and p90 wall time per call over the last
 * three quarters of {@code calls} (default 600).
 *
 * <pre>
 * javac -cp benchmarks/target/benchmarks.jar -d /tmp SpacedCalls.java
 * java -Dcalls=1500 -Drayon4j.numThreads=2 -cp benchmarks/target/benchmarks.jar:/tmp SpacedCalls
 * </pre>
 */
public class SpacedCalls {
    static volatile long sink;
    public static void main(String[] a) throws Exception {
        int n = Integer.getInteger("n", 1_000_000);
        long period = Long.getLong("periodUs", 5000) * 1000;
        int calls = Integer.getInteger("calls", 600);
        int[] arr = new int[n];
        double[] wall = new double[calls];
        for (int i = 0; i < calls; i++) {
            long until = System.nanoTime() + period;
            while (System.nanoTime() < until) Thread.sleep(0, 200_000);
            long t0 = System.nanoTime();
            if (Boolean.getBoolean("stream")) java.util.stream.IntStream.range(0, n).parallel().forEach(k -> arr[k]++); else IntParIter.range(0, n).forEach(k -> arr[k]++);
            wall[i] = (System.nanoTime() - t0) / 1e3;
        }
        double[] w = Arrays.copyOfRange(wall, calls / 4, calls); Arrays.sort(w);
        double mean = Arrays.stream(w).average().getAsDouble();
        System.out.printf("n=%d period=%dus: median %.1f us, mean %.1f, p10 %.1f, p90 %.1f%n", n, period / 1000, w[w.length / 2], mean, w[w.length / 10], w[w.length * 9 / 10]);
        if (arr[0] != calls) throw new AssertionError();
    }
}
