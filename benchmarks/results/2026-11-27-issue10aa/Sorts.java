import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * Sorting 10^6 boxed Integers, presorted and random, rayon4j against the parallel stream and
 * ParSort against Arrays.parallelSort, in one JVM (4 rounds of 3 warm-up calls each, then the
 * best of 12 per case, alternating in rounds of 3).
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/sq Sorts.java
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/sq Sorts
 */
public class Sorts {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new Error(); } return b; }
    public static void main(String[] a) {
        int n = 1_000_000;
        List<Integer> sorted = IntStream.range(0, n).boxed().toList();
        List<Integer> random = new Random(5).ints(n).boxed().toList();
        Integer[] sortedArr = sorted.toArray(new Integer[0]);
        List<Supplier<Object>> s = List.of(
            () -> ParIter.of(sorted).sorted().toList(),
            () -> sorted.parallelStream().sorted().toList(),
            () -> ParIter.of(random).sorted().toList(),
            () -> random.parallelStream().sorted().toList(),
            () -> { Integer[] c = sortedArr.clone(); ParSort.sort(c); return c; },
            () -> { Integer[] c = sortedArr.clone(); Arrays.parallelSort(c); return c; },
            () -> ParIter.of(sorted).toList(),
            () -> sorted.parallelStream().toList());
        String[] nm = {"presorted r4j", "presorted stream", "random r4j", "random stream", "ParSort presorted", "parallelSort presorted", "toList r4j", "toList stream"};
        for (int w = 0; w < 4; w++) for (Supplier<Object> x : s) best(x, 3);
        long[] b = new long[s.size()]; Arrays.fill(b, Long.MAX_VALUE);
        for (int k = 0; k < 4; k++) for (int i = 0; i < s.size(); i++) b[i] = Math.min(b[i], best(s.get(i), 3));
        for (int i = 0; i < s.size(); i++) System.out.printf("%-24s %8.3f ms%n", nm[i], b[i] / 1e6);
    }
}
