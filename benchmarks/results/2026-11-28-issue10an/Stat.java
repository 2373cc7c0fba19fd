import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
/**
 * Increment-all of 10^6 on the global pool of two workers: forEach (the adaptive splitter, steals
 * decide which worker runs which range) against a broadcast in which worker i always increments
 * half i (a static schedule: the same lines on the same worker every call) and one in which the
 * halves swap every call; the plain loop beside them. Medians in us per round of P seconds.
 */
public class Stat {
    static final int N = 1_000_000;
    static int[] a = new int[N];
    static int call;
    static void inc(int from, int to) { int[] b = a; for (int k = from; k < to; k++) b[k]++; }
    static void forEach() { int[] b = a; IntParIter.range(0, N).forEach(k -> b[k]++); }
    static void stable() { Rayon.broadcast(c -> { int h = c.index(); inc(h * N / 2, (h + 1) * N / 2); return null; }); }
    static void swapped() { int s = call++ & 1; Rayon.broadcast(c -> { int h = c.index() ^ s; inc(h * N / 2, (h + 1) * N / 2); return null; }); }
    static void seq() { inc(0, N); }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        Runnable[] rs = {Stat::forEach, Stat::stable, Stat::swapped, Stat::seq};
        for (int i = 0; i < 3; i++) for (Runnable r : rs) Medians.of(r, 0.4);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) { sb.append("["); for (Runnable r : rs) sb.append(String.format(" %.1f", Medians.of(r, p))); sb.append("] "); }
        System.out.println("forEach stable swapped seq: " + sb);
        System.exit(0);
    }
}
