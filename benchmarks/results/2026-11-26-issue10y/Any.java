import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Any {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); b = Math.min(b, System.nanoTime() - t0); } return b; }
    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 1_000_000).boxed().collect(Collectors.toList());
        Supplier<Object> r = () -> ParIter.of(list).filter(x -> x % 2 == 0).anyMatch(x -> x < 0);
        Supplier<Object> s = () -> list.parallelStream().filter(x -> x % 2 == 0).anyMatch(x -> x < 0);
        Supplier<Object> q = () -> { for (Integer x : list) if (x % 2 == 0 && x < 0) return true; return false; };
        for (int w = 0; w < 5; w++) { best(r, 10); best(s, 10); best(q, 10); }
        for (int k = 0; k < 3; k++) System.out.printf("rayon4j %.3f ms, stream %.3f ms, loop %.3f ms%n", best(r, 20) / 1e6, best(s, 20) / 1e6, best(q, 20) / 1e6);
    }
}
