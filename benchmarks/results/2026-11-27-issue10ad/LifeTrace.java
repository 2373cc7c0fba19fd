import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.examples.Life;
import java.util.*;
import java.util.stream.IntStream;

public class LifeTrace {
    static volatile Object sink;
    static final int SIDE = 1000, GENS = 10;
    static long[] start = new long[GENS * SIDE], end = new long[GENS * SIDE];
    static String[] who = new String[GENS * SIDE];

    static void gen(boolean stream, byte[] from, byte[] to, int g, long[] gstart) {
        gstart[g] = System.nanoTime();
        java.util.function.IntConsumer c = y -> {
            int k = g * SIDE + y;
            start[k] = System.nanoTime();
            Life.row(from, to, SIDE, y);
            end[k] = System.nanoTime();
            who[k] = Thread.currentThread().getName();
        };
        if (stream) IntStream.range(0, SIDE).parallel().forEach(c); else IntParIter.range(0, SIDE).forEach(c);
    }

    public static void main(String[] a) {
        byte[] board = Life.random(SIDE, 7);
        int rounds = Integer.parseInt(a[0]);
        double[][] stats = new double[2][];
        for (int mode = 0; mode < 2; mode++) stats[mode] = new double[0];
        List<double[]>[] rec = new List[] {new ArrayList<>(), new ArrayList<>()};
        for (int r = 0; r < rounds; r++) {
            for (int m0 = 0; m0 < 2; m0++) {
                int mode = (m0 + r) % 2;
                byte[] cur = board.clone(), next = new byte[cur.length];
                long[] gs = new long[GENS];
                long t0 = System.nanoTime();
                for (int g = 0; g < GENS; g++) { gen(mode == 1, cur, next, g, gs); byte[] t = cur; cur = next; next = t; }
                long t1 = System.nanoTime();
                if (r < rounds / 3) continue;
                // per generation: first start of second thread, finish gap, busy per thread
                double total = (t1 - t0) / 1e6, firstLag = 0, startLag = 0, tailGap = 0, busy = 0, rowAvg = 0; int leaves = 0;
                for (int g = 0; g < GENS; g++) {
                    Map<String, long[]> th = new HashMap<>();
                    long sumRow = 0;
                    String prevWho = null; long prevEnd = 0;
                    Integer[] idx = new Integer[SIDE];
                    for (int y = 0; y < SIDE; y++) {
                        int k = g * SIDE + y;
                        long[] s = th.computeIfAbsent(who[k], x -> new long[] {Long.MAX_VALUE, 0, 0});
                        s[0] = Math.min(s[0], start[k]); s[1] = Math.max(s[1], end[k]); s[2] += end[k] - start[k];
                        sumRow += end[k] - start[k];
                        if (y > 0 && (!who[k].equals(who[k-1]) || start[k] < end[k-1])) leaves++;
                    }
                    long first = Long.MAX_VALUE, last = 0, lastStart = 0, minEnd = Long.MAX_VALUE;
                    for (long[] s : th.values()) { first = Math.min(first, s[0]); lastStart = Math.max(lastStart, s[0]); last = Math.max(last, s[1]); minEnd = Math.min(minEnd, s[1]); busy += s[2]; }
                    startLag += (lastStart - first) / 1e6; firstLag += (first - gs[g]) / 1e6;
                    tailGap += (last - minEnd) / 1e6;
                    rowAvg += sumRow / 1e3 / SIDE;
                }
                rec[mode].add(new double[] {total, firstLag / GENS, startLag / GENS, tailGap / GENS, busy / 1e6, rowAvg / GENS, leaves / (double) GENS});
            }
        }
        String[] names = {"rayon4j", "stream"};
        for (int m = 0; m < 2; m++) {
            double[] med = new double[7];
            for (int c = 0; c < 7; c++) { final int cc = c; double[] v = rec[m].stream().mapToDouble(x -> x[cc]).sorted().toArray(); med[c] = v[v.length / 2]; }
            System.out.printf("%-8s total %.2f ms  1st start %.3f  2nd-thread after it %.3f ms/gen  finish gap %.3f ms/gen  busy %.1f ms  row %.2f us  leaves~%.1f%n", names[m], med[0], med[1], med[2], med[3], med[4], med[5], med[6]);
        }
        System.exit(0);
    }
}
