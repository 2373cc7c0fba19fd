import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;
public class FS2 {
    static double work(int x) { double d = x; for (int i = 0; i < 20; i++) d = Math.sqrt(d + i); return d; }
    public static void main(String[] args) {
        List<Integer> list = IntStream.range(0, 200_000).boxed().collect(Collectors.toList());
        for (String m : new String[] {"head", "mapped", "head", "mapped"}) {
            long best = Long.MAX_VALUE;
            for (int k = 0; k < 40; k++) {
                long t0 = System.nanoTime();
                double s = m.equals("head") ? ParIter.fromStream(list.stream()).mapToDouble(FS2::work).sum()
                        : ParIter.fromStream(list.stream().map(x -> x)).mapToDouble(FS2::work).sum();
                best = Math.min(best, System.nanoTime() - t0);
            }
            System.out.printf("fromStream(list.stream()%s): best %.2f ms%n", m.equals("head") ? "" : ".map(x -> x)", best / 1e6);
        }
    }
}
