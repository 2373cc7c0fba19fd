import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/** Primitive distinct: 10^6 ints of 0..2^20 (about 610,000 distinct), or of 0..999 (args[2] = "few"). */
public class PD {
    public static void main(String[] args) {
        Random rnd = new Random(42);
        int bound = args.length > 2 && args[2].equals("few") ? 1000 : 1 << 20;
        int[] ints = rnd.ints(1_000_000, 0, bound).toArray();
        double[] ds = Arrays.stream(ints).mapToDouble(x -> x / 8.0).toArray();
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("r", () -> IntParIter.of(ints).distinct().count());
        cases.put("s", () -> Arrays.stream(ints).parallel().distinct().count());
        cases.put("rd", () -> DoubleParIter.of(ds).distinct().toArray().length);
        cases.put("sd", () -> Arrays.stream(ds).parallel().distinct().toArray().length);
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s %s bound %d median(second half) %.3f ms, calls %d%n", args[0], c.get(), bound, h[h.length / 2] / 1e6, k);
    }
}
