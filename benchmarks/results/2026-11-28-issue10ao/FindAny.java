import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;
public class FindAny {
    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 1_000_000).boxed().collect(Collectors.toList());
        boolean inside = args[0].equals("in");
        long[] t = new long[4000];
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < t.length; i++) {
                long t0 = System.nanoTime();
                Optional<Integer> r = inside ? Rayon.scopeResult(s -> ParIter.of(list).filter(x -> x > 500_000).findAny())
                        : ParIter.of(list).filter(x -> x > 500_000).findAny();
                t[i] = System.nanoTime() - t0;
                if (r.isEmpty()) throw new AssertionError();
            }
        }
        Arrays.sort(t);
        System.out.printf("%s: p10 %.1f  median %.1f  p90 %.1f us%n", args[0], t[400] / 1e3, t[2000] / 1e3, t[3600] / 1e3);
    }
}
