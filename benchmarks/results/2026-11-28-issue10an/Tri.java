import io.github.rayon4j.iter.IntParIter;
import java.util.stream.IntStream;
/** per JVM: medians (us) of increment-all 10^6 by rayon4j, parallel stream, sequential loop; phases of P s, repeated R times. */
public class Tri {
    static int[] a = new int[1_000_000];
    static void r4j() { int[] b = a; IntParIter.range(0, b.length).forEach(k -> b[k]++); }
    static void str() { int[] b = a; IntStream.range(0, b.length).parallel().forEach(k -> b[k]++); }
    static void seq() { int[] b = a; for (int k = 0; k < b.length; k++) b[k]++; }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        for (int i = 0; i < 3; i++) { Medians.of(Tri::r4j, 0.5); Medians.of(Tri::str, 0.5); Medians.of(Tri::seq, 0.3); }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) sb.append(String.format("[r4j %.1f str %.1f seq %.1f] ", Medians.of(Tri::r4j, p), Medians.of(Tri::str, p), Medians.of(Tri::seq, p)));
        System.out.println(sb);
    }
}
