import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;

/**
 * iterator() on indexed iterators: lazy parts (this session) against the eager form it replaced
 * (written here as toList().iterator() / toArray()) and the parallel stream's iterator, in one JVM,
 * each case's variants alternating; best of 15 after 3 rounds of 5. ms.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/li LazyIter.java
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/li LazyIter
 */
public class LazyIter {
    static long best(Supplier<Object> s, int reps) {
        long b = Long.MAX_VALUE;
        for (int i = 0; i < reps; i++) {
            long t0 = System.nanoTime();
            Object o = s.get();
            b = Math.min(b, System.nanoTime() - t0);
            if (o == null) throw new AssertionError();
        }
        return b;
    }

    static void cmp(String name, Supplier<Object> lazy, Supplier<Object> eager, Supplier<Object> stream) {
        Object a = lazy.get(), b = eager.get(), c = stream.get();
        if (!a.equals(b) || !a.equals(c)) throw new AssertionError(name + ": " + a + " " + b + " " + c);
        for (int w = 0; w < 3; w++) { best(lazy, 5); best(eager, 5); best(stream, 5); }
        long tl = best(lazy, 15), te = best(eager, 15), ts = best(stream, 15);
        System.out.printf("%-44s lazy %9.3f  eager %9.3f  stream %9.3f ms%n", name, tl / 1e6, te / 1e6, ts / 1e6);
    }

    static volatile long sink;

    static long spin(long x) {
        long end = System.nanoTime() + 20_000;
        long y = x;
        while (System.nanoTime() < end) y = y * 31 + 7;
        sink = y;
        return x * 2;
    }

    static long sum10(Iterator<Integer> it) { long s = 0; for (int i = 0; i < 10; i++) s += it.next(); return s; }
    static long sumAll(Iterator<Integer> it) { long s = 0; while (it.hasNext()) s += it.next(); return s; }
    static long sumAll(PrimitiveIterator.OfLong it) { long s = 0; while (it.hasNext()) s += it.nextLong(); return s; }

    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 1_000_000).boxed().collect(Collectors.toList());
        cmp("list.map: read 10 of 10^6",
                () -> sum10(ParIter.of(list).map(x -> x * 2).iterator()),
                () -> sum10(ParIter.of(list).map(x -> x * 2).toList().iterator()),
                () -> sum10(list.parallelStream().map(x -> x * 2).iterator()));
        cmp("list.map: read all 10^6",
                () -> sumAll(ParIter.of(list).map(x -> x * 2).iterator()),
                () -> sumAll(ParIter.of(list).map(x -> x * 2).toList().iterator()),
                () -> sumAll(list.parallelStream().map(x -> x * 2).iterator()));
        cmp("range(10^7).map: read all",
                () -> sumAll(LongParIter.range(0, 10_000_000).map(x -> x * x).iterator()),
                () -> sumAll(Arrays.stream(LongParIter.range(0, 10_000_000).map(x -> x * x).toArray()).iterator()),
                () -> sumAll(LongStream.range(0, 10_000_000).parallel().map(x -> x * x).iterator()));
        cmp("range(1000), 20 us an item: read the first",
                () -> LongParIter.range(0, 1000).map(LazyIter::spin).iterator().nextLong(),
                () -> LongParIter.range(0, 1000).map(LazyIter::spin).toArray()[0],
                () -> LongStream.range(0, 1000).parallel().map(LazyIter::spin).iterator().nextLong());
        cmp("range(1000), 20 us an item: read all",
                () -> sumAll(LongParIter.range(0, 1000).map(LazyIter::spin).iterator()),
                () -> sumAll(Arrays.stream(LongParIter.range(0, 1000).map(LazyIter::spin).toArray()).iterator()),
                () -> sumAll(LongStream.range(0, 1000).parallel().map(LazyIter::spin).iterator()));
    }
}
