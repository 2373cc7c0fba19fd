import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.stream.IntStream;
/** Time to speed in a fresh JVM: increment-all of 10^6, 20,000 calls of one form ("r4j" or "stream"); per block of 1,000 calls the median (us) and the block's end time (ms since the first call). */
public class Warm {
    public static void main(String[] args) throws Exception {
        if (Boolean.getBoolean("nocopy")) {
            java.lang.reflect.Method m = Class.forName("io.github.rayon4j.iter.Fuse$Shapes").getDeclaredMethod("copyAfter", long.class);
            m.setAccessible(true); m.invoke(null, Long.MAX_VALUE);
        }
        boolean r4j = args[0].equals("r4j");
        int[] a = new int[1_000_000];
        long[] d = new long[1000]; StringBuilder sb = new StringBuilder();
        long start = System.nanoTime();
        for (int b = 0; b < 20; b++) {
            for (int i = 0; i < 1000; i++) {
                long t0 = System.nanoTime();
                if (r4j) IntParIter.range(0, a.length).forEach(k -> a[k]++); else IntStream.range(0, a.length).parallel().forEach(k -> a[k]++);
                d[i] = System.nanoTime() - t0;
            }
            Arrays.sort(d);
            sb.append(String.format(" %.0f@%d", d[500] / 1e3, (System.nanoTime() - start) / 1_000_000));
        }
        System.out.println(args[0] + ":" + sb);
    }
}
