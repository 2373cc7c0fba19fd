import io.github.rayon4j.core.*;
import java.util.concurrent.atomic.LongAdder;
/** Times scope spawns and Rayon.spawn from inside a 2-thread pool: ns per spawned job. */
public class SpawnAB {
    public static void main(String[] a) {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        int n = 200_000;
        long[] sink = new long[1];
        for (int round = 0; round < 12; round++) {
            long t0 = System.nanoTime();
            pool.install(() -> { Rayon.scope(s -> { for (int i = 0; i < n; i++) { int k = i; s.spawn(x -> { if (k == -1) sink[0]++; }); } }); return null; });
            long t1 = System.nanoTime();
            pool.install(() -> { Rayon.scopeFifo(s -> { for (int i = 0; i < n; i++) { int k = i; s.spawnFifo(x -> { if (k == -1) sink[0]++; }); } }); return null; });
            long t2 = System.nanoTime();
            if (round >= 6) System.out.printf("%s scope %.1f ns/job, scopeFifo %.1f ns/job%n", a[0], (t1 - t0) / (double) n, (t2 - t1) / (double) n);
        }
        pool.close();
    }
}
