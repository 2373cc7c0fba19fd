import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/** Collectors.joining over 200,000 short strings: rayon4j, the parallel stream, the sequential stream. */
public class JN {
    public static void main(String[] args) {
        List<String> words = IntStream.range(0, 200_000).mapToObj(i -> "w" + (i % 5000)).collect(Collectors.toList());
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("r", () -> ParIter.of(words).collect(Collectors.joining(",")).length());
        cases.put("s", () -> words.parallelStream().collect(Collectors.joining(",")).length());
        cases.put("q", () -> words.stream().collect(Collectors.joining(",")).length());
        cases.put("rsb", () -> ParIter.of(words).collect(StringBuilder::new, (b, w) -> b.append(w).append(','), StringBuilder::append).length());
        cases.put("ssb", () -> words.parallelStream().collect(StringBuilder::new, (b, w) -> b.append(w).append(','), StringBuilder::append).length());
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s %s median(second half) %.3f ms, calls %d%n", args[0], c.get(), h[h.length / 2] / 1e6, k);
    }
}
