import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
/** issue10am: per-call times of increment-all of 10^6 from outside, in blocks; prints each block's percentiles. */
public class Dist {
    public static void main(String[] args) {
        int[] a = new int[1_000_000];
        int per = 2000;
        for (int b = 0; b < Integer.parseInt(args[0]); b++) {
            long[] t = new long[per];
            for (int i = 0; i < per; i++) { long t0 = System.nanoTime(); IntParIter.range(0, a.length).forEach(k -> a[k]++); t[i] = System.nanoTime() - t0; }
            long sum = 0; for (long x : t) sum += x; Arrays.sort(t);
            System.out.printf("block %d mean %.1f p10 %.1f p50 %.1f p90 %.1f p99 %.1f max %.1f%n", b, sum / 1e3 / per, t[per / 10] / 1e3, t[per / 2] / 1e3, t[per * 9 / 10] / 1e3, t[per * 99 / 100] / 1e3, t[per - 1] / 1e3);
        }
    }
}
