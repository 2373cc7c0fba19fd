/** IntParIter.of(10^7 ints).filter(x -> x % 3 == 0).count() beside the parallel stream, medians of 300 calls after 300 (the stream 300 after 100):
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -Drayon4j.numThreads=2 -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 -cp benchmarks/target/benchmarks.jar:/tmp/fc FilterCountAB */
import io.github.rayon4j.iter.*;
import java.util.*;
public class FilterCountAB {
    public static void main(String[] a) {
        int[] data = new Random(1).ints(10_000_000).toArray();
        long[] t = new long[300]; long sink = 0;
        for (int i = 0; i < 600; i++) {
            long t0 = System.nanoTime();
            sink += IntParIter.of(data).filter(x -> x % 3 == 0).count();
            if (i >= 300) t[i - 300] = System.nanoTime() - t0;
        }
        long[] s = new long[300]; long sink2 = 0;
        for (int i = 0; i < 400; i++) {
            long t0 = System.nanoTime();
            sink2 += Arrays.stream(data).parallel().filter(x -> x % 3 == 0).count();
            if (i >= 100) s[i - 100] = System.nanoTime() - t0;
        }
        Arrays.sort(t); Arrays.sort(s);
        System.out.printf("rayon4j median %.3f ms  stream median %.3f  (%d %d)%n", t[150] / 1e6, s[150] / 1e6, sink, sink2);
    }
}
