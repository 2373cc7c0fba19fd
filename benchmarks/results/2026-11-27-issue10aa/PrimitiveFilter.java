import io.github.rayon4j.iter.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A filter over 4*10^6 random longs, counted and collected into an array, rayon4j against the
 * parallel stream in one JVM (5 rounds of 5 warm-up calls each, then the best of 20 per case,
 * alternating in rounds of 5).
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/pq PrimitiveFilter.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/pq PrimitiveFilter
 */
public class PrimitiveFilter {
    static long best(LongSupplier s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); long o = s.getAsLong(); b = Math.min(b, System.nanoTime() - t0); if (o == 42) System.out.print(""); } return b; }
    public static void main(String[] a) {
        long[] longs = new java.util.Random(11).longs(4_000_000).toArray();
        LongSupplier[] s = {
            () -> LongParIter.of(longs).filter(x -> x > 0).count(),
            () -> LongStream.of(longs).parallel().filter(x -> x > 0).count(),
            () -> LongParIter.of(longs).filter(x -> x > 0).toArray().length,
            () -> LongStream.of(longs).parallel().filter(x -> x > 0).toArray().length,
            () -> LongParIter.of(longs).filter(x -> (x & 1) == 0).toArray().length,
            () -> LongStream.of(longs).parallel().filter(x -> (x & 1) == 0).toArray().length,
        };
        String[] n = {"count r4j", "count stream", "toArray r4j", "toArray stream", "toArray&1 r4j", "toArray&1 stream"};
        for (int w = 0; w < 5; w++) for (LongSupplier x : s) best(x, 5);
        long[] b = new long[s.length]; java.util.Arrays.fill(b, Long.MAX_VALUE);
        for (int k = 0; k < 4; k++) for (int i = 0; i < s.length; i++) b[i] = Math.min(b[i], best(s[i], 5));
        for (int i = 0; i < s.length; i++) System.out.printf("%-18s %8.3f ms%n", n[i], b[i] / 1e6);
    }
}
