package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Life;
import java.util.concurrent.RecursiveAction;
import java.util.stream.IntStream;
import org.eclipse.collections.api.block.procedure.Procedure;
import org.eclipse.collections.impl.list.Interval;
import org.eclipse.collections.impl.parallel.ParallelIterate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Ten generations of Conway's life on a torus: rayon4j's row-parallel version from rayon4j-examples vs
 * the same rows through {@code IntStream.parallel().forEach}, RecursiveActions splitting the rows,
 * Eclipse Collections {@code ParallelIterate.forEach} over an {@code Interval} of rows and the sequential
 * loop. Fair: every version calls the same {@code Life.row} on the same board; EC boxes the row index by
 * its design (negligible beside a row of work) and is given a small fork size (its default of 10,000
 * elements would run 1,000 rows sequentially).
 */
public class LifeBench extends KernelBench {
    /** Rows per RecursiveAction leaf. */
    private static final int LEAF = 4;

    @Param({"1000"})
    public int side;

    private byte[] board;

    @Setup
    public void create() {
        board = Life.random(side, 7);
    }

    @Benchmark
    public byte[] rayon4j() {
        return Life.parallel(board, side, 10);
    }

    @Benchmark
    public byte[] parallelStream() {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        for (int g = 0; g < 10; g++) {
            byte[] from = cur;
            byte[] to = next;
            IntStream.range(0, side).parallel().forEach(y -> Life.row(from, to, side, y));
            cur = to;
            next = from;
        }
        return cur;
    }

    @Benchmark
    public byte[] forkJoin() {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        for (int g = 0; g < 10; g++) {
            forkJoin.invoke(new Rows(cur, next, side, 0, side));
            byte[] t = cur;
            cur = next;
            next = t;
        }
        return cur;
    }

    @Benchmark
    public byte[] parallelIterate() {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        Interval rows = Interval.zeroTo(side - 1);
        for (int g = 0; g < 10; g++) {
            byte[] from = cur;
            byte[] to = next;
            Procedure<Integer> row = y -> Life.row(from, to, side, y);
            ParallelIterate.forEach(rows, row, 2, ParallelIterate.getDefaultTaskCount());
            cur = to;
            next = from;
        }
        return cur;
    }

    @Benchmark
    public byte[] sequential() {
        return Life.sequential(board, side, 10);
    }

    static final class Rows extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final byte[] from;
        private final byte[] to;
        private final int side;
        private final int lo;
        private final int hi;

        Rows(byte[] from, byte[] to, int side, int lo, int hi) {
            this.from = from;
            this.to = to;
            this.side = side;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= LEAF) {
                for (int y = lo; y < hi; y++) {
                    Life.row(from, to, side, y);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new Rows(from, to, side, lo, mid), new Rows(from, to, side, mid, hi));
        }
    }
}
