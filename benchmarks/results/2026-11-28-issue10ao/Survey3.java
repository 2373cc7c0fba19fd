import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;
public class Survey3 {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; if (o == null) throw new AssertionError(); b = Math.min(b, t); } return b; }
    static String only;
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !only.equals(name)) return;
        Object a = r.get(), b = s.get();
        if (!Objects.equals(a, b)) System.out.println("  MISMATCH " + name + ": " + a + " vs " + b);
        for (int w = 0; w < 3; w++) { best(r, 5); best(s, 5); }
        long tr = best(r, 15), ts = best(s, 15);
        System.out.printf("%-40s rayon4j %9.3f ms  stream %9.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    static final boolean SEQ = Boolean.getBoolean("seq");
    static <T> Stream<T> ps(Collection<T> c) { return SEQ ? c.stream() : c.parallelStream(); }
    record P(String name, int age, double score) { }
    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        Random rnd = new Random(1);
        List<P> people = IntStream.range(0, n).mapToObj(i -> new P("p" + (i % 10_000), rnd.nextInt(100), rnd.nextDouble())).collect(Collectors.toList());
        Map<Integer, String> map = new HashMap<>(); for (int i = 0; i < 200_000; i++) map.put(i, "v" + i);
        cmp("people mapToInt average", () -> ParIter.of(people).mapToInt(P::age).average().getAsDouble(), () -> ps(people).mapToInt(P::age).average().getAsDouble());
        cmp("people mapToDouble average", () -> Math.round(ParIter.of(people).mapToDouble(P::score).average().getAsDouble() * 1e9), () -> Math.round(ps(people).mapToDouble(P::score).average().getAsDouble() * 1e9));
        cmp("people mapToInt max", () -> ParIter.of(people).mapToInt(P::age).max().getAsInt(), () -> ps(people).mapToInt(P::age).max().getAsInt());
        cmp("people mapToInt summaryStatistics", () -> ParIter.of(people).mapToInt(P::age).summaryStatistics().toString(), () -> ps(people).mapToInt(P::age).summaryStatistics().toString());
        cmp("people averagingInt collector", () -> ParIter.of(people).collect(Collectors.averagingInt(P::age)), () -> ps(people).collect(Collectors.averagingInt(P::age)));
        cmp("people groupingBy age averagingDouble", () -> ParIter.of(people).collect(Collectors.groupingBy(P::age, Collectors.averagingDouble(P::score))).size(), () -> ps(people).collect(Collectors.groupingBy(P::age, Collectors.averagingDouble(P::score))).size());
        cmp("people filter map toList", () -> ParIter.of(people).filter(p -> p.age() > 50).map(P::name).toList().size(), () -> ps(people).filter(p -> p.age() > 50).map(P::name).toList().size());
        cmp("people sorted comparator limit", () -> ParIter.of(people).sorted(Comparator.comparingDouble(P::score)).limit(5).toList().get(0), () -> ps(people).sorted(Comparator.comparingDouble(P::score)).limit(5).toList().get(0));
        cmp("people min comparator", () -> ParIter.of(people).min(Comparator.comparingDouble(P::score)).get(), () -> ps(people).min(Comparator.comparingDouble(P::score)).get());
        cmp("people anyMatch none", () -> ParIter.of(people).anyMatch(p -> p.age() > 100), () -> ps(people).anyMatch(p -> p.age() > 100));
        cmp("hashmap entrySet filter count", () -> ParIter.of(map.entrySet()).filter(e -> e.getKey() % 3 == 0).count(), () -> ps(map.entrySet()).filter(e -> e.getKey() % 3 == 0).count());
        cmp("hashmap values map sum", () -> ParIter.of(map.values()).mapToInt(String::length).sum(), () -> ps(map.values()).mapToInt(String::length).sum());
        cmp("people map distinct count", () -> ParIter.of(people).map(P::name).distinct().count(), () -> ps(people).map(P::name).distinct().count());
        cmp("people toMap name->age merge", () -> ParIter.of(people).collect(Collectors.toMap(P::name, P::age, Integer::sum)).size(), () -> ps(people).collect(Collectors.toMap(P::name, P::age, Integer::sum)).size());
        cmp("people mapToLong sum", () -> ParIter.of(people).mapToLong(P::age).sum(), () -> ps(people).mapToLong(P::age).sum());
        cmp("people count filter", () -> ParIter.of(people).filter(p -> p.score() < 0.5).count(), () -> ps(people).filter(p -> p.score() < 0.5).count());
    }
}
