import io.github.rayon4j.core.*;
import io.github.rayon4j.examples.Life;
/** Ten generations of Life from the same board: rayon4j forEach, the stream, Rayon.join halves down to 4 rows with a plain loop (the RecursiveAction peer's leaf code) on the same pool. Medians in us. */
public class LifeAff3 {
    static final int S = 1000;
    static final byte[] board = Life.random(S, 7);
    static volatile Object sink;
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
    public static void main(String[] args) {
        double p = Double.parseDouble(args[0]); int rounds = Integer.parseInt(args[1]);
        Runnable[] rs = {() -> sink = Life.parallel(board, S, 10), () -> sink = Life.stream(board, S, 10), LifeAff3::joined};
        for (int i = 0; i < 3; i++) for (Runnable r : rs) Medians.of(r, 1);
        // -Dflip=true: only with the probe build of noshare-probe.patch (-Dprobe.noshare unset), whose
        // leaves then stop sharing after the warm-up, with the sharing path compiled in
        if (Boolean.getBoolean("flip")) { try { var f = Class.forName("io.github.rayon4j.iter.Fuse").getDeclaredField("NO_SHARE"); f.setAccessible(true); f.setBoolean(null, true); System.out.print("flipped "); } catch (Exception e) { throw new RuntimeException(e); } }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rounds; i++) { sb.append("["); for (Runnable r : rs) sb.append(String.format(" %.0f", Medians.of(r, p))); sb.append("] "); }
        System.out.println("rayon4j stream joined: " + sb);
        System.exit(0);
    }
}
