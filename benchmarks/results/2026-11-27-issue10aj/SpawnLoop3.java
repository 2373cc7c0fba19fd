import io.github.rayon4j.core.*;
public class SpawnLoop3 {
    static final java.util.concurrent.atomic.AtomicLong SHARED = new java.util.concurrent.atomic.AtomicLong();
    static long mix(int k) { return k * 0x9E3779B97F4A7C15L; }
    public static void main(String[] a) {
        int n = 10000; long[] out = new long[n];
        long secs = Long.parseLong(a[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            PoolMetrics m0 = pool.metrics();
            long end = System.nanoTime() + secs * 1_000_000_000L; long ops = 0;
            long t0 = System.nanoTime();
            while (System.nanoTime() < end) {
                pool.install(() -> Rayon.scope(s -> { for (int i = 0; i < n; i++) { int k = i; s.spawn(t -> { out[k] = mix(k); SHARED.getAndIncrement(); }); } }));
                ops++;
            }
            PoolMetrics m1 = pool.metrics();
            System.out.printf("%.4f ms/op over %d ops; per op: executed %.0f stolen %.0f; %s%n", (System.nanoTime() - t0) / 1e6 / ops, ops,
                (m1.jobsExecuted() - m0.jobsExecuted()) / (double) ops, (m1.jobsStolen() - m0.jobsStolen()) / (double) ops, m1);
        }
    }
}
