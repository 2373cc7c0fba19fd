import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.util.Arrays;

/**
 * P2 by join form: fib(30) with a join at every level on a one-thread pool, beside the plain
 * recursion in the same JVM, for SECONDS seconds; one form per JVM (FORM = supplier | long).
 * Prints the best and the median of the rounds, and their ratios to the plain recursion's.
 *
 *   java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:. FibForms 6 long
 */
public class FibForms {
    static long fib(int n) {
        if (n < 2) return n;
        Pair<Long, Long> p = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
        return p.left() + p.right();
    }

    static long fibLong(int n) {
        return n < 2 ? n : Rayon.joinLong(() -> fibLong(n - 1), () -> fibLong(n - 2), Long::sum);
    }

    static long seq(int n) {
        return n < 2 ? n : seq(n - 1) + seq(n - 2);
    }

    public static void main(String[] a) {
        int secs = Integer.parseInt(a[0]);
        boolean primitive = a[1].equals("long");
        long[] join = new long[100_000];
        long[] plain = new long[100_000];
        int n = 0;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            long end = System.nanoTime() + secs * 1_000_000_000L;
            while (System.nanoTime() < end && n < join.length) {
                long t0 = System.nanoTime();
                long r = primitive ? pool.install(() -> fibLong(30)) : pool.install(() -> fib(30));
                long t1 = System.nanoTime();
                long s = seq(30);
                long t2 = System.nanoTime();
                if (r != s) throw new AssertionError(r + " != " + s);
                join[n] = t1 - t0;
                plain[n] = t2 - t1;
                n++;
            }
        }
        long[] j = Arrays.copyOf(join, n), p = Arrays.copyOf(plain, n);
        Arrays.sort(j);
        Arrays.sort(p);
        System.out.printf("%s: %d rounds; best %.2f ms / plain %.2f = %.2fx; median %.2f / %.2f = %.2fx%n",
                primitive ? "joinLong" : "Supplier", n, j[0] / 1e6, p[0] / 1e6, (double) j[0] / p[0],
                j[n / 2] / 1e6, p[n / 2] / 1e6, (double) j[n / 2] / p[n / 2]);
    }
}
