import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Survey {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; if (o == null) throw new AssertionError(); b = Math.min(b, t); } return b; }
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        Object a = r.get(), b = s.get();
        if (!Objects.equals(norm(a), norm(b))) System.out.println("  MISMATCH " + name + ": " + String.valueOf(norm(a)).substring(0, Math.min(80, String.valueOf(norm(a)).length())) + " vs " + String.valueOf(norm(b)).substring(0, Math.min(80, String.valueOf(norm(b)).length())));
        for (int w = 0; w < 3; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-40s rayon4j %9.3f ms  stream %9.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    static Object norm(Object o) { if (o instanceof long[] l) return Arrays.toString(l); if (o instanceof int[] l) return Arrays.toString(l); if (o instanceof Object[] l) return Arrays.toString(l); return o; }
    public static void main(String[] args) {
        int n = 1_000_000;
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        Set<Integer> set = new HashSet<>(list);
        List<List<Integer>> nested = IntStream.range(0, 1000).mapToObj(i -> IntStream.range(0, 1000).boxed().toList()).toList();
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        cmp("hashset map toList", () -> ParIter.of(set).map(x -> x + 1).toList().size(), () -> set.parallelStream().map(x -> x + 1).toList().size());
        cmp("list groupingBy counting", () -> ParIter.of(list).collect(Collectors.groupingBy(x -> x % 10, Collectors.counting())), () -> list.parallelStream().collect(Collectors.groupingBy(x -> x % 10, Collectors.counting())));
        cmp("list groupingByConcurrent", () -> ParIter.of(list).collect(Collectors.groupingByConcurrent(x -> x % 10, Collectors.counting())), () -> list.parallelStream().collect(Collectors.groupingByConcurrent(x -> x % 10, Collectors.counting())));
        cmp("words toMap merge", () -> ParIter.of(words).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)), () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)));
        cmp("list sorted(rev) toList", () -> ParIter.of(list).sorted(Comparator.reverseOrder()).toList().get(0), () -> list.parallelStream().sorted(Comparator.reverseOrder()).toList().get(0));
        cmp("list filter anyMatch none", () -> ParIter.of(list).filter(x -> x % 2 == 0).anyMatch(x -> x < 0), () -> list.parallelStream().filter(x -> x % 2 == 0).anyMatch(x -> x < 0));
        cmp("list filter findFirst late", () -> ParIter.of(list).filter(x -> x % 2 == 0).filter(x -> x > 900_000).findFirst(), () -> list.parallelStream().filter(x -> x % 2 == 0).filter(x -> x > 900_000).findFirst());
        cmp("flatMapIter nested count", () -> ParIter.of(nested).flatMapIter(l -> l).filter(x -> x % 3 == 0).count(), () -> nested.parallelStream().flatMap(List::stream).filter(x -> x % 3 == 0).count());
        cmp("flatMapStream nested sum", () -> ParIter.of(nested).flatMapStream(List::stream).mapToLong(x -> x).sum(), () -> nested.parallelStream().flatMap(List::stream).mapToLong(x -> x).sum());
        cmp("distinct words count", () -> ParIter.of(words).distinct().count(), () -> words.parallelStream().distinct().count());
        cmp("joining", () -> ParIter.of(list).map(String::valueOf).collect(Collectors.joining(",")).length(), () -> list.parallelStream().map(String::valueOf).collect(Collectors.joining(",")).length());
        cmp("toSet", () -> ParIter.of(list).map(x -> x % 1000).collect(Collectors.toSet()), () -> list.parallelStream().map(x -> x % 1000).collect(Collectors.toSet()));
        cmp("reduce max", () -> ParIter.of(list).reduce(Integer::max), () -> list.parallelStream().reduce(Integer::max));
        cmp("range boxed toList", () -> IntParIter.range(0, n).boxed().toList().size(), () -> IntStream.range(0, n).parallel().boxed().toList().size());
        cmp("range filter takeWhile", () -> LongParIter.range(0, 10_000_000).filter(x -> x % 3 == 0).takeWhile(x -> x < 3000).count(), () -> LongStream.range(0, 10_000_000).parallel().filter(x -> x % 3 == 0).takeWhile(x -> x < 3000).count());
        cmp("list filter skip limit", () -> ParIter.of(list).filter(x -> x % 3 == 0).skip(10).limit(10).toList(), () -> list.parallelStream().filter(x -> x % 3 == 0).skip(10).limit(10).toList());
        cmp("list sorted limit", () -> ParIter.of(list).map(x -> -x).sorted().limit(10).toList(), () -> list.parallelStream().map(x -> -x).sorted().limit(10).toList());
        cmp("summaryStatistics", () -> ParIter.of(list).mapToInt(x -> x).summaryStatistics().getMax(), () -> list.parallelStream().mapToInt(x -> x).summaryStatistics().getMax());
        cmp("partitioningBy", () -> ParIter.of(list).collect(Collectors.partitioningBy(x -> x % 2 == 0, Collectors.counting())), () -> list.parallelStream().collect(Collectors.partitioningBy(x -> x % 2 == 0, Collectors.counting())));
        cmp("iterator first 10 (sequential use)", () -> { Iterator<Integer> it = ParIter.of(list).map(x -> x * 2).iterator(); int s = 0; for (int i = 0; i < 10; i++) s += it.next(); return s; }, () -> { Iterator<Integer> it = list.parallelStream().map(x -> x * 2).iterator(); int s = 0; for (int i = 0; i < 10; i++) s += it.next(); return s; });
    }
}
