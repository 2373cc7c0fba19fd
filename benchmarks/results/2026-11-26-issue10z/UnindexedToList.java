import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/**
 * toList() of iterators without indices against the parallel stream's: a filter over a list (no
 * allocation per item), a HashSet mapped to new Integers, distinct() words. Best of 15 after 20
 * calls each, in one JVM, variants alternating.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/tl UnindexedToList.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/tl UnindexedToList
 */
public class UnindexedToList {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new AssertionError(); } return b; }
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        Object a = r.get(), b = s.get();
        if (!a.equals(b)) throw new AssertionError(name);
        for (int w = 0; w < 4; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-36s rayon4j %8.3f  stream %8.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 1_000_000).boxed().toList();
        Set<Integer> set = new HashSet<>(list);
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        cmp("list filter(even) toList", () -> ParIter.of(list).filter(x -> (x & 1) == 0).toList(), () -> list.parallelStream().filter(x -> (x & 1) == 0).toList());
        cmp("hashset map toList", () -> ParIter.of(set).map(x -> x + 1).toList().size(), () -> set.parallelStream().map(x -> x + 1).toList().size());
        cmp("list filter toArray length", () -> ParIter.of(list).filter(x -> x % 3 == 0).toArray().length, () -> list.parallelStream().filter(x -> x % 3 == 0).toArray().length);
        cmp("words distinct toList", () -> ParIter.of(words).distinct().toList(), () -> words.parallelStream().distinct().toList());
    }
}
