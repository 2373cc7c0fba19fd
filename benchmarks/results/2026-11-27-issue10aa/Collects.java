import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Collecting terminals over object lists, rayon4j against the parallel stream (common pool),
 * in one JVM: per case, 4 rounds of 5 warm-up calls each side alternating, then the best of 15
 * calls each side, alternating in rounds of 5 so that both see the same machine. Also prints
 * how many containers rayon4j's collect made per call (a counting supplier), min-max over 20
 * calls. An argument picks the cases whose names start with it.
 *
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/co Collects.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/co Collects
 */
public class Collects {
    static String only;

    static long best(Supplier<Object> s, int reps) {
        long b = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            Object o = s.get();
            b = Math.min(b, System.nanoTime() - t0);
            if (o == null) {
                throw new AssertionError();
            }
        }
        return b;
    }

    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !name.startsWith(only)) {
            return;
        }
        Object a = r.get(), b = s.get();
        if (!a.equals(b)) {
            throw new AssertionError(name + ": results differ");
        }
        for (int w = 0; w < 4; w++) {
            best(r, 5);
            best(s, 5);
        }
        long tr = Long.MAX_VALUE, ts = Long.MAX_VALUE;
        for (int k = 0; k < 3; k++) {
            tr = Math.min(tr, best(r, 5));
            ts = Math.min(ts, best(s, 5));
        }
        System.out.printf("%-28s rayon4j %8.3f  stream %8.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6,
                (double) ts / tr);
    }

    static void containers(String name, List<String> words) {
        if (only != null && !name.startsWith(only)) {
            return;
        }
        int lo = Integer.MAX_VALUE, hi = 0;
        for (int i = 0; i < 20; i++) {
            AtomicInteger k = new AtomicInteger();
            ParIter.of(words).collect(() -> {
                k.incrementAndGet();
                return new HashMap<String, Integer>();
            }, (m, w) -> m.merge(w, 1, Integer::sum), (x, y) -> y.forEach((key, v) -> x.merge(key, v, Integer::sum)));
            lo = Math.min(lo, k.get());
            hi = Math.max(hi, k.get());
        }
        System.out.printf("%-28s containers per call %d-%d%n", name, lo, hi);
    }

    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        List<String> many = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i * 7919 % 100_000)).toList();
        List<Integer> ints = IntStream.range(0, 1_000_000).boxed().toList();
        containers("containers", words);
        cmp("toMap merge", () -> ParIter.of(words).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)),
                () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)));
        cmp("groupingBy counting", () -> ParIter.of(words).collect(Collectors.groupingBy(w -> w, Collectors.counting())),
                () -> words.parallelStream().collect(Collectors.groupingBy(w -> w, Collectors.counting())));
        cmp("distinct 5k of 200k", () -> ParIter.of(words).distinct().toList(),
                () -> words.parallelStream().distinct().toList());
        cmp("distinct 100k of 200k", () -> ParIter.of(many).distinct().toList(),
                () -> many.parallelStream().distinct().toList());
        cmp("toSet 100k of 200k", () -> ParIter.of(many).collect(Collectors.toSet()),
                () -> many.parallelStream().collect(Collectors.toSet()));
        cmp("map toCollection ArrayList", () -> ParIter.of(ints).map(i -> i + 1).collect(Collectors.toCollection(ArrayList::new)),
                () -> ints.parallelStream().map(i -> i + 1).collect(Collectors.toCollection(ArrayList::new)));
        cmp("filter joining", () -> ParIter.of(words).filter(w -> w.endsWith("7")).collect(Collectors.joining(",")),
                () -> words.parallelStream().filter(w -> w.endsWith("7")).collect(Collectors.joining(",")));
        cmp("filter toList", () -> ParIter.of(ints).filter(i -> (i & 1) == 0).toList(),
                () -> ints.parallelStream().filter(i -> (i & 1) == 0).toList());
        long[] longs = new java.util.Random(11).longs(4_000_000).toArray();
        cmp("int range filter toArray", () -> java.util.Arrays.hashCode(io.github.rayon4j.iter.IntParIter.range(0, 10_000_000)
                        .filter(i -> i % 3 != 0).toArray()),
                () -> java.util.Arrays.hashCode(IntStream.range(0, 10_000_000).parallel().filter(i -> i % 3 != 0).toArray()));
        cmp("long array filter toArray", () -> java.util.Arrays.hashCode(io.github.rayon4j.iter.LongParIter.of(longs)
                        .filter(x -> x > 0).toArray()),
                () -> java.util.Arrays.hashCode(java.util.stream.LongStream.of(longs).parallel().filter(x -> x > 0).toArray()));
        cmp("partitioningBy toList", () -> ParIter.of(ints).collect(Collectors.partitioningBy(i -> i % 3 == 0)),
                () -> ints.parallelStream().collect(Collectors.partitioningBy(i -> i % 3 == 0)));
    }
}
