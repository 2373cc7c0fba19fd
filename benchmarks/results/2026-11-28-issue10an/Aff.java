import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
/** increment-all 10^6: per call, which worker incremented positions 0, n/4, n/2, 3n/4; call time grouped by whether that map matched the previous call's. */
public class Aff {
    static final int N = 1_000_000;
    static int[] a = new int[N];
    static final int[] owner = new int[4];
    static void r4j() { int[] b = a; IntParIter.range(0, N).forEach(k -> { if ((k & 0x3FFFF) == 0) owner[k >>> 18] = Rayon.currentThreadIndex().orElse(-1); b[k]++; }); }
    public static void main(String[] args) {
        long end = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < end) r4j();
        int n = 100_000; long[] dt = new long[n]; int[] map = new int[n];
        for (int i = 0; i < n; i++) { long t0 = System.nanoTime(); r4j(); dt[i] = System.nanoTime() - t0; map[i] = owner[0] | owner[1] << 2 | owner[2] << 4 | owner[3] << 6; }
        long[] same = new long[n], diff = new long[n]; int ns = 0, nd = 0; int[] counts = new int[256];
        for (int i = 1; i < n; i++) { counts[map[i]]++; if (map[i] == map[i - 1]) same[ns++] = dt[i]; else diff[nd++] = dt[i]; }
        Arrays.sort(same, 0, ns); Arrays.sort(diff, 0, nd);
        System.out.printf("same map %d median %.1f | changed map %d median %.1f%n", ns, ns > 0 ? same[ns / 2] / 1e3 : 0, nd, nd > 0 ? diff[nd / 2] / 1e3 : 0);
        StringBuilder sb = new StringBuilder();
        for (int m = 0; m < 256; m++) if (counts[m] > n / 100) sb.append(String.format("%d%d%d%d:%d ", m & 3, m >> 2 & 3, m >> 4 & 3, m >> 6 & 3, counts[m]));
        System.out.println(sb);
    }
}
