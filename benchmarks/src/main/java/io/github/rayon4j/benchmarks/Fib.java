package io.github.rayon4j.benchmarks;

import io.github.rayon4j.core.Rayon;
import java.util.concurrent.RecursiveTask;

/**
 * Fibonacci by naive recursion, the usual probe of per-join overhead: {@link #joined} joins at every
 * level (no cut-off, so it measures almost nothing but {@code join}), {@link FibTask} does the same with
 * a ForkJoinPool task per call ({@code fork} one side, {@code compute} the other, {@code join}), and
 * {@link #sequential} is the plain recursion both are divided by.
 */
public final class Fib {
    private Fib() { }

    public static long sequential(int n) {
        return n < 2 ? n : sequential(n - 1) + sequential(n - 2);
    }

    public static long joined(int n) {
        if (n < 2) {
            return n;
        }
        var pair = Rayon.join(() -> joined(n - 1), () -> joined(n - 2));
        return pair.left() + pair.right();
    }

    /** {@link #joined} with {@code Rayon.joinLong}: no {@code Long} boxed, no {@code Pair}. */
    public static long joinedLong(int n) {
        if (n < 2) {
            return n;
        }
        return Rayon.joinLong(() -> joinedLong(n - 1), () -> joinedLong(n - 2), Long::sum);
    }

    /** The same recursion a Java user writes by hand for ForkJoinPool. */
    public static final class FibTask extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int n;

        public FibTask(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 2) {
                return (long) n;
            }
            FibTask right = new FibTask(n - 2);
            right.fork();
            long left = new FibTask(n - 1).compute();
            return left + right.join();
        }
    }
}
