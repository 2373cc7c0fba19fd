import io.github.rayon4j.iter.ParSort;
import java.util.*;
import java.util.function.*;

/**
 * ParSort.sortUnstable against Arrays.parallelSort on 10^7 longs and 2·10^6 ints: random,
 * ascending, strictly descending, ascending with one pair swapped in the middle, and (longs) four
 * sorted runs of random values one after the other, in one JVM.
 * Every call sorts a fresh copy (the copy is inside the time, the same for both). Rounds
 * alternate the cases; after 3 warm-up rounds, 7 timed rounds of 3 calls each: the median and
 * the best of the 21 calls per case. An argument keeps only the cases whose name contains it.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/psort PrimitiveSorts.java
 *   java -Xms3g -Xmx3g -XX:+AlwaysPreTouch -Drayon4j.numThreads=2 -cp benchmarks/target/benchmarks.jar:/tmp/psort PrimitiveSorts
 */
public class PrimitiveSorts {
    public static void main(String[] args) {
        Random rnd = new Random(5);
        long[] lr = rnd.longs(10_000_000).toArray();
        long[] la = lr.clone();
        Arrays.sort(la);
        long[] ld = new long[la.length];
        for (int i = 0; i < la.length; i++) ld[i] = la[la.length - 1 - i];
        long[] l1 = la.clone();
        swapMiddle(l1);
        long[] l4 = lr.clone();
        for (int k = 0; k < 4; k++) {
            Arrays.sort(l4, k * l4.length / 4, (k + 1) * l4.length / 4);
        }
        int[] ir = rnd.ints(2_000_000).toArray();
        int[] ia = ir.clone();
        Arrays.sort(ia);
        int[] id = new int[ia.length];
        for (int i = 0; i < ia.length; i++) id[i] = ia[ia.length - 1 - i];
        Map<String, Supplier<Object>> cases = new LinkedHashMap<>();
        for (Object[] c : new Object[][] {{"long random", lr}, {"long ascending", la}, {"long descending", ld}, {"long one pair off", l1}, {"long four sorted runs", l4},
                {"int random", ir}, {"int ascending", ia}, {"int descending", id}}) {
            String name = (String) c[0];
            Object in = c[1];
            if (in instanceof long[] l) {
                cases.put(name + " ParSort", () -> { long[] x = l.clone(); ParSort.sortUnstable(x); return x; });
                cases.put(name + " parallelSort", () -> { long[] x = l.clone(); Arrays.parallelSort(x); return x; });
            } else {
                int[] a = (int[]) in;
                cases.put(name + " ParSort", () -> { int[] x = a.clone(); ParSort.sortUnstable(x); return x; });
                cases.put(name + " parallelSort", () -> { int[] x = a.clone(); Arrays.parallelSort(x); return x; });
            }
        }
        if (args.length > 0) {
            cases.keySet().removeIf(name -> !name.contains(args[0]));
        }
        Map<String, List<Long>> times = new LinkedHashMap<>();
        for (int round = 0; round < 10; round++) {
            for (Map.Entry<String, Supplier<Object>> e : cases.entrySet()) {
                for (int k = 0; k < 3; k++) {
                    long t0 = System.nanoTime();
                    Object o = e.getValue().get();
                    long t = System.nanoTime() - t0;
                    if (o == null) throw new Error();
                    if (round >= 3) times.computeIfAbsent(e.getKey(), x -> new ArrayList<>()).add(t);
                }
            }
        }
        for (Map.Entry<String, List<Long>> e : times.entrySet()) {
            List<Long> t = e.getValue();
            Collections.sort(t);
            System.out.printf("%-32s median %8.2f ms  best %8.2f ms%n", e.getKey(), t.get(t.size() / 2) / 1e6, t.get(0) / 1e6);
        }
    }

    private static void swapMiddle(long[] a) {
        int m = a.length / 2;
        long t = a[m];
        a[m] = a[m + 1];
        a[m + 1] = t;
    }
}
