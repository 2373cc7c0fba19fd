package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.MatMul;
import io.github.rayon4j.iter.IntParIter;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Dense n × n matrix multiply. {@code rayon4j} is the row-parallel loop a stream user writes
 * ({@code IntParIter.range(0, n).forEach(row)}), the same kernel as {@code parallelStream}
 * ({@code IntStream.range(0, n).parallel().forEach(row)}), so the pair compares the libraries and
 * nothing else; {@code rayon4jRecursive} is the recursive {@code join} version of rayon4j-examples
 * (blocks of 32 × 32 × 32), compared with the same recursion as ForkJoinPool RecursiveActions
 * ({@code forkJoin}) and run sequentially ({@code sequential}). All share the leaf loop (i-k-j order).
 */
public class MatMulBench extends KernelBench {
    @Param({"512"})
    public int n;

    private double[] a;
    private double[] b;

    @Setup
    public void create() {
        a = MatMul.random(n, 1);
        b = MatMul.random(n, 2);
    }

    @Benchmark
    public double[] rayon4j() {
        double[] c = new double[n * n];
        IntParIter.range(0, n).forEach(i -> MatMul.leaf(a, b, c, n, i, i + 1, 0, n, 0, n));
        return c;
    }

    @Benchmark
    public double[] rayon4jRecursive() {
        return MatMul.parallel(a, b, n);
    }

    @Benchmark
    public double[] forkJoin() {
        double[] c = new double[n * n];
        forkJoin.invoke(new Multiply(a, b, c, n, 0, n, 0, n));
        return c;
    }

    @Benchmark
    public double[] parallelStream() {
        double[] c = new double[n * n];
        IntStream.range(0, n).parallel().forEach(i -> MatMul.leaf(a, b, c, n, i, i + 1, 0, n, 0, n));
        return c;
    }

    @Benchmark
    public double[] sequential() {
        return MatMul.sequential(a, b, n);
    }

    /** Splits C's rows and columns like MatMul.multiply; k is split sequentially inside the leaves. */
    static final class Multiply extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final double[] a;
        private final double[] b;
        private final double[] c;
        private final int n;
        private final int i0;
        private final int i1;
        private final int j0;
        private final int j1;

        Multiply(double[] a, double[] b, double[] c, int n, int i0, int i1, int j0, int j1) {
            this.a = a;
            this.b = b;
            this.c = c;
            this.n = n;
            this.i0 = i0;
            this.i1 = i1;
            this.j0 = j0;
            this.j1 = j1;
        }

        @Override
        protected void compute() {
            int di = i1 - i0;
            int dj = j1 - j0;
            if ((long) di * dj * n <= MatMul.LEAF_WORK || (di <= 32 && dj <= 32)) {
                MatMul.multiply(a, b, c, n, i0, i1, j0, j1, 0, n, false);
            } else if (di >= dj) {
                int im = (i0 + i1) >>> 1;
                invokeAll(new Multiply(a, b, c, n, i0, im, j0, j1), new Multiply(a, b, c, n, im, i1, j0, j1));
            } else {
                int jm = (j0 + j1) >>> 1;
                invokeAll(new Multiply(a, b, c, n, i0, i1, j0, jm), new Multiply(a, b, c, n, i0, i1, jm, j1));
            }
        }
    }
}
