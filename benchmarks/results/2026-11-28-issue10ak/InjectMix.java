import io.github.rayon4j.core.*;
import java.util.concurrent.atomic.*;
/** Outside threads each install a small job (a join of two ~20 µs halves) in a loop: calls per second and wake-ups. */
public class InjectMix {
    static volatile long sink;
    static long work(int n) { long x = n; for (int i = 0; i < n; i++) x = x * 6364136223846793005L + 1442695040888963407L; return x; }
    public static void main(String[] a) throws Exception {
        int callers = Integer.parseInt(a[0]); int secs = Integer.parseInt(a[1]); int n = Integer.parseInt(a[2]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            java.util.concurrent.atomic.LongAdder calls = new java.util.concurrent.atomic.LongAdder(); AtomicBoolean stop = new AtomicBoolean();
            Thread[] ts = new Thread[callers];
            for (int c = 0; c < callers; c++) { ts[c] = new Thread(() -> { while (!stop.get()) { pool.install(() -> { Rayon.join(() -> sink = work(n), () -> sink = work(n)); }); calls.increment(); } }); }
            Thread.sleep(0);
            for (Thread t : ts) t.start();
            Thread.sleep(2000); // warm-up
            PoolMetrics m0 = pool.metrics(); long c0 = calls.sum(); long t0 = System.nanoTime();
            Thread.sleep(secs * 1000L); stop.set(true); for (Thread t : ts) t.join();
            long t1 = System.nanoTime(); PoolMetrics m1 = pool.metrics();
            double k = calls.sum() - c0;
            System.out.printf("callers %d n %d: %.0f calls/s; per call: wakeUps %.3f fruitless %.3f sleeps %.3f stolen %.3f%n", callers, n, k / ((t1 - t0) / 1e9),
                (m1.wakeUps() - m0.wakeUps()) / k, (m1.fruitlessWakeUps() - m0.fruitlessWakeUps()) / k, (m1.sleeps() - m0.sleeps()) / k, (m1.jobsStolen() - m0.jobsStolen()) / k);
        }
    }
}
