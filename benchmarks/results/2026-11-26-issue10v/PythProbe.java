import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.atomic.*;

public class PythProbe {
    static long triplesWith(int a, int n) {
        long count = 0; long aa = (long) a * a;
        for (int b = a + 1; b <= n; b++) { long cc = aa + (long) b * b; long c = (long) Math.sqrt((double) cc); if (c <= n && c * c == cc) count++; }
        return count;
    }
    public static void main(String[] args) throws Exception {
        boolean cr = args[0].equals("on");
        int gapMs = Integer.parseInt(args[1]);
        int n = 3000;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).callerRuns(cr).build()) {
            int slots = pool.maxThreads();
            AtomicLongArray first = new AtomicLongArray(slots);
            AtomicLongArray work = new AtomicLongArray(slots);
            double[] wall = new double[200], second = new double[200], share = new double[200];
            for (int r = 0; r < 400; r++) {
                if (gapMs > 0) Thread.sleep(gapMs);
                for (int i = 0; i < slots; i++) { first.set(i, 0); work.set(i, 0); }
                long t0 = System.nanoTime();
                long s = pool.install(() -> IntParIter.range(1, n + 1).mapToLong(a -> {
                    int t = Rayon.currentThreadIndex().getAsInt();
                    first.compareAndSet(t, 0, System.nanoTime());
                    work.addAndGet(t, n - a);
                    return triplesWith(a, n);
                }).sum());
                long t1 = System.nanoTime();
                if (r < 200) continue;
                int k = r - 200;
                long f1 = Long.MAX_VALUE, f2 = Long.MAX_VALUE, tot = 0, mx = 0;
                for (int i = 0; i < slots; i++) if (first.get(i) != 0) {
                    long f = first.get(i); if (f < f1) { f2 = f1; f1 = f; } else if (f < f2) f2 = f;
                    tot += work.get(i); mx = Math.max(mx, work.get(i));
                }
                wall[k] = (t1 - t0) / 1e6; second[k] = f2 == Long.MAX_VALUE ? 99999 : (f2 - t0) / 1e3; share[k] = mx / (double) tot;
            }
            Arrays.sort(wall); Arrays.sort(second); Arrays.sort(share);
            System.out.printf("%s gap %d ms: wall %.2f ms (p10 %.2f p90 %.2f) | 2nd thread starts %.0f us (p90 %.0f) | busiest share %.2f%n",
                cr ? "on " : "off", gapMs, wall[100], wall[20], wall[180], second[100], second[180], share[100]);
        }
    }
}
