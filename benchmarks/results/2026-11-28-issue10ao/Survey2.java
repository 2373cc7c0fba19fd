import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;
public class Survey2 {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; if (o == null) throw new AssertionError(); b = Math.min(b, t); } return b; }
    static String only; // one case by name (a fresh JVM for it), or null: all in one JVM
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !only.equals(name)) return;
        Object a = r.get(), b = s.get();
        if (!Objects.equals(norm(a), norm(b))) System.out.println("  MISMATCH " + name + ": " + String.valueOf(norm(a)).substring(0, Math.min(80, String.valueOf(norm(a)).length())) + " vs " + String.valueOf(norm(b)).substring(0, Math.min(80, String.valueOf(norm(b)).length())));
        for (int w = 0; w < 3; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-40s rayon4j %9.3f ms  stream %9.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    static Object norm(Object o) { if (o instanceof long[] l) return Arrays.toString(l); if (o instanceof int[] l) return Arrays.toString(l); if (o instanceof Object[] l) return Arrays.toString(l); return o; }
    static double work(int x) { double d = x; for (int i = 0; i < 20; i++) d = Math.sqrt(d + i); return d; }
    static boolean isPrime(long n) { if (n < 2) return false; for (long d = 2; d * d <= n; d++) if (n % d == 0) return false; return true; }
    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        LinkedList<Integer> linked = new LinkedList<>(list.subList(0, 200_000));
        TreeSet<Integer> tree = new TreeSet<>(list.subList(0, 200_000));
        ConcurrentHashMap<Integer, Integer> chm = new ConcurrentHashMap<>(); for (int i = 0; i < 200_000; i++) chm.put(i, i);
        ArrayDeque<Integer> deque = new ArrayDeque<>(list.subList(0, 200_000));
        Integer[] boxedArr = list.toArray(new Integer[0]);
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        cmp("linkedlist map work sum", () -> ParIter.of(linked).mapToDouble(Survey2::work).sum(), () -> linked.parallelStream().mapToDouble(Survey2::work).sum());
        cmp("treeset map work sum", () -> ParIter.of(tree).mapToDouble(Survey2::work).sum(), () -> tree.parallelStream().mapToDouble(Survey2::work).sum());
        cmp("chm keySet filter count", () -> ParIter.of(chm.keySet()).filter(x -> x % 3 == 0).count(), () -> chm.keySet().parallelStream().filter(x -> x % 3 == 0).count());
        cmp("arraydeque map work sum", () -> ParIter.of(deque).mapToDouble(Survey2::work).sum(), () -> deque.parallelStream().mapToDouble(Survey2::work).sum());
        cmp("fromIterator work sum", () -> ParIter.fromIterator(linked.iterator()).mapToDouble(Survey2::work).sum(), () -> StreamSupport.stream(Spliterators.spliteratorUnknownSize(linked.iterator(), 0), true).mapToDouble(Survey2::work).sum());
        cmp("fromStream iterate limit work", () -> ParIter.fromStream(Stream.iterate(0, i -> i + 1).limit(100_000)).mapToDouble(Survey2::work).sum(), () -> Stream.iterate(0, i -> i + 1).limit(100_000).parallel().mapToDouble(Survey2::work).sum());
        cmp("sorted presorted toList", () -> ParIter.of(list).sorted().toList().get(0), () -> list.parallelStream().sorted().toList().get(0));
        cmp("range mapToObj toArray", () -> IntParIter.range(0, n).mapToObj(Integer::toString).toArray(String[]::new).length, () -> IntStream.range(0, n).parallel().mapToObj(Integer::toString).toArray(String[]::new).length);
        cmp("list map collect toList", () -> ParIter.of(list).map(x -> x * 2).collect(Collectors.toList()).size(), () -> list.parallelStream().map(x -> x * 2).collect(Collectors.toList()).size());
        cmp("list mapToInt max", () -> ParIter.of(list).mapToInt(x -> x).max(), () -> list.parallelStream().mapToInt(x -> x).max());
        cmp("list max comparator", () -> ParIter.of(list).max(Comparator.naturalOrder()), () -> list.parallelStream().max(Comparator.naturalOrder()));
        cmp("words groupingBy length", () -> ParIter.of(words).collect(Collectors.groupingBy(String::length)).size(), () -> words.parallelStream().collect(Collectors.groupingBy(String::length)).size());
        cmp("list forEach into chm", () -> { ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>(); ParIter.of(list.subList(0, 200_000)).forEach(x -> m.put(x % 1000, x)); return m.size(); }, () -> { ConcurrentHashMap<Integer, Integer> m = new ConcurrentHashMap<>(); list.subList(0, 200_000).parallelStream().forEach(x -> m.put(x % 1000, x)); return m.size(); });
        cmp("range filter isPrime count", () -> LongParIter.range(0, 300_000).filter(Survey2::isPrime).count(), () -> LongStream.range(0, 300_000).parallel().filter(Survey2::isPrime).count());
        cmp("list reduce identity sum", () -> ParIter.of(list).reduce(0, Integer::sum), () -> list.parallelStream().reduce(0, Integer::sum));
        cmp("list summingLong", () -> ParIter.of(list).collect(Collectors.summingLong(x -> x)), () -> list.parallelStream().collect(Collectors.summingLong(x -> x)));
        cmp("list findAny", () -> ParIter.of(list).filter(x -> x > 500_000).findAny().isPresent(), () -> list.parallelStream().filter(x -> x > 500_000).findAny().isPresent());
        cmp("array toArray", () -> ParIter.of(boxedArr).map(x -> x + 1).toArray(Integer[]::new).length, () -> Arrays.stream(boxedArr).parallel().map(x -> x + 1).toArray(Integer[]::new).length);
        cmp("list count filter", () -> ParIter.of(list).filter(x -> (x & 7) == 0).count(), () -> list.parallelStream().filter(x -> (x & 7) == 0).count());
        cmp("list map distinct sorted toList", () -> ParIter.of(list).map(x -> x % 5000).distinct().sorted().toList().size(), () -> list.parallelStream().map(x -> x % 5000).distinct().sorted().toList().size());
        cmp("intrange average", () -> IntParIter.range(0, 10_000_000).average(), () -> IntStream.range(0, 10_000_000).parallel().average());
        cmp("list map work toList", () -> ParIter.of(list.subList(0, 200_000)).map(Survey2::work).toList().size(), () -> list.subList(0, 200_000).parallelStream().map(Survey2::work).toList().size());
    }
}
