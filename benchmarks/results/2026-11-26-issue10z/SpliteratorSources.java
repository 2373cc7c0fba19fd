import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * Collections that are not lists reach rayon4j through their spliterators: a HashSet, a TreeSet and
 * an ArrayDeque of 10^6 Integers against the parallel stream, best of 15 after 20 calls each, in one
 * JVM (every case: the later ones run polluted by the earlier) or, with an argument, only the cases
 * whose name starts with it.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/ss SpliteratorSources.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/ss SpliteratorSources [prefix]
 */
public class SpliteratorSources {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new AssertionError(); } return b; }
    static String only; static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !name.startsWith(only)) return;
        Object a = r.get(), b = s.get();
        if (!a.equals(b)) throw new AssertionError(name + " " + a + " " + b);
        for (int w = 0; w < 4; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-36s rayon4j %8.3f  stream %8.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        Set<Integer> set = new HashSet<>(IntStream.range(0, 1_000_000).boxed().toList());
        TreeSet<Integer> tree = new TreeSet<>(set);
        ArrayDeque<Integer> deque = new ArrayDeque<>(tree);
        cmp("hashset mapToLong sum", () -> ParIter.of(set).mapToLong(x -> x * 3L).sum(), () -> set.parallelStream().mapToLong(x -> x * 3L).sum());
        cmp("hashset map toList size", () -> ParIter.of(set).map(x -> x + 1).toList().size(), () -> set.parallelStream().map(x -> x + 1).toList().size());
        cmp("hashset filter count", () -> ParIter.of(set).filter(x -> x % 3 == 0).count(), () -> set.parallelStream().filter(x -> x % 3 == 0).count());
        cmp("treeset mapToLong sum", () -> ParIter.of(tree).mapToLong(x -> x * 3L).sum(), () -> tree.parallelStream().mapToLong(x -> x * 3L).sum());
        cmp("arraydeque mapToLong sum", () -> ParIter.of(deque).mapToLong(x -> x * 3L).sum(), () -> deque.parallelStream().mapToLong(x -> x * 3L).sum());
    }
}
