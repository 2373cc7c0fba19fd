import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Obj {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; if (o == null) throw new AssertionError(); b = Math.min(b, t); } return b; }
    static void cmp(String name, Supplier<Object> r, Supplier<Object> s) {
        Object a = r.get(), b = s.get();
        if (!Objects.equals(a, b)) System.out.println("  MISMATCH " + name + " " + a + " vs " + b);
        for (int w = 0; w < 5; w++) { best(r, 10); best(s, 10); }
        long tr = best(r, 20), ts = best(s, 20);
        System.out.printf("%-34s rayon4j %8.3f ms  stream %8.3f ms  stream/rayon4j %.2f%n", name, tr / 1e6, ts / 1e6, (double) ts / tr);
    }
    static double[] D; static double[] dArr(int n) { if (D == null) D = new java.util.Random(1).doubles(n).toArray(); return D; }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[1]);
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        Integer[] arr = list.toArray(new Integer[0]);
        switch (args[0]) {
            case "count" -> cmp("list filter count " + n, () -> ParIter.of(list).filter(x -> (x & 7) == 0).count(), () -> list.parallelStream().filter(x -> (x & 7) == 0).count());
            case "acount" -> cmp("array filter count " + n, () -> ParIter.of(arr).filter(x -> (x & 7) == 0).count(), () -> Arrays.stream(arr).parallel().filter(x -> (x & 7) == 0).count());
            case "max" -> cmp("list max " + n, () -> ParIter.of(list).max(Comparator.naturalOrder()).get(), () -> list.parallelStream().max(Comparator.naturalOrder()).get());
            case "amax" -> cmp("array max " + n, () -> ParIter.of(arr).max(Comparator.naturalOrder()).get(), () -> Arrays.stream(arr).parallel().max(Comparator.naturalOrder()).get());
            case "seqmax" -> cmp("list max seq-vs-seq " + n, () -> list.stream().max(Comparator.naturalOrder()).get(), () -> list.stream().max(Comparator.naturalOrder()).get());
            case "sum" -> cmp("list mapToLong sum " + n, () -> ParIter.of(list).mapToLong(x -> x).sum(), () -> list.parallelStream().mapToLong(x -> x).sum());
            case "reduce" -> cmp("list reduce sum " + n, () -> ParIter.of(list).reduce(0, Integer::sum), () -> list.parallelStream().reduce(0, Integer::sum));
            case "avg" -> cmp("range average " + n, () -> IntParIter.range(0, n).average().getAsDouble(), () -> IntStream.range(0, n).parallel().average().getAsDouble());
            case "lavg" -> cmp("long range average " + n, () -> LongParIter.range(0, n).average().getAsDouble(), () -> LongStream.range(0, n).parallel().average().getAsDouble());
            case "davg" -> cmp("double array average " + n, () -> DoubleParIter.of(dArr(n)).average().getAsDouble() > 0, () -> Arrays.stream(dArr(n)).parallel().average().getAsDouble() > 0);
            case "dmavg" -> { double[] d = new java.util.Random(1).doubles(n).toArray(); cmp("double map average " + n, () -> (double) Math.round(DoubleParIter.of(d).map(x -> x * 2).average().getAsDouble() * 1e9), () -> (double) Math.round(Arrays.stream(d).parallel().map(x -> x * 2).average().getAsDouble() * 1e9)); }
            case "lstats" -> cmp("long range stats " + n, () -> LongParIter.range(0, n).map(x -> x ^ 5).summaryStatistics().toString(), () -> LongStream.range(0, n).parallel().map(x -> x ^ 5).summaryStatistics().toString());
            case "stats" -> cmp("range stats max " + n, () -> IntParIter.range(0, n).map(x -> x ^ 5).summaryStatistics().getMax(), () -> IntStream.range(0, n).parallel().map(x -> x ^ 5).summaryStatistics().getMax());
        }
    }
}
