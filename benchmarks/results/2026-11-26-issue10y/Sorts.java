import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Sorts {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); } return b; }
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        if (!r.get().equals(s.get())) System.out.println("MISMATCH " + name);
        for (int w = 0; w < 3; w++) { best(r, 3); best(s, 3); }
        long tr = best(r, 10), ts = best(s, 10);
        System.out.printf("%-34s rayon4j %8.2f ms  stream %8.2f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    public static void main(String[] args) {
        int n = 1_000_000; Random rnd = new Random(1);
        List<Integer> random = IntStream.range(0, n).map(i -> rnd.nextInt()).boxed().toList();
        List<Integer> asc = IntStream.range(0, n).boxed().toList();
        List<Integer> nearly = new ArrayList<>(asc); for (int i = 0; i < 1000; i++) Collections.swap(nearly, rnd.nextInt(n), rnd.nextInt(n));
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).toList();
        cmp("random natural", () -> ParIter.of(random).sorted().toList(), () -> random.parallelStream().sorted().toList());
        cmp("ascending natural", () -> ParIter.of(asc).sorted().toList(), () -> asc.parallelStream().sorted().toList());
        cmp("ascending reversed cmp", () -> ParIter.of(asc).sorted(Comparator.reverseOrder()).toList(), () -> asc.parallelStream().sorted(Comparator.reverseOrder()).toList());
        cmp("nearly sorted natural", () -> ParIter.of(nearly).sorted().toList(), () -> nearly.parallelStream().sorted().toList());
        cmp("distinct words", () -> ParIter.of(words).distinct().toList(), () -> words.parallelStream().distinct().toList());
        cmp("distinct random (all distinct)", () -> ParIter.of(random).distinct().count(), () -> random.parallelStream().distinct().count());
        long[] la = random.stream().mapToLong(x -> x % 1000).toArray();
        cmp("long distinct (1000 values)", () -> Arrays.toString(LongParIter.of(la).distinct().toArray()), () -> Arrays.toString(LongStream.of(la).parallel().distinct().toArray()));
    }
}
