import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
/**
 * issue10ah: P7's pipeline ({@code LongParIter.range(0, 10^6).map(x -> x * x % 7).sum()}, or the
 * same parallel {@code LongStream}) called N times after a prelude that loads the library (or the
 * stream) and starts its pool with another pipeline: the first calls of a pipeline in a program
 * that has already used the library, each call's time in ms.
 * Usage: {@code java -cp benchmarks.jar:. Cold r|s N}.
 */
public class Cold {
    public static void main(String[] a) {
        boolean r = a[0].equals("r");
        int n = Integer.parseInt(a[1]);
        long t0 = System.nanoTime();
        long warm = r ? IntParIter.range(0, 1000).map(x -> x + 1).sum() : IntStream.range(0, 1000).parallel().map(x -> x + 1).sum();
        long t1 = System.nanoTime();
        StringBuilder sb = new StringBuilder();
        long s = 0;
        for (int i = 0; i < n; i++) {
            long c0 = System.nanoTime();
            s += r ? LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum() : LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum();
            sb.append(String.format(" %.1f", (System.nanoTime() - c0) / 1e6));
        }
        System.out.println((r ? "rayon4j" : "stream ") + String.format(" prelude %.1f |", (t1 - t0) / 1e6) + sb + " " + (s + warm));
    }
}
