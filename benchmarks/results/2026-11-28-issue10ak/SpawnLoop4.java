import io.github.rayon4j.core.*;
public class SpawnLoop4 {
    static long mix(int k) { return k * 0x9E3779B97F4A7C15L; }
    public static void main(String[] a) {
        int n = Integer.parseInt(a[1]); long[] out = new long[n];
        long secs = Long.parseLong(a[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(Integer.getInteger("t", 2)).build()) {
            PoolMetrics m0 = pool.metrics();
            long end = System.nanoTime() + secs * 1_000_000_000L; long ops = 0;
            long t0 = System.nanoTime();
            while (System.nanoTime() < end) {
                pool.install(() -> Rayon.scope(s -> { for (int i = 0; i < n; i++) { int k = i; s.spawn(t -> out[k] = mix(k)); } }));
                ops++;
            }
            PoolMetrics m1 = pool.metrics();
            System.out.printf("n=%d %.4f ms/op %.1f ns/job; stolen/op %.0f sleeps/op %.2f%n", n, (System.nanoTime() - t0) / 1e6 / ops, (System.nanoTime() - t0) / (double) ops / n,
                (m1.jobsStolen() - m0.jobsStolen()) / (double) ops, (m1.sleeps() - m0.sleeps()) / (double) ops);
        }
    }
}
