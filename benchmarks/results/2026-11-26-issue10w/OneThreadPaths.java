import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
/**
 * The same sum of 10^6 (OneCall.java) three ways in one JVM with a one-thread global pool: called
 * from main, inside {@code ThreadPool(1).install}, and as a plain loop; medians of 2 s each,
 * three rounds.
 * <pre>
 * java -Drayon4j.numThreads=1 -Xms1g -Xmx1g -cp benchmarks.jar:. OneThreadPaths
 * </pre>
 */
public class OneThreadPaths {
    static volatile long sink;
    static double med(Runnable r) {
        long end = System.nanoTime() + 2_000_000_000L; List<Long> t = new ArrayList<>();
        while (System.nanoTime() < end) { long t0 = System.nanoTime(); r.run(); t.add(System.nanoTime() - t0); }
        Collections.sort(t); return t.get(t.size() / 2) / 1e3;
    }
    public static void main(String[] x) {
        int[] a = new int[1_000_000];
        ThreadPool p1 = new ThreadPoolBuilder().numThreads(1).build();
        Runnable fromMain = () -> sink = IntParIter.range(0, a.length).map(i -> a[i] + 1).sum();
        Runnable inPool = () -> sink = p1.install(() -> IntParIter.range(0, a.length).map(i -> a[i] + 1).sum());
        Runnable seq = () -> { long s = 0; for (int i = 0; i < a.length; i++) s += a[i] + 1; sink = s; };
        for (int r = 0; r < 3; r++)
            System.out.printf("global(1) from main %.1f | ThreadPool(1).install %.1f | loop %.1f us%n", med(fromMain), med(inPool), med(seq));
    }
}
