import io.github.rayon4j.core.Rayon;
public class SpawnLoop {
    static long mix(int k) { return k * 0x9E3779B97F4A7C15L; }
    public static void main(String[] a) {
        int n = 10000; long[] out = new long[n];
        long secs = Long.parseLong(a[0]);
        long end = System.nanoTime() + secs * 1_000_000_000L; long ops = 0;
        long t0 = System.nanoTime();
        while (System.nanoTime() < end) {
            Rayon.scope(s -> { for (int i = 0; i < n; i++) { int k = i; s.spawn(t -> out[k] = mix(k)); } });
            ops++;
        }
        System.out.printf("%.4f ms/op over %d ops%n", (System.nanoTime() - t0) / 1e6 / ops, ops);
    }
}
