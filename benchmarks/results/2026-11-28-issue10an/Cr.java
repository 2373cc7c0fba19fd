import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
import java.util.stream.IntStream;
/** per JVM: medians (us) of increment-all 10^6: global pool, callerRuns pool of 2, callerRuns pool of 1, stream, sequential. */
public class Cr {
    static int[] a = new int[1_000_000];
    static final ThreadPool CR2 = new ThreadPoolBuilder().numThreads(2).callerRuns(true).build();
    static final ThreadPool CR1 = new ThreadPoolBuilder().numThreads(1).callerRuns(true).build();
    static void r4j() { int[] b = a; IntParIter.range(0, b.length).forEach(k -> b[k]++); }
    static void cr2() { CR2.install(() -> { r4j(); return null; }); }
    static void cr1() { CR1.install(() -> { r4j(); return null; }); }
    static void str() { int[] b = a; IntStream.range(0, b.length).parallel().forEach(k -> b[k]++); }
    static void seq() { int[] b = a; for (int k = 0; k < b.length; k++) b[k]++; }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        Runnable[] rs = {Cr::r4j, Cr::cr2, Cr::cr1, Cr::str, Cr::seq};
        for (int i = 0; i < 3; i++) for (Runnable r : rs) Medians.of(r, 0.4);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) { sb.append("["); for (Runnable r : rs) sb.append(String.format(" %.1f", Medians.of(r, p))); sb.append("] "); }
        System.out.println("r4j cr2 cr1 str seq: " + sb);
        System.exit(0);
    }
}
