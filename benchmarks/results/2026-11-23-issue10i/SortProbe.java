import io.github.rayon4j.iter.ParSort;
import io.github.rayon4j.benchmarks.peers.Pollution;
import java.util.*;

/**
 * {@code ParSort.sort} of 2 * 10^6 random ints, 400 calls in one JVM, optionally after the JMH
 * suite's pollution ({@code polluted}); prints the median, p10 and p90 of the last 200.
 *
 * <pre>
 * javac -cp benchmarks/target/benchmarks.jar -d /tmp SortProbe.java
 * java -Drayon4j.numThreads=2 -cp benchmarks/target/benchmarks.jar:/tmp SortProbe [polluted]
 * </pre>
 */
public class SortProbe {
    static volatile long sink;
    public static void main(String[] a) {
        if (a.length > 0 && a[0].equals("polluted")) { Pollution p = new Pollution(); sink += p.rayon4j(Pollution.ROUNDS); sink += p.streams(Pollution.ROUNDS); }
        int[] src = new Random(42).ints(2_000_000).toArray();
        double[] t = new double[400];
        for (int i = 0; i < t.length; i++) { int[] x = src.clone(); long t0 = System.nanoTime(); ParSort.sort(x); t[i] = (System.nanoTime() - t0) / 1e6; sink += x[7]; }
        double[] w = Arrays.copyOfRange(t, 200, 400); Arrays.sort(w);
        System.out.printf("%s: median %.2f ms, p10 %.2f, p90 %.2f%n", a.length > 0 ? a[0] : "clean", w[100], w[20], w[180]);
    }
}
