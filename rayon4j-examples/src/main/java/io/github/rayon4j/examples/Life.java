package io.github.rayon4j.examples;

import io.github.rayon4j.iter.IntParIter;
import java.util.Random;

/**
 * Conway's game of life on a torus. A generation reads the old board and writes a new one, so rows are
 * independent: the parallel version computes rows with a parallel iterator.
 */
public final class Life {
    private Life() { }

    /** A {@code side × side} board, each cell alive with probability 1/3. */
    public static byte[] random(int side, long seed) {
        Random r = new Random(seed);
        byte[] board = new byte[side * side];
        for (int i = 0; i < board.length; i++) {
            board[i] = (byte) (r.nextInt(3) == 0 ? 1 : 0);
        }
        return board;
    }

    public static byte[] sequential(byte[] board, int side, int generations) {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        for (int g = 0; g < generations; g++) {
            for (int y = 0; y < side; y++) {
                row(cur, next, side, y);
            }
            byte[] t = cur;
            cur = next;
            next = t;
        }
        return cur;
    }

    public static byte[] parallel(byte[] board, int side, int generations) {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        for (int g = 0; g < generations; g++) {
            byte[] from = cur;
            byte[] to = next;
            // One generation: every row of `to` from three rows of `from`.
            IntParIter.range(0, side).forEach(y -> row(from, to, side, y));
            cur = to;
            next = from;
        }
        return cur;
    }

    /** The same generations with a parallel stream over the rows. */
    public static byte[] stream(byte[] board, int side, int generations) {
        byte[] cur = board.clone();
        byte[] next = new byte[cur.length];
        for (int g = 0; g < generations; g++) {
            byte[] from = cur;
            byte[] to = next;
            java.util.stream.IntStream.range(0, side).parallel().forEach(y -> row(from, to, side, y));
            cur = to;
            next = from;
        }
        return cur;
    }

    /** Computes row y of the next generation {@code to} from {@code from}. */
    public static void row(byte[] from, byte[] to, int side, int y) {
        int up = ((y + side - 1) % side) * side;
        int mid = y * side;
        int down = ((y + 1) % side) * side;
        for (int x = 0; x < side; x++) {
            int l = (x + side - 1) % side;
            int r = (x + 1) % side;
            int alive = from[up + l] + from[up + x] + from[up + r]
                    + from[mid + l] + from[mid + r]
                    + from[down + l] + from[down + x] + from[down + r];
            to[mid + x] = (byte) (alive == 3 || (alive == 2 && from[mid + x] == 1) ? 1 : 0);
        }
    }
}
