import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * Issue10y survey cases that looked slow in its one polluted JVM, each alone (an argument: the
 * case names starting with it). "toMap count leaves" prints the containers the collect makes.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/sv SurveyAlone.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/sv SurveyAlone toMap
 */
public class SurveyAlone {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); if (o == null) throw new AssertionError(); } return b; }
    static String only;
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !name.startsWith(only)) return;
        Object a = r.get(), b = s.get();
        if (!a.equals(b)) throw new AssertionError(name + " " + a + " " + b);
        for (int w = 0; w < 4; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-36s rayon4j %8.3f  stream %8.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        cmp("groupingByConcurrent", () -> ParIter.of(list).collect(Collectors.groupingByConcurrent(x -> x % 10, Collectors.counting())), () -> list.parallelStream().collect(Collectors.groupingByConcurrent(x -> x % 10, Collectors.counting())));
        cmp("groupingBy", () -> ParIter.of(list).collect(Collectors.groupingBy(x -> x % 10, Collectors.counting())), () -> list.parallelStream().collect(Collectors.groupingBy(x -> x % 10, Collectors.counting())));
        cmp("toMap merge", () -> ParIter.of(words).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)), () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)));
        cmp("toMap minLen 50000", () -> ParIter.of(words).withMinLen(50_000).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)), () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)));
        cmp("toMap count leaves", () -> { java.util.concurrent.atomic.AtomicInteger k = new java.util.concurrent.atomic.AtomicInteger(); ParIter.of(words).collect(() -> { k.incrementAndGet(); return new HashMap<String, Integer>(); }, (m, w) -> m.merge(w, 1, Integer::sum), (a, b) -> { b.forEach((key, v) -> a.merge(key, v, Integer::sum)); }); System.out.println("leaves " + k); return 1; }, () -> 1);
        cmp("range boxed toList", () -> IntParIter.range(0, n).boxed().toList().size(), () -> IntStream.range(0, n).parallel().boxed().toList().size());
    }
}
