import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * filter(..).toList() over 10^6 Integers in a list: a test that passes at random (a table of
 * random bits) or in a regular pattern (x % 4 != 0); rayon4j, the parallel stream, the
 * sequential stream. Args: case, seconds.
 */
public class OF {
    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 1_000_000).boxed().collect(Collectors.toList());
        Random rnd = new Random(3);
        boolean[] bits = new boolean[1 << 20];
        for (int i = 0; i < bits.length; i++) bits[i] = rnd.nextBoolean();
        Predicate<Integer> random = x -> bits[x & ((1 << 20) - 1)];
        Predicate<Integer> regular = x -> x % 4 != 0;
        Predicate<Integer> sparse = x -> x % 100 == 0;
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("rs", () -> ParIter.of(list).filter(sparse).toList().size());
        cases.put("ss", () -> list.parallelStream().filter(sparse).toList().size());
        cases.put("r", () -> ParIter.of(list).filter(random).toList().size());
        cases.put("s", () -> list.parallelStream().filter(random).toList().size());
        cases.put("q", () -> list.stream().filter(random).toList().size());
        cases.put("rp", () -> ParIter.of(list).filter(regular).toList().size());
        cases.put("sp", () -> list.parallelStream().filter(regular).toList().size());
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s %s median(second half) %.3f ms, calls %d%n", args[0], c.get(), h[h.length / 2] / 1e6, k);
    }
}
