import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
import java.util.*;

/**
 * issue10am: Life (10 generations of a 1000 x 1000 board) four ways in one JVM, interleaved in rounds
 * of three calls each: called from outside (the global pool, each generation's forEach entering the
 * pool), the same ten generations installed into a built pool of two (no hand-off per generation), a
 * parallel stream (common pool), and the sequential loop every other round. Medians of the last
 * three quarters of the rounds. See life.sh.
 */
public class LifeProbe {
    static volatile Object sink;
    public static void main(String[] args) {
        int side = 1000, gens = 10, rounds = Integer.parseInt(args[0]);
        byte[] board = Life.random(side, 7);
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        String[] names = {"outside", "inside", "stream", "seq"};
        List<List<Double>> t = new ArrayList<>();
        for (int i = 0; i < names.length; i++) t.add(new ArrayList<>());
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < names.length; k++) {
                int v = (k + r) % names.length;
                if (v == 3 && r % 2 == 1) {
                    continue;
                }
                for (int rep = 0; rep < 3; rep++) {
                    long t0 = System.nanoTime();
                    switch (v) {
                        case 0: sink = Life.parallel(board, side, gens); break;
                        case 1: sink = pool.install(() -> Life.parallel(board, side, gens)); break;
                        case 2: sink = Life.stream(board, side, gens); break;
                        default: sink = Life.sequential(board, side, gens);
                    }
                    if (r >= rounds / 4) t.get(v).add((System.nanoTime() - t0) / 1e6);
                }
            }
        }
        for (int k = 0; k < names.length; k++) {
            List<Double> l = t.get(k); Collections.sort(l);
            System.out.printf("%-8s n=%d median %.2f ms p10 %.2f p90 %.2f%n", names[k], l.size(), l.get(l.size()/2), l.get(l.size()/10), l.get(l.size()*9/10));
        }
        pool.close();
    }
}
