import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
/**
 * issue10am: increment-all of 10^6 ints from main into the global pool, back to back, in blocks of
 * 1,000 calls; per block the mean time and, from the pool's metrics, the jobs stolen per call (about
 * 2 when both workers share the call, 0 when one worker runs all of it), sleeps and wake-ups.
 * pin.sh pins its threads to show the two placements.
 */
public class Modes {
    public static void main(String[] args) {
        int[] a = new int[1_000_000];
        int per = 1000;
        for (int b = 0; b < Integer.parseInt(args[0]); b++) {
            PoolMetrics m0 = Rayon.currentPoolMetrics();
            long t0 = System.nanoTime();
            for (int i = 0; i < per; i++) IntParIter.range(0, a.length).forEach(k -> a[k]++);
            long dt = System.nanoTime() - t0;
            PoolMetrics m = Rayon.currentPoolMetrics();
            System.out.printf("block %2d %6.1f us/call stolen %.2f executed %.2f sleeps %.3f wakeUps %.3f fruitless %.3f injected %.2f%n", b, dt / 1e3 / per,
                (m.jobsStolen() - m0.jobsStolen()) / (double) per, (m.jobsExecuted() - m0.jobsExecuted()) / (double) per,
                (m.sleeps() - m0.sleeps()) / (double) per, (m.wakeUps() - m0.wakeUps()) / (double) per, (m.fruitlessWakeUps() - m0.fruitlessWakeUps()) / (double) per,
                (m.jobsInjected() - m0.jobsInjected()) / (double) per);
        }
    }
}
