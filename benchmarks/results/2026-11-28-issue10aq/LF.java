import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
/** filter(..).toArray() over 10^6 random longs (or ints): rayon4j, the parallel stream, the sequential stream. */
public class LF {
    public static void main(String[] args) {
        Random rnd = new Random(44);
        long[] longs = rnd.longs(1_000_000).toArray();
        int[] ints = new Random(45).ints(1_000_000).toArray();
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("r", () -> LongParIter.of(longs).filter(x -> x > 0).toArray().length);
        cases.put("s", () -> Arrays.stream(longs).parallel().filter(x -> x > 0).toArray().length);
        cases.put("q", () -> Arrays.stream(longs).filter(x -> x > 0).toArray().length);
        cases.put("ri", () -> IntParIter.of(ints).filter(x -> x > 0).toArray().length);
        cases.put("si", () -> Arrays.stream(ints).parallel().filter(x -> x > 0).toArray().length);
        cases.put("rs", () -> LongParIter.of(longs).filter(x -> x % 100 == 0).toArray().length);
        cases.put("ss", () -> Arrays.stream(longs).parallel().filter(x -> x % 100 == 0).toArray().length);
        cases.put("rp", () -> LongParIter.range(0, 1_000_000).filter(x -> x % 4 != 0).toArray().length);
        cases.put("sp", () -> java.util.stream.LongStream.range(0, 1_000_000).parallel().filter(x -> x % 4 != 0).toArray().length);
        cases.put("rc", () -> LongParIter.of(longs).filter(x -> x > 0).count());
        cases.put("sc", () -> Arrays.stream(longs).parallel().filter(x -> x > 0).count());
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s %s median(second half) %.3f ms, calls %d%n", args[0], c.get(), h[h.length / 2] / 1e6, k);
    }
}
