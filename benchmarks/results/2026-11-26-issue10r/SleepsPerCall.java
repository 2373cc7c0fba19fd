import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.IntParIter;

/**
 * How often the global pool's workers fall asleep and are woken per call when one outside thread
 * calls P1's increment-all ({@code IntParIter.range(0, n).forEach(i -> a[i]++)}) in a loop: four
 * rounds of 2 s, the pool's metrics read (from inside the pool) before and after each.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-26-issue10r/SleepsPerCall.java [n, default 10^6]
 * </pre>
 */
public class SleepsPerCall {
    public static void main(String[] args) {
        int[] a = new int[args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000];
        System.out.println("round,calls,us_per_call,sleeps_per_call,wakeups_per_call,stolen_per_call,injected_per_call");
        for (int r = 0; r < 4; r++) {
            PoolMetrics m0 = Rayon.scopeResult(s -> Rayon.currentPoolMetrics());
            long n = 0;
            long t0 = System.nanoTime();
            long t;
            do {
                IntParIter.range(0, a.length).forEach(i -> a[i]++);
                n++;
                t = System.nanoTime();
            } while (t - t0 < 2_000_000_000L);
            PoolMetrics m1 = Rayon.scopeResult(s -> Rayon.currentPoolMetrics());
            double c = n;
            // Each metrics read is one injected scope job (and may wake a worker): two per round, beside n calls.
            System.out.printf("%d,%d,%.1f,%.2f,%.2f,%.2f,%.2f%n", r, n, (t - t0) / 1000.0 / n,
                    (m1.sleeps() - m0.sleeps()) / c, (m1.wakeUps() - m0.wakeUps()) / c,
                    (m1.jobsStolen() - m0.jobsStolen()) / c, (m1.jobsInjected() - m0.jobsInjected()) / c);
        }
    }
}
