package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Life;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Ten generations of Conway's life on a torus: rayon4j's row-parallel version from rayon4j-examples vs
 * the same rows through {@code IntStream.parallel().forEach} and the sequential loop. Fair: every version
 * calls the same {@code Life.row} on the same board.
 */
public class LifeBench extends KernelBench {
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
    public byte[] sequential() {
        return Life.sequential(board, side, 10);
    }
}
