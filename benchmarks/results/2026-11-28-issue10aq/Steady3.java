import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A third steady-state survey: sources and primitive pipelines the first two did not cover,
 * timed with issue10ap's Steady.cmp. All cases in one JVM, or those whose name starts with
 * args[0] in a fresh one. Compile beside Steady.java.
 */
public class Steady3 {
    public static void main(String[] args) {
        Steady.only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        Random rnd = new Random(44);
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        List<Integer> small = list.subList(0, 100_000);
        List<Integer> immutable = List.copyOf(small);
        List<Integer> unmodifiable = Collections.unmodifiableList(new ArrayList<>(small));
        CopyOnWriteArrayList<Integer> cow = new CopyOnWriteArrayList<>(small);
        ArrayDeque<Integer> deque = new ArrayDeque<>(small);
        PriorityQueue<Integer> pq = new PriorityQueue<>(small);
        HashMap<Integer, Integer> hmap = new HashMap<>(); for (int i = 0; i < 100_000; i++) hmap.put(i, i * 3);
        int[] ints = rnd.ints(n, 0, 1 << 20).toArray();
        long[] longs = rnd.longs(n).toArray();
        double[] doubles = rnd.doubles(n).toArray();
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());

        Steady.cmp("immutable list sum", () -> ParIter.of(immutable).mapToLong(x -> x).sum(), () -> immutable.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("unmodifiable list sum", () -> ParIter.of(unmodifiable).mapToLong(x -> x).sum(), () -> unmodifiable.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("cow list sum", () -> ParIter.of(cow).mapToLong(x -> x).sum(), () -> cow.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("arraydeque sum", () -> ParIter.of(deque).mapToLong(x -> x).sum(), () -> deque.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("priorityqueue sum", () -> ParIter.of(pq).mapToLong(x -> x).sum(), () -> pq.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("hashmap values sum", () -> ParIter.of(hmap.values()).mapToLong(x -> x).sum(), () -> hmap.values().parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("list anyMatch early", () -> ParIter.of(list).anyMatch(x -> x == 1000), () -> list.parallelStream().anyMatch(x -> x == 1000));
        Steady.cmp("list findAny filter", () -> ParIter.of(list).filter(x -> x % 1000 == 999).findAny().isPresent(), () -> list.parallelStream().filter(x -> x % 1000 == 999).findAny().isPresent());
        Steady.cmp("list filter count", () -> ParIter.of(list).filter(x -> (x & 3) == 0).count(), () -> list.parallelStream().filter(x -> (x & 3) == 0).count());
        Steady.cmp("list map toArray gen", () -> ParIter.of(small).map(x -> x + 1).toArray(Integer[]::new).length, () -> small.parallelStream().map(x -> x + 1).toArray(Integer[]::new).length);
        Steady.cmp("list toSet", () -> ParIter.of(small).collect(Collectors.toSet()).size(), () -> small.parallelStream().collect(Collectors.toSet()).size());
        Steady.cmp("list forEachOrdered", () -> { long[] s = new long[1]; ParIter.of(small).map(x -> x * 2).forEachOrdered(x -> s[0] += x); return s[0]; }, () -> { long[] s = new long[1]; small.parallelStream().map(x -> x * 2).forEachOrdered(x -> s[0] += x); return s[0]; });
        Steady.cmp("words min by length", () -> ParIter.of(words).min(Comparator.comparingInt(String::length)).get(), () -> words.parallelStream().min(Comparator.comparingInt(String::length)).get());
        Steady.cmp("words reduce max", () -> ParIter.of(words).reduce((a, b) -> a.compareTo(b) >= 0 ? a : b).get(), () -> words.parallelStream().reduce((a, b) -> a.compareTo(b) >= 0 ? a : b).get());
        Steady.cmp("concat sum", () -> ParIter.concat(ParIter.of(small), ParIter.of(small)).mapToLong(x -> x).sum(), () -> Stream.concat(small.parallelStream(), small.parallelStream()).mapToLong(x -> x).sum());
        Steady.cmp("ints average", () -> IntParIter.of(ints).average().getAsDouble(), () -> Arrays.stream(ints).parallel().average().getAsDouble());
        Steady.cmp("ints asLong sum", () -> IntParIter.of(ints).asLongParIter().map(x -> x * x).sum(), () -> Arrays.stream(ints).parallel().asLongStream().map(x -> x * x).sum());
        Steady.cmp("ints mapToObj toList", () -> IntParIter.of(ints).mapToObj(Integer::toString).toList().size(), () -> Arrays.stream(ints).parallel().mapToObj(Integer::toString).toList().size());
        Steady.cmp("ints boxed groupingBy", () -> IntParIter.of(ints).boxed().collect(Collectors.groupingBy(x -> x & 15, Collectors.counting())).get(3), () -> Arrays.stream(ints).parallel().boxed().collect(Collectors.groupingBy(x -> x & 15, Collectors.counting())).get(3));
        Steady.cmp("ints flatMap", () -> IntParIter.of(ints).flatMap(x -> IntParIter.of(x, x + 1)).sum(), () -> Arrays.stream(ints).parallel().flatMap(x -> IntStream.of(x, x + 1)).sum());
        Steady.cmp("ints sorted limit", () -> IntParIter.of(ints).sorted().limit(10).toArray()[9], () -> Arrays.stream(ints).parallel().sorted().limit(10).toArray()[9]);
        Steady.cmp("ints min", () -> IntParIter.of(ints).min().getAsInt(), () -> Arrays.stream(ints).parallel().min().getAsInt());
        Steady.cmp("ints noneMatch", () -> IntParIter.of(ints).noneMatch(x -> x < 0), () -> Arrays.stream(ints).parallel().noneMatch(x -> x < 0));
        Steady.cmp("longs filter toArray", () -> LongParIter.of(longs).filter(x -> x > 0).toArray().length, () -> Arrays.stream(longs).parallel().filter(x -> x > 0).toArray().length);
        Steady.cmp("longs map reduce", () -> LongParIter.of(longs).map(x -> x >>> 3).reduce(0, Long::sum), () -> Arrays.stream(longs).parallel().map(x -> x >>> 3).reduce(0, Long::sum));
        Steady.cmp("doubles map toArray", () -> DoubleParIter.of(doubles).map(Math::sqrt).toArray().length, () -> Arrays.stream(doubles).parallel().map(Math::sqrt).toArray().length);
        Steady.cmp("doubles average", () -> DoubleParIter.of(doubles).average().getAsDouble(), () -> Arrays.stream(doubles).parallel().average().getAsDouble());
        Steady.cmp("range filter toArray", () -> IntParIter.range(0, n).filter(i -> i % 7 == 0).toArray().length, () -> IntStream.range(0, n).parallel().filter(i -> i % 7 == 0).toArray().length);
        Steady.cmp("range mapToObj toList", () -> IntParIter.range(0, n).mapToObj(i -> i * 2).toList().size(), () -> IntStream.range(0, n).parallel().mapToObj(i -> i * 2).toList().size());
        Steady.cmp("long range filter count", () -> LongParIter.range(0, 10L * n).filter(x -> x % 3 == 0).count(), () -> LongStream.range(0, 10L * n).parallel().filter(x -> x % 3 == 0).count());
        Steady.cmp("rangeClosed sum", () -> LongParIter.rangeClosed(1, n).sum(), () -> LongStream.rangeClosed(1, n).parallel().sum());
    }
}
