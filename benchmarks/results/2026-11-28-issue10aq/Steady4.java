import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A fourth steady-state survey: collectors and shapes the first three did not cover, timed with
 * issue10ap's Steady.cmp. All cases in one JVM, or those whose name starts with args[0] in a
 * fresh one. Compile beside Steady.java.
 */
public class Steady4 {
    record Person(String name, int age, double salary, String city) {}
    public static void main(String[] args) {
        Steady.only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        Random rnd = new Random(45);
        List<Integer> shuffled = IntStream.range(0, n).boxed().collect(Collectors.toList()); Collections.shuffle(shuffled, rnd);
        List<Integer> small = shuffled.subList(0, 100_000);
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());
        int[] ints = rnd.ints(n, 0, 1 << 16).toArray();
        String[] cities = {"Oslo", "Lima", "Rome", "Kyiv", "Pune", "Baku"};
        List<Person> people = IntStream.range(0, 200_000).mapToObj(i -> new Person("p" + i, 18 + i % 60, 1000 + (i * 37 % 5000), cities[i % cities.length])).collect(Collectors.toList());

        Steady.cmp("words toMap merge", () -> ParIter.of(words).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)).size(), () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum)).size());
        Steady.cmp("words toMap TreeMap", () -> ParIter.of(words).collect(Collectors.toMap(w -> w, w -> 1, Integer::sum, TreeMap::new)).size(), () -> words.parallelStream().collect(Collectors.toMap(w -> w, w -> 1, Integer::sum, TreeMap::new)).size());
        Steady.cmp("words groupingBy TreeMap", () -> ParIter.of(words).collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.counting())).get(5), () -> words.parallelStream().collect(Collectors.groupingBy(String::length, TreeMap::new, Collectors.counting())).get(5));
        Steady.cmp("words toUnmodifiableSet", () -> ParIter.of(words).collect(Collectors.toUnmodifiableSet()).size(), () -> words.parallelStream().collect(Collectors.toUnmodifiableSet()).size());
        Steady.cmp("people filtering", () -> ParIter.of(people).collect(Collectors.groupingBy(Person::city, Collectors.filtering(p -> p.age() > 60, Collectors.counting()))).get("Rome"), () -> people.parallelStream().collect(Collectors.groupingBy(Person::city, Collectors.filtering(p -> p.age() > 60, Collectors.counting()))).get("Rome"));
        Steady.cmp("people flatMapping", () -> ParIter.of(people).collect(Collectors.groupingBy(Person::city, Collectors.flatMapping(p -> Stream.of(p.age()), Collectors.toSet()))).get("Rome").size(), () -> people.parallelStream().collect(Collectors.groupingBy(Person::city, Collectors.flatMapping(p -> Stream.of(p.age()), Collectors.toSet()))).get("Rome").size());
        Steady.cmp("people reducing", () -> ParIter.of(people).collect(Collectors.reducing(0.0, Person::salary, Double::sum)), () -> people.parallelStream().collect(Collectors.reducing(0.0, Person::salary, Double::sum)));
        Steady.cmp("people minBy", () -> ParIter.of(people).collect(Collectors.minBy(Comparator.comparingDouble(Person::salary))).get().name(), () -> people.parallelStream().collect(Collectors.minBy(Comparator.comparingDouble(Person::salary))).get().name());
        Steady.cmp("people summarizingInt", () -> ParIter.of(people).collect(Collectors.summarizingInt(Person::age)).getMax(), () -> people.parallelStream().collect(Collectors.summarizingInt(Person::age)).getMax());
        Steady.cmp("people groupingBy averaging", () -> ParIter.of(people).collect(Collectors.groupingBy(Person::age, Collectors.averagingDouble(Person::salary))).get(30), () -> people.parallelStream().collect(Collectors.groupingBy(Person::age, Collectors.averagingDouble(Person::salary))).get(30));
        Steady.cmp("people max comparing", () -> ParIter.of(people).max(Comparator.comparing(Person::name)).get().name(), () -> people.parallelStream().max(Comparator.comparing(Person::name)).get().name());
        Steady.cmp("people map name toList", () -> ParIter.of(people).map(Person::name).toList().size(), () -> people.parallelStream().map(Person::name).toList().size());
        Steady.cmp("small sorted reverse limit", () -> ParIter.of(small).sorted(Comparator.reverseOrder()).limit(5).toList(), () -> small.parallelStream().sorted(Comparator.reverseOrder()).limit(5).toList());
        Steady.cmp("small boxed sum reduce", () -> ParIter.of(small).reduce(0, Integer::sum), () -> small.parallelStream().reduce(0, Integer::sum));
        Steady.cmp("ints distinct sorted", () -> IntParIter.of(ints).distinct().sorted().toArray().length, () -> Arrays.stream(ints).parallel().distinct().sorted().toArray().length);
        Steady.cmp("ints sorted distinct", () -> IntParIter.of(ints).sorted().distinct().toArray().length, () -> Arrays.stream(ints).parallel().sorted().distinct().toArray().length);
        Steady.cmp("ints boxed sorted reverse", () -> IntParIter.of(ints).boxed().sorted(Comparator.reverseOrder()).toList().get(10), () -> Arrays.stream(ints).parallel().boxed().sorted(Comparator.reverseOrder()).toList().get(10));
        Steady.cmp("ints skip sum", () -> IntParIter.of(ints).skip(n / 3).sum(), () -> Arrays.stream(ints).parallel().skip(n / 3).sum());
        Steady.cmp("ints limit toArray", () -> IntParIter.of(ints).limit(n / 2).toArray().length, () -> Arrays.stream(ints).parallel().limit(n / 2).toArray().length);
        Steady.cmp("ints filter limit", () -> IntParIter.of(ints).filter(x -> x > 60000).limit(100).toArray()[99], () -> Arrays.stream(ints).parallel().filter(x -> x > 60000).limit(100).toArray()[99]);
        Steady.cmp("ints mapToObj joining", () -> IntParIter.of(ints).limit(100_000).mapToObj(Integer::toString).collect(Collectors.joining(",")).length(), () -> Arrays.stream(ints).parallel().limit(100_000).mapToObj(Integer::toString).collect(Collectors.joining(",")).length());
        Steady.cmp("generate limit count", () -> ParIter.fromStream(Stream.generate(() -> 1).limit(100_000)).filter(x -> x > 0).count(), () -> Stream.generate(() -> 1).limit(100_000).parallel().filter(x -> x > 0).count());
    }
}
