import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
import java.util.*;
/**
 * issue10am: Life on ONE thread three ways, interleaved: installed into a rayon4j pool of one, the
 * sequential loop, and the parallel stream inside a ForkJoinPool(1). See life.sh.
 */
public class Life1 {
    static volatile Object sink;
    public static void main(String[] args) {
        int side = 1000; byte[] board = Life.random(side, 7);
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).build();
        java.util.concurrent.ForkJoinPool fj = new java.util.concurrent.ForkJoinPool(1);
        List<List<Double>> t = new ArrayList<>(); for (int i = 0; i < 3; i++) t.add(new ArrayList<>());
        for (int r = 0; r < 40; r++) for (int v = 0; v < 3; v++) {
            long t0 = System.nanoTime();
            if (v == 0) sink = pool.install(() -> Life.parallel(board, side, 10));
            else if (v == 1) sink = Life.sequential(board, side, 10);
            else sink = fj.submit(() -> Life.stream(board, side, 10)).join();
            if (r >= 10) t.get(v).add((System.nanoTime() - t0) / 1e6);
        }
        String[] n = {"rayon1", "seq", "streamFJ1"};
        for (int v = 0; v < 3; v++) { List<Double> l = t.get(v); Collections.sort(l); System.out.printf("%s median %.2f%n", n[v], l.get(l.size()/2)); }
        pool.close(); fj.shutdown();
    }
}
