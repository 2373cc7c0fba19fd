import io.github.rayon4j.iter.*;
import java.math.BigInteger;
import java.util.*;
import java.util.concurrent.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * A second steady-state survey: pipelines the first (issue10ap's Steady.java) did not cover,
 * timed with its method (Steady.cmp: the two sides alternating in slices of 0.3 s after warm-up,
 * the median of seven slice medians). All cases in one JVM, or those whose name starts with
 * args[0] in a fresh one. Compile beside Steady.java.
 */
public class Steady2 {
    record Person(String name, int age, double salary, String city) {}
    public static void main(String[] args) {
        Steady.only = args.length > 0 ? args[0] : null;
        int n = 1_000_000;
        Random rnd = new Random(43);
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        List<Integer> shuffled = new ArrayList<>(list); Collections.shuffle(shuffled, rnd);
        List<Integer> small = list.subList(0, 100_000);
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());
        LinkedList<Integer> linked = new LinkedList<>(small);
        TreeSet<Integer> tree = new TreeSet<>(small);
        ConcurrentHashMap<Integer, Integer> chm = new ConcurrentHashMap<>(); for (int i = 0; i < 100_000; i++) chm.put(i, i);
        Integer[] boxedArray = small.toArray(new Integer[0]);
        double[] doubles = rnd.doubles(n).toArray();
        List<BigInteger> bigs = IntStream.range(0, 100_000).mapToObj(i -> BigInteger.valueOf(i).pow(3)).collect(Collectors.toList());
        String[] cities = {"Oslo", "Lima", "Rome", "Kyiv", "Pune", "Baku"};
        List<Person> people = IntStream.range(0, 200_000).mapToObj(i -> new Person("p" + i, 18 + i % 60, 1000 + (i * 37 % 5000), cities[i % cities.length])).collect(Collectors.toList());
        StringBuilder tb = new StringBuilder(); for (int i = 0; i < 100_000; i++) tb.append("line ").append(i).append(" of some text\n");
        String text = tb.toString();

        Steady.cmp("list sorted limit 10", () -> ParIter.of(shuffled).sorted().limit(10).toList(), () -> shuffled.parallelStream().sorted().limit(10).toList());
        Steady.cmp("list max natural", () -> ParIter.of(shuffled).max(Comparator.naturalOrder()).get(), () -> shuffled.parallelStream().max(Comparator.naturalOrder()).get());
        Steady.cmp("list mapToInt sum", () -> ParIter.of(list).mapToInt(Integer::intValue).sum(), () -> list.parallelStream().mapToInt(Integer::intValue).sum());
        Steady.cmp("list counting", () -> ParIter.of(list).collect(Collectors.counting()), () -> list.parallelStream().collect(Collectors.counting()));
        Steady.cmp("list summingLong", () -> ParIter.of(list).collect(Collectors.summingLong(x -> x)), () -> list.parallelStream().collect(Collectors.summingLong(x -> x)));
        Steady.cmp("list averagingDouble", () -> ParIter.of(list).collect(Collectors.averagingDouble(x -> x)), () -> list.parallelStream().collect(Collectors.averagingDouble(x -> x)));
        Steady.cmp("list skip limit toList", () -> ParIter.of(list).skip(n / 2).limit(1000).toList(), () -> list.parallelStream().skip(n / 2).limit(1000).toList());
        Steady.cmp("list filter findFirst", () -> ParIter.of(list).filter(x -> x == n / 2).findFirst().get(), () -> list.parallelStream().filter(x -> x == n / 2).findFirst().get());
        Steady.cmp("list toUnmodifiableList", () -> ParIter.of(small).map(x -> x + 1).collect(Collectors.toUnmodifiableList()).size(), () -> small.parallelStream().map(x -> x + 1).collect(Collectors.toUnmodifiableList()).size());
        Steady.cmp("list toCollection TreeSet", () -> ParIter.of(small).collect(Collectors.toCollection(TreeSet::new)).size(), () -> small.parallelStream().collect(Collectors.toCollection(TreeSet::new)).size());
        Steady.cmp("array source toArray", () -> ParIter.of(boxedArray).map(x -> x * 2).toArray(Integer[]::new).length, () -> Arrays.stream(boxedArray).parallel().map(x -> x * 2).toArray(Integer[]::new).length);
        Steady.cmp("linkedlist sum", () -> ParIter.of(linked).mapToLong(x -> x).sum(), () -> linked.parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("treeset filter count", () -> ParIter.of(tree).filter(x -> x % 3 == 0).count(), () -> tree.parallelStream().filter(x -> x % 3 == 0).count());
        Steady.cmp("chm keySet sum", () -> ParIter.of(chm.keySet()).mapToLong(x -> x).sum(), () -> chm.keySet().parallelStream().mapToLong(x -> x).sum());
        Steady.cmp("iterate limit sum", () -> ParIter.fromStream(Stream.iterate(0, i -> i + 1).limit(100_000)).mapToLong(x -> x).sum(), () -> Stream.iterate(0, i -> i + 1).limit(100_000).parallel().mapToLong(x -> x).sum());
        Steady.cmp("range boxed toList", () -> IntParIter.range(0, n).boxed().collect(Collectors.toList()).size(), () -> IntStream.range(0, n).parallel().boxed().collect(Collectors.toList()).size());
        Steady.cmp("long range reduce product", () -> LongParIter.rangeClosed(1, n).reduce(1, (a, b) -> a * b % 1_000_000_007L), () -> LongStream.rangeClosed(1, n).parallel().reduce(1, (a, b) -> a * b % 1_000_000_007L));
        Steady.cmp("bigint reduce add", () -> ParIter.of(bigs).reduce(BigInteger.ZERO, BigInteger::add), () -> bigs.parallelStream().reduce(BigInteger.ZERO, BigInteger::add));
        Steady.cmp("doubles sorted", () -> DoubleParIter.of(doubles).sorted().toArray()[n / 2], () -> Arrays.stream(doubles).parallel().sorted().toArray()[n / 2]);
        Steady.cmp("words distinct count", () -> ParIter.of(words).distinct().count(), () -> words.parallelStream().distinct().count());
        Steady.cmp("words reduce lengths", () -> ParIter.of(words).reduce(0, (a, w) -> a + w.length(), Integer::sum), () -> words.parallelStream().reduce(0, (a, w) -> a + w.length(), Integer::sum));
        Steady.cmp("words groupingBy joining", () -> ParIter.of(words).collect(Collectors.groupingBy(String::length, Collectors.joining(","))).get(5).length(), () -> words.parallelStream().collect(Collectors.groupingBy(String::length, Collectors.joining(","))).get(5).length());
        Steady.cmp("words mapping joining", () -> ParIter.of(words).collect(Collectors.mapping(String::toUpperCase, Collectors.joining())).length(), () -> words.parallelStream().collect(Collectors.mapping(String::toUpperCase, Collectors.joining())).length());
        Steady.cmp("people groupingBy mapping toList", () -> ParIter.of(people).collect(Collectors.groupingBy(Person::city, Collectors.mapping(Person::name, Collectors.toList()))).get("Rome").size(), () -> people.parallelStream().collect(Collectors.groupingBy(Person::city, Collectors.mapping(Person::name, Collectors.toList()))).get("Rome").size());
        Steady.cmp("people partitioningBy counting", () -> ParIter.of(people).collect(Collectors.partitioningBy(p -> p.age() > 40, Collectors.counting())).get(true), () -> people.parallelStream().collect(Collectors.partitioningBy(p -> p.age() > 40, Collectors.counting())).get(true));
        Steady.cmp("people toMap name salary", () -> ParIter.of(people).collect(Collectors.toMap(Person::name, Person::salary)).size(), () -> people.parallelStream().collect(Collectors.toMap(Person::name, Person::salary)).size());
        Steady.cmp("people sorted two keys", () -> ParIter.of(people).sorted(Comparator.comparing(Person::city).thenComparing(Person::name)).toList().get(7).name(), () -> people.parallelStream().sorted(Comparator.comparing(Person::city).thenComparing(Person::name)).toList().get(7).name());
        Steady.cmp("people teeing", () -> ParIter.of(people).collect(Collectors.teeing(Collectors.counting(), Collectors.summingDouble(Person::salary), (c, s) -> s / c)), () -> people.parallelStream().collect(Collectors.teeing(Collectors.counting(), Collectors.summingDouble(Person::salary), (c, s) -> s / c)));
        Steady.cmp("text lines count", () -> ParText.lines(text).filter(l -> l.endsWith("text")).count(), () -> text.lines().parallel().filter(l -> l.endsWith("text")).count());
        Steady.cmp("text chars count", () -> ParText.chars(text).filter(c -> c == 'e').count(), () -> text.chars().parallel().filter(c -> c == 'e').count());
    }
}
