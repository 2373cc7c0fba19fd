import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Dist {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); } return b; }
    public static void main(String[] args) {
        Random rnd = new Random(1);
        List<Integer> random = IntStream.range(0, 1_000_000).map(i -> rnd.nextInt()).boxed().toList();
        Supplier<Object> r = () -> ParIter.of(random).distinct().count();
        Supplier<Object> s = () -> random.parallelStream().distinct().count();
        for (int w = 0; w < 3; w++) { best(r, 3); best(s, 3); }
        for (int k = 0; k < 2; k++) System.out.printf("all distinct: rayon4j %.1f ms, stream %.1f ms%n", best(r, 8) / 1e6, best(s, 8) / 1e6);
    }
}
