import io.github.rayon4j.core.*;
import java.util.*;

public class JoinProbe {
    static volatile long sink;
    public static void main(String[] args) throws Exception {
        boolean cr = args[0].equals("on");
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).callerRuns(cr).build()) {
            double[] lat = new double[60]; int stolen = 0;
            for (int r = 0; r < 85; r++) {
                Thread.sleep(20);
                long[] bStart = new long[1]; Thread[] bThread = new Thread[1]; Thread[] aThread = new Thread[1];
                long t0 = System.nanoTime();
                pool.join(() -> { aThread[0] = Thread.currentThread(); long e = System.nanoTime() + 2_000_000; while (System.nanoTime() < e) { } },
                          () -> { bStart[0] = System.nanoTime(); bThread[0] = Thread.currentThread(); long e = System.nanoTime() + 1_000_000; while (System.nanoTime() < e) { } });
                if (r >= 25) { lat[r - 25] = (bStart[0] - t0) / 1e3; if (bThread[0] != aThread[0]) stolen++; }
            }
            Arrays.sort(lat);
            System.out.printf("%s: B starts after %.0f us (median), p10 %.0f, p90 %.0f; B stolen in %d of 60%n", cr ? "on " : "off", lat[30], lat[6], lat[54], stolen);
        }
    }
}
