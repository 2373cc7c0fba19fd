import io.github.rayon4j.core.*;
import java.util.*;
import java.util.concurrent.CountDownLatch;
/** Spare start on a 1-thread pool: blockInPlace entered until a job pushed by the blocked worker runs; the spare cached before each call (a pause), or taken back (calls in a row). */
public class SpareStart {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]); long pauseMs = Long.parseLong(a[1]);
        try (ThreadPool one = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            double[] v = new double[n];
            for (int i = -50; i < n; i++) {
                double s = one.install(SpareStart::once);
                if (i >= 0) v[i] = s;
                if (pauseMs > 0) Thread.sleep(pauseMs);
            }
            Arrays.sort(v);
            System.out.printf("pause %d ms: median %.1f us, p10 %.1f, p90 %.1f%n", pauseMs, v[n / 2], v[n / 10], v[9 * n / 10]);
        }
    }
    static double once() {
        CountDownLatch ran = new CountDownLatch(1);
        long[] t = new long[2];
        Rayon.blockInPlace(() -> {
            t[0] = System.nanoTime();
            Rayon.spawn(() -> { t[1] = System.nanoTime(); ran.countDown(); });
            try { ran.await(); } catch (InterruptedException e) { Thread.currentThread().interrupt(); }
            return null;
        });
        return (t[1] - t[0]) / 1e3;
    }
}
