import io.github.rayon4j.iter.*;
import java.util.*;
/**
 * What a pipeline called from main costs when the global pool has one thread: {@code
 * IntParIter.range(0, n).map(i -> a[i] + 1).sum()} for n = 1,000 and 10^6, back to back for 3 s
 * each; the median. With {@code -Dguests=true} the global pool is built with {@code
 * callerRuns(true)} first.
 * <pre>
 * java -Drayon4j.numThreads=1 [-Dguests=true] -Xms1g -Xmx1g -cp benchmarks.jar:. OneCall
 * </pre>
 */
public class OneCall {
    static volatile long sink;
    public static void main(String[] x) {
        if (Boolean.getBoolean("guests")) {
            new io.github.rayon4j.core.ThreadPoolBuilder().numThreads(1).callerRuns(true).buildGlobal();
        }
        int[] a = new int[1_000_000];
        for (int n : new int[] {1_000, 1_000_000}) {
            long end = System.nanoTime() + 3_000_000_000L; List<Long> t = new ArrayList<>();
            while (System.nanoTime() < end) { long t0 = System.nanoTime(); sink = IntParIter.range(0, n).map(i -> a[i] + 1).sum(); t.add(System.nanoTime() - t0); }
            Collections.sort(t);
            System.out.printf("n=%d: %d calls, median %.2f us%n", n, t.size(), t.get(t.size() / 2) / 1e3);
        }
    }
}
