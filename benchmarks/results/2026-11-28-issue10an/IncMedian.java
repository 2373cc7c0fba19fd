import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
/** increment-all of 10^6 from main: warm-up W s, then T s measured; prints median/mean/p10/p90 (us), share of calls with no steal. */
public class IncMedian {
    public static void main(String[] args) {
        double w = Double.parseDouble(args[0]), t = Double.parseDouble(args[1]);
        int[] a = new int[1_000_000];
        long end = System.nanoTime() + (long) (w * 1e9);
        while (System.nanoTime() < end) IntParIter.range(0, a.length).forEach(k -> a[k]++);
        long[] dt = new long[2_000_000]; int n = 0; long noSteal = 0;
        end = System.nanoTime() + (long) (t * 1e9);
        long cpu0 = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        long w0 = System.nanoTime();
        while (System.nanoTime() < end && n < dt.length) {
            long s0 = Rayon.currentPoolMetrics().jobsStolen();
            long t0 = System.nanoTime();
            IntParIter.range(0, a.length).forEach(k -> a[k]++);
            dt[n++] = System.nanoTime() - t0;
            if (Rayon.currentPoolMetrics().jobsStolen() == s0) noSteal++;
        }
        long cpu = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() - cpu0;
        long wall = System.nanoTime() - w0;
        long[] d = Arrays.copyOf(dt, n); Arrays.sort(d); double mean = Arrays.stream(d).average().orElse(0);
        System.out.printf("calls %d median %.1f mean %.1f p10 %.1f p90 %.1f nosteal %.1f%% cpu/wall %.2f%n", n, d[n/2]/1e3, mean/1e3, d[n/10]/1e3, d[n*9/10]/1e3, 100.0*noSteal/n, (double) cpu / wall);
    }
}
