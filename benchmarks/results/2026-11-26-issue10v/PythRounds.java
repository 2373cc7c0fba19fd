import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;

public class PythRounds {
    static long triplesWith(int a, int n) {
        long count = 0; long aa = (long) a * a;
        for (int b = a + 1; b <= n; b++) { long cc = aa + (long) b * b; long c = (long) Math.sqrt((double) cc); if (c <= n && c * c == cc) count++; }
        return count;
    }
    public static void main(String[] args) throws Exception {
        boolean cr = args[0].equals("on");
        boolean withStream = args[1].equals("stream");
        new ThreadPoolBuilder().numThreads(2).callerRuns(cr).buildGlobal();
        int n = 3000;
        List<Double> r4 = new ArrayList<>(), st = new ArrayList<>();
        long end = System.nanoTime() + 12_000_000_000L, warm = System.nanoTime() + 4_000_000_000L;
        while (System.nanoTime() < end) {
            long roundEnd = System.nanoTime() + 100_000_000;
            while (System.nanoTime() < roundEnd) {
                long t0 = System.nanoTime();
                IntParIter.range(1, n + 1).mapToLong(a -> triplesWith(a, n)).sum();
                if (t0 > warm) r4.add((System.nanoTime() - t0) / 1e6);
            }
            if (withStream) {
                roundEnd = System.nanoTime() + 100_000_000;
                while (System.nanoTime() < roundEnd) {
                    long t0 = System.nanoTime();
                    IntStream.rangeClosed(1, n).parallel().mapToLong(a -> triplesWith(a, n)).sum();
                    if (t0 > warm) st.add((System.nanoTime() - t0) / 1e6);
                }
            }
        }
        Collections.sort(r4); Collections.sort(st);
        System.out.printf("%s %s: rayon4j median %.2f ms (%d calls)%s%n", cr ? "on " : "off", args[1], r4.get(r4.size() / 2), r4.size(),
                st.isEmpty() ? "" : String.format(", stream %.2f ms", st.get(st.size() / 2)));
    }
}
