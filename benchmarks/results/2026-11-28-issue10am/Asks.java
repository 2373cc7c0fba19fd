import io.github.rayon4j.iter.IntParIter;
/**
 * issue10am section 4: how often the fused leaves of increment-all of 10^6 ask Rayon.isWorkWanted()
 * per call, and how often the answer is yes; needs a build with asks.patch (its Fuse.ASKS, Fuse.YES).
 * javac -cp JAR -d DIR Asks.java; java -Xms1g -Xmx1g -Drayon4j.numThreads=2 -cp JAR:DIR Asks
 */
public class Asks {
    public static void main(String[] args) throws Exception {
        int[] a = new int[1_000_000];
        Class<?> f = Class.forName("io.github.rayon4j.iter.Fuse");
        java.util.concurrent.atomic.LongAdder asks = (java.util.concurrent.atomic.LongAdder) f.getField("ASKS").get(null);
        java.util.concurrent.atomic.LongAdder yes = (java.util.concurrent.atomic.LongAdder) f.getField("YES").get(null);
        for (int b = 0; b < 12; b++) {
            long a0 = asks.sum(), y0 = yes.sum(), t0 = System.nanoTime();
            for (int i = 0; i < 5000; i++) IntParIter.range(0, a.length).forEach(k -> a[k]++);
            System.out.printf("block %d: %.1f us/call, asks %.2f, yes %.2f per call%n", b, (System.nanoTime() - t0) / 1e3 / 5000, (asks.sum() - a0) / 5000.0, (yes.sum() - y0) / 5000.0);
        }
    }
}
