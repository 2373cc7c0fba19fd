import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.stream.IntStream;
/** per JVM: medians (us) of increment-all 10^6 by rayon4j, parallel stream, sequential loop; phases of P s, repeated R times. */
public class Tri {
    static int[] a = new int[1_000_000];
    static void r4j() { int[] b = a; IntParIter.range(0, b.length).forEach(k -> b[k]++); }
    static void str() { int[] b = a; IntStream.range(0, b.length).parallel().forEach(k -> b[k]++); }
    static void seq() { int[] b = a; for (int k = 0; k < b.length; k++) b[k]++; }
    static double med(Runnable r, double secs) {
        long[] d = new long[1_000_000]; int n = 0; long end = System.nanoTime() + (long) (secs * 1e9);
        while (System.nanoTime() < end && n < d.length) { long t0 = System.nanoTime(); r.run(); d[n++] = System.nanoTime() - t0; }
        Arrays.sort(d, 0, n); return d[n / 2] / 1e3;
    }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        for (int i = 0; i < 3; i++) { med(Tri::r4j, 0.5); med(Tri::str, 0.5); med(Tri::seq, 0.3); }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) sb.append(String.format("[r4j %.1f str %.1f seq %.1f] ", med(Tri::r4j, p), med(Tri::str, p), med(Tri::seq, p)));
        System.out.println(sb);
    }
}
