import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
/**
 * takeWhile, dropWhile and filter-then-collect over an ArrayList of 10^6 Integers (args[0] names the
 * case: r... rayon4j, s... the parallel stream, q... the sequential stream); the median call time of
 * the second half of args[1] seconds.
 */
public class TW {
    public static void main(String[] args) {
        int n = 1_000_000;
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        cases.put("r", () -> ParIter.of(list).takeWhile(x -> x < 300_000).count());
        cases.put("rlist", () -> ParIter.of(list).takeWhile(x -> x < 300_000).toList().size());
        cases.put("rfilter", () -> ParIter.of(list).filter(x -> x < 300_000).count());
        cases.put("rfiltertoList", () -> ParIter.of(list).filter(x -> x < 300_000).toList().size());
        cases.put("s", () -> list.parallelStream().takeWhile(x -> x < 300_000).count());
        cases.put("slist", () -> list.parallelStream().takeWhile(x -> x < 300_000).toList().size());
        for (int k : new int[] {60_000, 120_000, 140_000, 300_000}) {
            cases.put("rf" + k, () -> ParIter.of(list).filter(x -> x < k).toList().size());
            cases.put("qf" + k, () -> list.stream().filter(x -> x < k).toList().size());
            cases.put("rfa" + k, () -> ParIter.of(list).filter(x -> x < k).toArray().length);
            cases.put("sf" + k, () -> list.parallelStream().filter(x -> x < k).toList().size());
        }
        cases.put("rspread", () -> ParIter.of(list).filter(x -> x % 10 < 3).toList().size());
        cases.put("qspread", () -> list.stream().filter(x -> x % 10 < 3).toList().size());
        cases.put("sspread", () -> list.parallelStream().filter(x -> x % 10 < 3).toList().size());
        cases.put("rcount3", () -> ParIter.of(list).filter(x -> x < 300_000).count());
        cases.put("scount3", () -> list.parallelStream().filter(x -> x < 300_000).count());
        cases.put("rcoll3", () -> ParIter.of(list).filter(x -> x < 300_000).collect(ArrayList::new, ArrayList::add, ArrayList::addAll).size());
        cases.put("scoll3", () -> list.parallelStream().filter(x -> x < 300_000).collect(ArrayList::new, ArrayList::add, ArrayList::addAll).size());
        cases.put("rarr3", () -> ParIter.of(list).filter(x -> x < 300_000).toArray().length);
        cases.put("sarr3", () -> list.parallelStream().filter(x -> x < 300_000).toArray().length);
        cases.put("qcoll3", () -> list.stream().filter(x -> x < 300_000).collect(ArrayList::new, ArrayList::add, ArrayList::addAll).size());
        cases.put("rdrop", () -> ParIter.of(list).dropWhile(x -> x < 300_000).count());
        cases.put("sdrop", () -> list.parallelStream().dropWhile(x -> x < 300_000).count());
        Supplier<Object> c = cases.get(args[0]);
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long[] t = new long[1 << 20]; int k = 0;
        while (System.nanoTime() < end && k < t.length) { long t0 = System.nanoTime(); Object o = c.get(); t[k++] = System.nanoTime() - t0; if (o == null) throw new AssertionError(); }
        Arrays.sort(t, 0, k / 2 * 2); long[] h = Arrays.copyOfRange(t, k / 2, k); Arrays.sort(h);
        System.out.printf("%s %s median(second half) %.3f ms, calls %d%n", args[0], c.get(), h[h.length / 2] / 1e6, k);
    }
}
