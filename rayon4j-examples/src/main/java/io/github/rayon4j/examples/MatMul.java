package io.github.rayon4j.examples;

import io.github.rayon4j.core.Rayon;
import java.util.Random;

/**
 * Dense matrix multiply {@code C = A × B} (n × n, row-major {@code double[]}) by recursive halving:
 * the larger of C's row and column ranges is split and the halves run with {@link Rayon#join}, since
 * they write disjoint parts of C; the inner dimension is split too, but its halves run one after the
 * other because both add into the same block of C. The sequential version is the same recursion with
 * plain calls, so the speed-up measures only the parallelism.
 */
public final class MatMul {
    /** Below this many multiply-adds a block is computed by the plain loop. */
    public static final int LEAF_WORK = 32 * 32 * 32;

    private MatMul() { }

    public static double[] random(int n, long seed) {
        Random random = new Random(seed);
        double[] m = new double[n * n];
        for (int i = 0; i < m.length; i++) {
            m[i] = random.nextDouble() - 0.5;
        }
        return m;
    }

    public static double[] sequential(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        multiply(a, b, c, n, 0, n, 0, n, 0, n, false);
        return c;
    }

    public static double[] parallel(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        multiply(a, b, c, n, 0, n, 0, n, 0, n, true);
        return c;
    }

    /** The same product with a parallel stream over blocks of rows, each multiplied sequentially. */
    public static double[] stream(double[] a, double[] b, int n) {
        double[] c = new double[n * n];
        int rows = Math.max(1, LEAF_WORK / Math.max(1, n * n)); // rows per task, about a leaf of work
        int tasks = (n + rows - 1) / rows;
        java.util.stream.IntStream.range(0, tasks).parallel().forEach(t -> {
            int i0 = t * rows;
            multiply(a, b, c, n, i0, Math.min(n, i0 + rows), 0, n, 0, n, false);
        });
        return c;
    }

    /** Adds A[i0..i1, k0..k1] × B[k0..k1, j0..j1] into C[i0..i1, j0..j1]. */
    public static void multiply(double[] a, double[] b, double[] c, int n,
                         int i0, int i1, int j0, int j1, int k0, int k1, boolean parallel) {
        int di = i1 - i0;
        int dj = j1 - j0;
        int dk = k1 - k0;
        if ((long) di * dj * dk <= LEAF_WORK) {
            leaf(a, b, c, n, i0, i1, j0, j1, k0, k1);
        } else if (dk >= di && dk >= dj) {
            int km = (k0 + k1) >>> 1;
            multiply(a, b, c, n, i0, i1, j0, j1, k0, km, parallel);
            multiply(a, b, c, n, i0, i1, j0, j1, km, k1, parallel);
        } else if (di >= dj) {
            int im = (i0 + i1) >>> 1;
            Runnable top = () -> multiply(a, b, c, n, i0, im, j0, j1, k0, k1, parallel);
            Runnable bottom = () -> multiply(a, b, c, n, im, i1, j0, j1, k0, k1, parallel);
            both(top, bottom, parallel);
        } else {
            int jm = (j0 + j1) >>> 1;
            Runnable left = () -> multiply(a, b, c, n, i0, i1, j0, jm, k0, k1, parallel);
            Runnable right = () -> multiply(a, b, c, n, i0, i1, jm, j1, k0, k1, parallel);
            both(left, right, parallel);
        }
    }

    private static void both(Runnable x, Runnable y, boolean parallel) {
        if (parallel) {
            // The two blocks of C are disjoint: let an idle worker steal one of them.
            Rayon.join(x, y);
        } else {
            x.run();
            y.run();
        }
    }

    /** i-k-j order: the innermost loop walks rows of B and C contiguously. */
    public static void leaf(double[] a, double[] b, double[] c, int n,
                     int i0, int i1, int j0, int j1, int k0, int k1) {
        for (int i = i0; i < i1; i++) {
            int row = i * n;
            for (int k = k0; k < k1; k++) {
                double aik = a[row + k];
                int brow = k * n;
                for (int j = j0; j < j1; j++) {
                    c[row + j] += aik * b[brow + j];
                }
            }
        }
    }
}
