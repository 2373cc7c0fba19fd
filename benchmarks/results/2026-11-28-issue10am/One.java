import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
/** issue10am section 4: increment-all of 10^6 inside a pool of N, 20000 calls back to back; mean of the last 10000. */
public class One {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int[] a = new int[1_000_000];
        ThreadPool pool = new ThreadPoolBuilder().numThreads(n).build();
        double r = pool.install(() -> {
            long t0 = 0;
            for (int i = 0; i < 20000; i++) {
                if (i == 10000) t0 = System.nanoTime();
                IntParIter.range(0, a.length).forEach(k -> a[k]++);
            }
            return (System.nanoTime() - t0) / 1e3 / 10000;
        });
        System.out.printf("pool(%d) inside: %.1f us/call%n", n, r);
        pool.close();
    }
}
