import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
import java.util.*;

public class LifeProbe {
    static volatile Object sink;
    public static void main(String[] a) {
        int side = 1000;
        byte[] board = Life.random(side, 7);
        ThreadPool one = new ThreadPoolBuilder().numThreads(1).build();
        ThreadPool two = new ThreadPoolBuilder().numThreads(2).build();
        ThreadPool guest = new ThreadPoolBuilder().numThreads(2).callerRuns(true).build();
        String[] names = {"seq", "stream", "pool1", "pool2", "pool2-install", "guests"};
        List<List<Double>> t = new ArrayList<>();
        for (String n : names) t.add(new ArrayList<>());
        int rounds = Integer.parseInt(a.length > 0 ? a[0] : "40");
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < names.length; v++) {
                int vv = (v + r) % names.length;
                long t0 = System.nanoTime();
                switch (vv) {
                    case 0: sink = Life.sequential(board, side, 10); break;
                    case 1: sink = Life.stream(board, side, 10); break;
                    case 2: sink = one.install(() -> Life.parallel(board, side, 10)); break;
                    case 3: sink = two.install(() -> { byte[] x = null; return x; }) ; sink = Life.parallel(board, side, 10); break;
                    case 4: sink = two.install(() -> Life.parallel(board, side, 10)); break;
                    case 5: sink = guest.install(() -> Life.parallel(board, side, 10)); break;
                }
                long t1 = System.nanoTime();
                if (r >= rounds / 4) t.get(vv).add((t1 - t0) / 1e6);
            }
        }
        for (int v = 0; v < names.length; v++) {
            List<Double> l = t.get(v); Collections.sort(l);
            System.out.printf("%-14s median %.2f ms  p10 %.2f  p90 %.2f%n", names[v], l.get(l.size()/2), l.get(l.size()/10), l.get(l.size()*9/10));
        }
        System.exit(0);
    }
}
