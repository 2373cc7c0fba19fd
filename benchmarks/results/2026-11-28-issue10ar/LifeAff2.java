import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
/** Ten generations of Life on 1000x1000 from the same random board (LifeBench's call): rayon4j, the stream, static halves, sequential. Medians in us. */
public class LifeAff2 {
    static final int S = 1000;
    static final byte[] board = Life.random(S, 7);
    static volatile Object sink;
    static void rows(byte[] f, byte[] t, int lo, int hi) { for (int y = lo; y < hi; y++) Life.row(f, t, S, y); }
    static void stable() {
        byte[] cur = board.clone(), next = new byte[cur.length];
        for (int g = 0; g < 10; g++) { byte[] f = cur, t = next; Rayon.broadcast(c -> { int h = c.index(); rows(f, t, h * S / 2, (h + 1) * S / 2); return null; }); cur = t; next = f; }
        sink = cur;
    }
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        Runnable[] rs = {() -> sink = Life.parallel(board, S, 10), () -> sink = Life.stream(board, S, 10), LifeAff2::stable, () -> sink = Life.sequential(board, S, 10)};
        for (int i = 0; i < 3; i++) for (Runnable r : rs) Medians.of(r, 1);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) { sb.append("["); for (Runnable r : rs) sb.append(String.format(" %.0f", Medians.of(r, p))); sb.append("] "); }
        System.out.println("rayon4j stream stable seq: " + sb);
        System.exit(0);
    }
}
