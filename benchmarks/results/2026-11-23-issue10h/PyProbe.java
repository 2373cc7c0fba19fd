import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.benchmarks.peers.Pollution;
public class PyProbe {
    static long triplesWith(int a, int n) {
        long count = 0; long aa = (long) a * a;
        for (int b = a + 1; b <= n; b++) { long cc = aa + (long) b * b; long c = (long) Math.sqrt((double) cc); if (c <= n && c * c == cc) count++; }
        return count;
    }
    public static void main(String[] args) {
        boolean polluted = args.length > 0 && args[0].equals("polluted");
        if (polluted) { Pollution p = new Pollution(); p.rayon4j(Pollution.ROUNDS); p.streams(Pollution.ROUNDS); }
        int n = 3000; long sink = 0;
        long[] t = new long[1500];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            sink += IntParIter.range(1, n + 1).mapToLong(a -> triplesWith(a, n)).sum();
            t[i] = System.nanoTime() - t0;
        }
        long[] s = java.util.Arrays.copyOfRange(t, 500, t.length); java.util.Arrays.sort(s);
        System.out.printf("%s median %.2f ms p10 %.2f p90 %.2f (%d)%n", polluted ? "polluted" : "clean", s[s.length/2]/1e6, s[s.length/10]/1e6, s[s.length*9/10]/1e6, sink % 7);
    }
}
