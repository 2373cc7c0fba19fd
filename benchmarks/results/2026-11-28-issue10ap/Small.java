import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/** Small calls: a pipeline over 1,000 items (or args[2]) of a list, rayon4j against the parallel stream. */
public class Small {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[2]);
        List<Integer> big = IntStream.range(0, 1_000_000).boxed().collect(Collectors.toList());
        List<Integer> list = new ArrayList<>(big.subList(0, n));
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("rlimit", () -> ParIter.of(big).map(x -> x * 2).limit(n).toList().size());
        cases.put("slimit", () -> big.parallelStream().map(x -> x * 2).limit(n).toList().size());
        cases.put("rmap", () -> ParIter.of(list).map(x -> x * 2).toList().size());
        cases.put("smap", () -> list.parallelStream().map(x -> x * 2).toList().size());
        cases.put("rsum", () -> ParIter.of(list).mapToLong(x -> x).sum());
        cases.put("ssum", () -> list.parallelStream().mapToLong(x -> x).sum());
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 22]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s n=%d %s median(second half) %.2f us, calls %d%n", args[0], n, c.get(), h[h.length / 2] / 1e3, k);
    }
}
