import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A survey at steady state: each case's two sides alternate in slices of 0.3 s after 1.2 s of
 * warm-up each; a slice's figure is the median call time; a case's figure is the median over
 * its slices. All cases in one JVM (what an application does), or one case (args[0]) in a fresh one.
 */
public class Steady {
    static String only;
    static double slice(Supplier<Object> s, long nanos) {
        long[] t = new long[1 << 16]; int n = 0; long end = System.nanoTime() + nanos;
        while (n < t.length) { long t0 = System.nanoTime(); Object o = s.get(); long t1 = System.nanoTime(); if (o == null) throw new AssertionError(); t[n++] = t1 - t0; if (t1 > end) break; }
        Arrays.sort(t, 0, n); return t[n / 2] / 1e6;
    }
    static double median(double[] a) { double[] c = a.clone(); Arrays.sort(c); return c[c.length / 2]; }
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (only != null && !name.startsWith(only)) return;
        Object a = r.get(), b = s.get();
        if (!Objects.equals(norm(a), norm(b))) System.out.println("  MISMATCH " + name + ": " + trim(norm(a)) + " vs " + trim(norm(b)));
        for (int w = 0; w < 4; w++) { slice(r, 300_000_000L); slice(s, 300_000_000L); }
        int k = 7; double[] rr = new double[k], ss = new double[k];
        for (int i = 0; i < k; i++) { rr[i] = slice(r, 300_000_000L); ss[i] = slice(s, 300_000_000L); }
        double mr = median(rr), ms = median(ss);
        System.out.printf("%-38s rayon4j %9.4f ms  stream %9.4f ms  stream/rayon4j %.2f%n", name, mr, ms, ms / mr);
    }
    static String trim(Object o) { String s = String.valueOf(o); return s.substring(0, Math.min(80, s.length())); }
    static Object norm(Object o) { if (o instanceof long[] l) return Arrays.toString(l); if (o instanceof int[] l) return Arrays.toString(l); if (o instanceof double[] l) return Arrays.toString(l); if (o instanceof Object[] l) return Arrays.toString(l); return o; }
    record Person(String name, int age, double salary, String city) {}
    public static void main(String[] args) {
        only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        Random rnd = new Random(42);
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        List<Integer> shuffled = new ArrayList<>(list); Collections.shuffle(shuffled, rnd);
        List<Integer> small = list.subList(0, 100_000);
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());
        HashSet<Integer> hset = new HashSet<>(small);
        HashMap<Integer, Integer> hmap = new HashMap<>(); for (int i = 0; i < 100_000; i++) hmap.put(i, i * 3);
        int[] ints = rnd.ints(n, 0, 1 << 20).toArray();
        double[] doubles = rnd.doubles(n).toArray();
        String[] cities = {"Oslo", "Lima", "Rome", "Kyiv", "Pune", "Baku"};
        List<Person> people = IntStream.range(0, 200_000).mapToObj(i -> new Person("p" + i, 18 + i % 60, 1000 + (i * 37 % 5000), cities[i % cities.length])).collect(Collectors.toList());

        cmp("list flatMapStream sum", () -> ParIter.of(small).flatMapStream(x -> Stream.of(x, x + 1, x + 2)).mapToLong(x -> x).sum(), () -> small.parallelStream().flatMap(x -> Stream.of(x, x + 1, x + 2)).mapToLong(x -> x).sum());
        cmp("list flatMapIter sum", () -> ParIter.of(small).flatMapIter(x -> List.of(x, x + 1, x + 2)).mapToLong(x -> x).sum(), () -> small.parallelStream().flatMap(x -> List.of(x, x + 1, x + 2).stream()).mapToLong(x -> x).sum());
        cmp("list mapMulti sum", () -> ParIter.of(small).<Integer>mapMulti((x, c) -> { c.accept(x); c.accept(x + 1); }).mapToLong(x -> x).sum(), () -> small.parallelStream().<Integer>mapMulti((x, c) -> { c.accept(x); c.accept(x + 1); }).mapToLong(x -> x).sum());
        cmp("list limit toList", () -> ParIter.of(list).map(x -> x * 2).limit(1000).toList().size(), () -> list.parallelStream().map(x -> x * 2).limit(1000).toList().size());
        cmp("list skip count", () -> ParIter.of(list).skip(500_000).filter(x -> (x & 1) == 0).count(), () -> list.parallelStream().skip(500_000).filter(x -> (x & 1) == 0).count());
        cmp("list filter limit toList", () -> ParIter.of(list).filter(x -> x % 7 == 0).limit(1000).toList().size(), () -> list.parallelStream().filter(x -> x % 7 == 0).limit(1000).toList().size());
        cmp("list takeWhile count", () -> ParIter.of(list).takeWhile(x -> x < 300_000).count(), () -> list.parallelStream().takeWhile(x -> x < 300_000).count());
        cmp("list sorted reverse toList", () -> ParIter.of(shuffled).sorted(Comparator.reverseOrder()).toList().get(0), () -> shuffled.parallelStream().sorted(Comparator.reverseOrder()).toList().get(0));
        cmp("list min comparator", () -> ParIter.of(shuffled).min(Comparator.naturalOrder()).get(), () -> shuffled.parallelStream().min(Comparator.naturalOrder()).get());
        cmp("list anyMatch none", () -> ParIter.of(list).anyMatch(x -> x < 0), () -> list.parallelStream().anyMatch(x -> x < 0));
        cmp("list allMatch all", () -> ParIter.of(list).allMatch(x -> x >= 0), () -> list.parallelStream().allMatch(x -> x >= 0));
        cmp("list toMap", () -> ParIter.of(small).collect(Collectors.toMap(x -> x, x -> x * 2)).size(), () -> small.parallelStream().collect(Collectors.toMap(x -> x, x -> x * 2)).size());
        cmp("list toSet", () -> ParIter.of(small).collect(Collectors.toSet()).size(), () -> small.parallelStream().collect(Collectors.toSet()).size());
        cmp("list distinct count", () -> ParIter.of(shuffled).map(x -> x % 50_000).distinct().count(), () -> shuffled.parallelStream().map(x -> x % 50_000).distinct().count());
        cmp("words joining", () -> ParIter.of(words).collect(Collectors.joining(",")).length(), () -> words.parallelStream().collect(Collectors.joining(",")).length());
        cmp("words groupingBy counting", () -> ParIter.of(words).collect(Collectors.groupingBy(w -> w, Collectors.counting())).size(), () -> words.parallelStream().collect(Collectors.groupingBy(w -> w, Collectors.counting())).size());
        cmp("words groupingByConcurrent", () -> ParIter.of(words).collect(Collectors.groupingByConcurrent(w -> w, Collectors.counting())).size(), () -> words.parallelStream().collect(Collectors.groupingByConcurrent(w -> w, Collectors.counting())).size());
        cmp("words filter startsWith count", () -> ParIter.of(words).filter(w -> w.startsWith("w1")).count(), () -> words.parallelStream().filter(w -> w.startsWith("w1")).count());
        cmp("words map upper toSet", () -> ParIter.of(words).map(String::toUpperCase).collect(Collectors.toSet()).size(), () -> words.parallelStream().map(String::toUpperCase).collect(Collectors.toSet()).size());
        cmp("hashset filter count", () -> ParIter.of(hset).filter(x -> x % 3 == 0).count(), () -> hset.parallelStream().filter(x -> x % 3 == 0).count());
        cmp("hashmap entries sum", () -> ParIter.of(hmap.entrySet()).mapToLong(e -> e.getValue()).sum(), () -> hmap.entrySet().parallelStream().mapToLong(e -> e.getValue()).sum());
        cmp("people partitioningBy", () -> ParIter.of(people).collect(Collectors.partitioningBy(p -> p.age() > 40)).get(true).size(), () -> people.parallelStream().collect(Collectors.partitioningBy(p -> p.age() > 40)).get(true).size());
        cmp("people groupingBy avg salary", () -> ParIter.of(people).collect(Collectors.groupingBy(Person::city, Collectors.averagingDouble(Person::salary))).size(), () -> people.parallelStream().collect(Collectors.groupingBy(Person::city, Collectors.averagingDouble(Person::salary))).size());
        cmp("people filter map toList", () -> ParIter.of(people).filter(p -> p.age() < 30).map(Person::name).toList().size(), () -> people.parallelStream().filter(p -> p.age() < 30).map(Person::name).toList().size());
        cmp("people max by salary", () -> ParIter.of(people).max(Comparator.comparingDouble(Person::salary)).get().salary(), () -> people.parallelStream().max(Comparator.comparingDouble(Person::salary)).get().salary());
        cmp("people mapToDouble sum", () -> ParIter.of(people).mapToDouble(Person::salary).sum(), () -> people.parallelStream().mapToDouble(Person::salary).sum());
        cmp("people sorted by age toList", () -> ParIter.of(people).sorted(Comparator.comparingInt(Person::age)).toList().get(0).name(), () -> people.parallelStream().sorted(Comparator.comparingInt(Person::age)).toList().get(0).name());
        cmp("ints distinct count", () -> IntParIter.of(ints).distinct().count(), () -> Arrays.stream(ints).parallel().distinct().count());
        cmp("ints sorted toArray", () -> IntParIter.of(ints).sorted().toArray().length, () -> Arrays.stream(ints).parallel().sorted().toArray().length);
        cmp("ints filter toArray", () -> IntParIter.of(ints).filter(x -> (x & 3) == 0).toArray().length, () -> Arrays.stream(ints).parallel().filter(x -> (x & 3) == 0).toArray().length);
        cmp("ints boxed toList", () -> IntParIter.of(ints).boxed().toList().size(), () -> Arrays.stream(ints).parallel().boxed().toList().size());
        cmp("ints mapToObj joining", () -> IntParIter.of(ints).limit(100_000).mapToObj(Integer::toString).collect(Collectors.joining(",")).length(), () -> Arrays.stream(ints).parallel().limit(100_000).mapToObj(Integer::toString).collect(Collectors.joining(",")).length());
        cmp("ints max", () -> IntParIter.of(ints).max().getAsInt(), () -> Arrays.stream(ints).parallel().max().getAsInt());
        cmp("doubles map sqrt sum", () -> DoubleParIter.of(doubles).map(Math::sqrt).sum(), () -> Arrays.stream(doubles).parallel().map(Math::sqrt).sum());
        cmp("doubles max", () -> DoubleParIter.of(doubles).max().getAsDouble(), () -> Arrays.stream(doubles).parallel().max().getAsDouble());
        cmp("doubles summaryStatistics", () -> DoubleParIter.of(doubles).summaryStatistics().getMax(), () -> Arrays.stream(doubles).parallel().summaryStatistics().getMax());
        cmp("doubles filter count", () -> DoubleParIter.of(doubles).filter(d -> d > 0.5).count(), () -> Arrays.stream(doubles).parallel().filter(d -> d > 0.5).count());
        cmp("range anyMatch none", () -> IntParIter.range(0, n).anyMatch(i -> i < 0), () -> IntStream.range(0, n).parallel().anyMatch(i -> i < 0));
        cmp("range forEach setAll", () -> { long[] a = new long[n]; IntParIter.range(0, n).forEach(i -> a[i] = (long) i * i); return a[n - 1]; }, () -> { long[] a = new long[n]; IntStream.range(0, n).parallel().forEach(i -> a[i] = (long) i * i); return a[n - 1]; });
        cmp("range mapToObj collect toList", () -> IntParIter.range(0, n).mapToObj(i -> i).collect(Collectors.toList()).size(), () -> IntStream.range(0, n).parallel().mapToObj(i -> i).collect(Collectors.toList()).size());
    }
}
