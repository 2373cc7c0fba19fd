import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Prim {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; b = Math.min(b, t); } return b; }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[1]);
        boolean par = Integer.getInteger("rayon4j.numThreads", 2) > 1;
        int[] a = IntStream.range(0, n).map(i -> i * 7 % 1000).toArray();
        Supplier<Object> r, s;
        switch (args[0]) {
            case "rangeObjMax" -> { r = () -> IntParIter.range(0, n).mapToObj(Integer::valueOf).max(Comparator.naturalOrder()).get(); s = () -> (par ? IntStream.range(0, n).parallel() : IntStream.range(0, n)).mapToObj(Integer::valueOf).max(Comparator.naturalOrder()).get(); }
            case "arrayObjMax" -> { r = () -> IntParIter.of(a).mapToObj(Integer::valueOf).max(Comparator.naturalOrder()).get(); s = () -> (par ? IntStream.of(a).parallel() : IntStream.of(a)).mapToObj(Integer::valueOf).max(Comparator.naturalOrder()).get(); }
            case "rangeToArray" -> { r = () -> IntParIter.range(0, n).mapToObj(Integer::toString).toArray(String[]::new).length; s = () -> (par ? IntStream.range(0, n).parallel() : IntStream.range(0, n)).mapToObj(Integer::toString).toArray(String[]::new).length; }
            default -> { r = () -> IntParIter.of(a).boxed().collect(Collectors.toSet()).size(); s = () -> (par ? IntStream.of(a).parallel() : IntStream.of(a)).boxed().collect(Collectors.toSet()).size(); }
        }
        for (int w = 0; w < 5; w++) { best(r, 10); best(s, 10); }
        System.out.printf("%-13s n=%d  rayon4j %.3f  stream %.3f ms%n", args[0], n, best(r, 20) / 1e6, best(s, 20) / 1e6);
    }
}
