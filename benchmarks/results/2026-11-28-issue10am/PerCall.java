import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
/**
 * issue10am: increment-all of 10^6 ints from main, N calls; over the second half, the calls in which
 * no job was stolen (one worker ran the whole call) against the others, and the runs of 20 or more
 * such calls in a row. With starve-hint.patch applied it also prints that probe's counters.
 */
public class PerCall {
    public static void main(String[] args) {
        int[] a = new int[1_000_000];
        int n = Integer.parseInt(args[0]);
        long[] dt = new long[n], st = new long[n], sl = new long[n], wk = new long[n];
        for (int i = 0; i < n; i++) {
            PoolMetrics m0 = Rayon.currentPoolMetrics();
            long t0 = System.nanoTime();
            IntParIter.range(0, a.length).forEach(k -> a[k]++);
            dt[i] = System.nanoTime() - t0;
            PoolMetrics m = Rayon.currentPoolMetrics();
            st[i] = m.jobsStolen() - m0.jobsStolen(); sl[i] = m.sleeps() - m0.sleeps(); wk[i] = m.wakeUps() - m0.wakeUps();
        }
        // runs of calls with no steal, after the first half
        int runStart = -1; long runT = 0, runSl = 0, runWk = 0;
        long zeroCalls = 0, zeroT = 0, otherCalls = 0, otherT = 0;
        for (int i = n / 2; i < n; i++) {
            if (st[i] == 0) { zeroCalls++; zeroT += dt[i]; } else { otherCalls++; otherT += dt[i]; }
            if (st[i] == 0) { if (runStart < 0) { runStart = i; runT = 0; runSl = 0; runWk = 0; } runT += dt[i]; runSl += sl[i]; runWk += wk[i]; }
            if ((st[i] != 0 || i == n - 1) && runStart >= 0) {
                int len = i - runStart;
                if (len >= 20) System.out.printf("run of %d calls with no steal from %d: mean %.1f us, sleeps %d, wakeUps %d; first call's sleeps %d%n", len, runStart, runT / 1e3 / len, runSl, runWk, sl[runStart]);
                runStart = -1;
            }
        }
        try { Class<?> c = Class.forName("io.github.rayon4j.core.sleep.Sleep"); System.out.print("reports " + c.getField("PROBE_REPORTS").get(null) + " parks " + c.getField("PROBE_PARKS").get(null) + "; "); } catch (Exception e) { }
        System.out.printf("no-steal calls %d mean %.1f us; others %d mean %.1f us%n", zeroCalls, zeroT / 1e3 / Math.max(1, zeroCalls), otherCalls, otherT / 1e3 / Math.max(1, otherCalls));
    }
}
