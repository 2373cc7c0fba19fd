import java.util.*;
import java.util.function.*;
public class BX {
    static final class St { long[] cur; int used; }
    static int branchy(long[] a, long[] out, LongPredicate p) {
        int n = 0;
        for (long x : a) { if (p.test(x)) out[n++] = x; }
        return n;
    }
    static int branchless(long[] a, long[] out, LongPredicate p) {
        int n = 0;
        for (long x : a) { out[n] = x; n += p.test(x) ? 1 : 0; }
        return n;
    }
    static int branchyField(long[] a, St s, LongPredicate p) {
        for (long x : a) { if (p.test(x)) { s.cur[s.used++] = x; } }
        return s.used;
    }
    public static void main(String[] args) {
        long[] a = new Random(1).longs(1_000_000).toArray();
        long[] out = new long[a.length + 1];
        LongPredicate p = x -> x > 0;
        for (int r = 0; r < 30; r++) {
            long t0 = System.nanoTime(); int n1 = branchy(a, out, p);
            long t1 = System.nanoTime(); int n2 = branchless(a, out, p);
            long t2 = System.nanoTime(); St s = new St(); s.cur = out; int n3 = branchyField(a, s, p);
            long t3 = System.nanoTime();
            if (r >= 25) System.out.printf("branchy %.3f branchless %.3f field %.3f ms (%d %d %d)%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, n1, n2, n3);
        }
    }
}
