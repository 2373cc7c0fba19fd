import io.github.rayon4j.core.*;
public class Fib1 {
    static long fib(int n) {
        if (n < 2) return n;
        Pair<Long, Long> p = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
        return p.left() + p.right();
    }
    static long seq(int n) { return n < 2 ? n : seq(n - 1) + seq(n - 2); }
    public static void main(String[] a) throws Exception {
        int secs = Integer.parseInt(a[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).jmx(false).build()) {
            long end = System.nanoTime() + secs * 1_000_000_000L; int n = 0; long best = Long.MAX_VALUE, bestSeq = Long.MAX_VALUE;
            while (System.nanoTime() < end) {
                long t0 = System.nanoTime(); long r = pool.install(() -> fib(30)); long t = System.nanoTime() - t0;
                long s0 = System.nanoTime(); long r2 = seq(30); long ts = System.nanoTime() - s0;
                if (r != r2) throw new AssertionError();
                best = Math.min(best, t); bestSeq = Math.min(bestSeq, ts); n++;
            }
            System.out.printf("%d runs: best join %.2f ms, best seq %.2f ms, ratio %.2f%n", n, best / 1e6, bestSeq / 1e6, (double) best / bestSeq);
        }
    }
}
