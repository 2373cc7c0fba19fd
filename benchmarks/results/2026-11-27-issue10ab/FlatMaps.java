import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/**
 * flatMap with inner parallel iterators against the parallel stream's flatMap, in one JVM:
 * 200,000 items each giving three (objects to a list, objects summed, ints summed), and 64 items
 * each giving 20,000 (long inner iterators, where Rayon's parallel drive of each pays off);
 * flatMapIter beside them. 4 warm-up rounds of 3 calls per case, then the best of 12 (4 rounds
 * of 3), cases alternating.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/fm FlatMaps.java
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Drayon4j.numThreads=2 -cp benchmarks/target/benchmarks.jar:/tmp/fm FlatMaps
 */
public class FlatMaps {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new Error(); } return b; }
    public static void main(String[] a) {
        List<Integer> src = IntStream.range(0, 200_000).boxed().toList();
        List<Integer> few = IntStream.range(0, 64).boxed().toList();
        Map<String, Supplier<Object>> s = new LinkedHashMap<>();
        s.put("3 each, toList  r4j flatMap", () -> ParIter.of(src).flatMap(x -> ParIter.of(List.of(x, x + 1, x + 2))).toList());
        s.put("3 each, toList  r4j flatMapIter", () -> ParIter.of(src).flatMapIter(x -> List.of(x, x + 1, x + 2)).toList());
        s.put("3 each, toList  stream", () -> src.parallelStream().flatMap(x -> Stream.of(x, x + 1, x + 2)).toList());
        s.put("3 each, sum     r4j flatMap", () -> ParIter.of(src).flatMap(x -> ParIter.of(List.of(x, x + 1, x + 2))).mapToLong(x -> x).sum());
        s.put("3 each, sum     stream", () -> src.parallelStream().flatMap(x -> Stream.of(x, x + 1, x + 2)).mapToLong(x -> x).sum());
        s.put("3 each, int sum r4j flatMap", () -> IntParIter.range(0, 200_000).flatMap(x -> IntParIter.of(x, x + 1, x + 2)).asLongParIter().sum());
        s.put("3 each, int sum stream", () -> IntStream.range(0, 200_000).parallel().flatMap(x -> IntStream.of(x, x + 1, x + 2)).asLongStream().sum());
        s.put("20000 each, sum r4j flatMap", () -> ParIter.of(few).flatMap(x -> IntParIter.range(0, 20_000).mapToObj(k -> (long) k * x)).mapToLong(v -> v).sum());
        s.put("20000 each, sum stream", () -> few.parallelStream().flatMap(x -> IntStream.range(0, 20_000).mapToObj(k -> (long) k * x)).mapToLong(v -> v).sum());
        for (int w = 0; w < 4; w++) for (Supplier<Object> x : s.values()) best(x, 3);
        long[] b = new long[s.size()]; Arrays.fill(b, Long.MAX_VALUE);
        List<Supplier<Object>> l = new ArrayList<>(s.values());
        for (int k = 0; k < 4; k++) for (int i = 0; i < l.size(); i++) b[i] = Math.min(b[i], best(l.get(i), 3));
        int i = 0;
        for (String name : s.keySet()) System.out.printf("%-34s %8.3f ms%n", name, b[i++] / 1e6);
    }
}
