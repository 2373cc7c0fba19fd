import java.util.Arrays;
/** The median of a form's call times, for the one-file probes beside it (Tri, Cr, Stat). */
final class Medians {
    private Medians() {
    }

    /** Calls {@code r} back to back for about {@code secs} seconds; the median call in microseconds. */
    static double of(Runnable r, double secs) {
        long[] d = new long[1_000_000]; int n = 0; long end = System.nanoTime() + (long) (secs * 1e9);
        while (System.nanoTime() < end && n < d.length) { long t0 = System.nanoTime(); r.run(); d[n++] = System.nanoTime() - t0; }
        Arrays.sort(d, 0, n); return d[n / 2] / 1e3;
    }
}
