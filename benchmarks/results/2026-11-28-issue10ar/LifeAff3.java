import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
/** Ten generations: rayon4j forEach, the stream, Rayon.join halves down to 4 rows with a plain loop (leaf code as the RecursiveAction's), FJP(2) RecursiveAction. */
public class LifeAff3 {
    static final int S = 1000;
    static final byte[] board = Life.random(S, 7);
    static volatile Object sink;
    static final java.util.concurrent.ForkJoinPool fj = new java.util.concurrent.ForkJoinPool(2);
    static void rows(byte[] f, byte[] t, int lo, int hi) {
        if (hi - lo <= 4) { for (int y = lo; y < hi; y++) Life.row(f, t, S, y); return; }
        int mid = (lo + hi) >>> 1;
        Rayon.join(() -> rows(f, t, lo, mid), () -> rows(f, t, mid, hi));
    }
    static void joined() {
        byte[] cur = board.clone(), next = new byte[cur.length];
        for (int g = 0; g < 10; g++) { byte[] f = cur, t = next; rows(f, t, 0, S); cur = t; next = f; }
        sink = cur;
    }
    static void forkUnused() {
        byte[] cur = board.clone(), next = new byte[cur.length];
        sink = cur;
    }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        Runnable[] rs = {() -> sink = Life.parallel(board, S, 10), () -> sink = Life.stream(board, S, 10), LifeAff3::joined};
        for (int i = 0; i < 3; i++) for (Runnable r : rs) Medians.of(r, 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) { sb.append("["); for (Runnable r : rs) sb.append(String.format(" %.0f", Medians.of(r, p))); sb.append("] "); }
        System.out.println("rayon4j stream joined: " + sb);
        System.exit(0);
    }
}
