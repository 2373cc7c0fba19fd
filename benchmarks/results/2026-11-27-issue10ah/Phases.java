import io.github.rayon4j.iter.LongParIter;
import java.util.stream.LongStream;
/**
 * issue10ah section 2: a fresh JVM's global pool start ({@code Rayon.currentNumThreads()}, or the
 * common pool for the stream), then two calls of P7's pipeline, each in ms.
 * Usage: {@code java -cp rayon4j-core.jar:rayon4j-iter.jar:phases.jar Phases r|s}.
 */
public class Phases {
    public static void main(String[] a) {
        long t0 = System.nanoTime();
        long r; long t1, t2, t3;
        if (a[0].equals("r")) {
            io.github.rayon4j.core.Rayon.currentNumThreads();
            t1 = System.nanoTime();
            r = LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum();
            t2 = System.nanoTime();
            r += LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum();
            t3 = System.nanoTime();
        } else {
            java.util.concurrent.ForkJoinPool.commonPool();
            t1 = System.nanoTime();
            r = LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum();
            t2 = System.nanoTime();
            r += LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum();
            t3 = System.nanoTime();
        }
        System.out.printf("%s pool %.1f first %.1f second %.1f (%d)%n", a[0], (t1-t0)/1e6, (t2-t1)/1e6, (t3-t2)/1e6, r);
    }
}
