import java.util.*;
import java.util.function.*;
/**
 * Branch against branch-free compaction of objects, by hand: 10^6 Integers kept when a test
 * passes, into an array. Args: "sorted" keeps the Integers in allocation order (otherwise
 * shuffled, so loads miss the cache); "random" tests a table of random bits (otherwise parity).
 * java BO.java [sorted] [random]
 */
public class BO {
    static int branchy(Object[] a, Object[] out, Predicate<Object> p) {
        int n = 0;
        for (Object x : a) { if (p.test(x)) out[n++] = x; }
        return n;
    }
    static int branchless(Object[] a, Object[] out, Predicate<Object> p) {
        int n = 0;
        for (Object x : a) { out[n] = x; n += p.test(x) ? 1 : 0; }
        return n;
    }
    public static void main(String[] args) {
        List<String> opts = Arrays.asList(args);
        List<Integer> l = new ArrayList<>(); for (int i = 0; i < 1_000_000; i++) l.add(i);
        if (!opts.contains("sorted")) Collections.shuffle(l, new Random(1));
        Object[] a = l.toArray();
        Random rr = new Random(2); boolean[] bits = new boolean[1 << 20]; for (int i = 0; i < bits.length; i++) bits[i] = rr.nextBoolean();
        Predicate<Object> p = opts.contains("random") ? x -> bits[(Integer) x & ((1 << 20) - 1)] : x -> ((Integer) x & 1) == 0;
        for (int r = 0; r < 30; r++) {
            Object[] out = new Object[a.length + 1];
            long t0 = System.nanoTime(); int n1 = branchy(a, out, p);
            out = new Object[a.length + 1];
            long t1 = System.nanoTime(); int n2 = branchless(a, out, p);
            long t2 = System.nanoTime();
            if (r >= 25) System.out.printf("branchy %.3f branchless %.3f ms (%d %d)%n", (t1 - t0) / 1e6, (t2 - t1) / 1e6, n1, n2);
        }
    }
}
