import io.github.rayon4j.core.*;
import io.github.rayon4j.benchmarks.Fib;
public class FibProbe {
    public static void main(String[] a) {
        int reps = Integer.parseInt(a[0]);
        try (ThreadPool p = new ThreadPoolBuilder().numThreads(1).build()) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                long r = p.install(() -> Fib.joined(30));
                long t1 = System.nanoTime();
                sb.append(String.format("%.1f ", (t1 - t0) / 1e6));
            }
            System.out.println(sb);
        }
    }
}
