import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A filter then sorted/distinct/limit collected into an array, over 4*10^6 random ints, rayon4j
 * against the parallel stream in one JVM (4 rounds of 3 warm-up calls each, then the best of 12
 * per case, alternating in rounds of 3).
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/ps PrimitiveSorted.java
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/ps PrimitiveSorted
 */
public class PrimitiveSorted {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new Error(); } return b; }
    public static void main(String[] a) {
        int[] v = new Random(3).ints(4_000_000, 0, 1_000_000).toArray();
        List<Supplier<Object>> s = List.of(
            () -> IntParIter.of(v).filter(x -> x % 3 != 0).sorted().toArray(),
            () -> IntStream.of(v).parallel().filter(x -> x % 3 != 0).sorted().toArray(),
            () -> IntParIter.of(v).filter(x -> x % 3 != 0).limit(1_000_000).toArray(),
            () -> IntStream.of(v).parallel().filter(x -> x % 3 != 0).limit(1_000_000).toArray());
        String[] n = {"filter sorted r4j", "filter sorted stream", "filter limit r4j", "filter limit stream"};
        for (int w = 0; w < 4; w++) for (Supplier<Object> x : s) best(x, 3);
        long[] b = new long[s.size()]; Arrays.fill(b, Long.MAX_VALUE);
        for (int k = 0; k < 4; k++) for (int i = 0; i < s.size(); i++) b[i] = Math.min(b[i], best(s.get(i), 3));
        for (int i = 0; i < s.size(); i++) System.out.printf("%-22s %8.3f ms%n", n[i], b[i] / 1e6);
    }
}
