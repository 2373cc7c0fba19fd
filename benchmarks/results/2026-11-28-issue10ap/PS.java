import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/** The stable object sort by a comparator with many ties: ParIter.sorted, ParSort.sort, Arrays.sort, the stream. */
public class PS {
    record Person(String name, int age, double salary, String city) {}
    public static void main(String[] args) {
        String[] cities = {"Oslo", "Lima", "Rome", "Kyiv", "Pune", "Baku"};
        int n = Integer.parseInt(args[2]);
        List<Person> people = IntStream.range(0, n).mapToObj(i -> new Person("p" + i, 18 + i % 60, 1000 + (i * 37 % 5000), cities[i % cities.length])).collect(Collectors.toList());
        if (args.length > 3 && args[3].equals("shuffle")) Collections.shuffle(people, new Random(1));
        Person[] arr = people.toArray(new Person[0]);
        Comparator<Person> byAge = Comparator.comparingInt(Person::age);
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("r", () -> ParIter.of(people).sorted(byAge).toList().get(0));
        cases.put("p", () -> { Person[] a = arr.clone(); ParSort.sort(a, byAge); return a[0]; });
        cases.put("a", () -> { Person[] a = arr.clone(); Arrays.sort(a, byAge); return a[0]; });
        cases.put("s", () -> people.parallelStream().sorted(byAge).toList().get(0));
        cases.put("rcollect", () -> ParIter.of(people).toList().get(0));
        Integer[] ints = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Collections.shuffle(Arrays.asList(ints), new Random(2));
        cases.put("pi", () -> { Integer[] a = ints.clone(); ParSort.sort(a, Comparator.naturalOrder()); return a[0]; });
        cases.put("ai", () -> { Integer[] a = ints.clone(); Arrays.sort(a, Comparator.naturalOrder()); return a[0]; });
        cases.put("pu", () -> { Person[] a = arr.clone(); ParSort.sortUnstable(a, byAge); return a[0]; });
        List<String> words = IntStream.range(0, n).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());
        Collections.shuffle(words, new Random(3));
        cases.put("rw", () -> ParIter.of(words).sorted().toList().get(0));
        cases.put("sw", () -> words.parallelStream().sorted().toList().get(0));
        String[] warr = words.toArray(new String[0]);
        cases.put("pw", () -> { String[] a = warr.clone(); ParSort.sort(a, Comparator.naturalOrder()); return a[0]; });
        cases.put("aw", () -> { String[] a = warr.clone(); Arrays.sort(a, Comparator.naturalOrder()); return a[0]; });
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s n=%d median(second half) %.3f ms, calls %d%n", args[0], n, h[h.length / 2] / 1e6, k);
    }
}
