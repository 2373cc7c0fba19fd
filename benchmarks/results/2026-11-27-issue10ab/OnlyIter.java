import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;
public class OnlyIter {
    public static void main(String[] a) {
        List<Integer> src = IntStream.range(0, 200_000).boxed().toList();
        boolean withFlatMap = a.length > 0;
        long best = Long.MAX_VALUE, bestS = Long.MAX_VALUE;
        for (int r = 0; r < 40; r++) {
            if (withFlatMap) ParIter.of(src).flatMap(x -> ParIter.of(List.of(x, x + 1, x + 2))).toList();
            long t0 = System.nanoTime();
            Object o = ParIter.of(src).flatMapIter(x -> List.of(x, x + 1, x + 2)).toList();
            long t = System.nanoTime() - t0; if (r >= 12) best = Math.min(best, t);
            t0 = System.nanoTime();
            o = src.parallelStream().flatMap(x -> Stream.of(x, x + 1, x + 2)).toList();
            t = System.nanoTime() - t0; if (r >= 12) bestS = Math.min(bestS, t);
        }
        System.out.printf("flatMapIter best %.3f  stream best %.3f  (with flatMap calls between: %b)%n", best / 1e6, bestS / 1e6, withFlatMap);
    }
}
