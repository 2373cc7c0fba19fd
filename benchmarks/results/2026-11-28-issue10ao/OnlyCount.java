import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;
public class OnlyCount {
    public static void main(String[] args) {
        int n = 1_000_000;
        List<Integer> list = IntStream.range(0, n).boxed().collect(Collectors.toList());
        long end = System.nanoTime() + Long.parseLong(args[0]) * 1_000_000_000L; long best = Long.MAX_VALUE; int calls = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            long r = ParIter.of(list).filter(x -> (x & 7) == 0).count();
            best = Math.min(best, System.nanoTime() - t0); calls++;
            if (r != n / 8) throw new AssertionError();
        }
        System.out.printf("best %.3f ms, %d calls%n", best / 1e6, calls);
    }
}
