import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class MaxVar {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; b = Math.min(b, t); } return b; }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        Supplier<Object> r = () -> ParIter.of(list).max(Comparator.naturalOrder()).get();
        Supplier<Object> ri = () -> Rayon.scopeResult(sc -> ParIter.of(list).max(Comparator.naturalOrder()).get());
        Supplier<Object> s = () -> list.parallelStream().max(Comparator.naturalOrder()).get();
        Supplier<Object> seq = () -> list.stream().max(Comparator.naturalOrder()).get();
        Integer[] arr = list.toArray(new Integer[0]);
        Supplier<Object> ra = () -> ParIter.of(arr).max(Comparator.naturalOrder()).get();
        Supplier<Object> sa = () -> Arrays.stream(arr).max(Comparator.naturalOrder()).get();
        Supplier<Object> loop = () -> { Integer m = null; for (int i = 0; i < list.size(); i++) { Integer x = list.get(i); if (m == null || x.compareTo(m) > 0) m = x; } return m; };
        for (int w = 0; w < 5; w++) { best(r, 10); best(ri, 10); best(s, 10); best(seq, 3); best(loop, 3); best(ra, 10); best(sa, 3); }
        System.out.printf("array: r %.2f seq %.2f | r %.2f  r-in-pool %.2f  stream %.2f  seqstream %.2f  loop %.2f ms%n", best(ra, 20) / 1e6, best(sa, 10) / 1e6, best(r, 20) / 1e6, best(ri, 20) / 1e6, best(s, 20) / 1e6, best(seq, 10) / 1e6, best(loop, 10) / 1e6);
    }
}
