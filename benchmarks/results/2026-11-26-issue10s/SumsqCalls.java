import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.LongParIter;

/**
 * P3b's sum of squares (PeerCases' {@code LongParIter.range(0, 5e7).map(x -> x * x % 7).sum()})
 * call by call on a pool of THREADS, each call followed by the same sum as a plain loop on the
 * calling thread; prints {@code pool/loop} in ms for 40 calls.
 * <pre>{@code
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10s/SumsqCalls.java THREADS
 * }</pre>
 */
public class SumsqCalls {
    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        long n = 50_000_000L;
        StringBuilder sb = new StringBuilder();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            for (int i = 0; i < 40; i++) {
                long t0 = System.nanoTime();
                long s = pool.install(() -> LongParIter.range(0, n).map(x -> x * x % 7).sum());
                long t1 = System.nanoTime();
                long u0 = System.nanoTime();
                long s2 = 0;
                for (long x = 0; x < n; x++) s2 += x * x % 7;
                long u1 = System.nanoTime();
                if (s != s2) throw new AssertionError();
                sb.append(String.format("%.0f/%.0f ", (t1 - t0) / 1e6, (u1 - u0) / 1e6));
            }
        }
        System.out.println(sb);
    }
}
