import io.github.rayon4j.benchmarks.Pythagorean;
import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.atomic.*;
import java.util.stream.*;

/**
 * Pythagorean triples (P1's kernel, n = 3000, its own item function) with and without callerRuns, outside
 * the Interleaved harness (needs the benchmarks jar of this commit or later: triplesWith is public there).
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar PythProbe.java on|off built GAP_MS
 *       a built pool of 2, 200 calls after 200, GAP_MS between calls: wall, when the second thread
 *       starts, the busiest thread's share of the work
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar PythProbe.java on|off rounds stream|alone
 *       the global pool, 100 ms rounds for 12 s (4 s warm-up), with or without rounds of the
 *       parallel stream between them, as Interleaved runs it
 */
public class PythProbe {
    static final int N = 3000;

    public static void main(String[] args) throws Exception {
        boolean cr = args[0].equals("on");
        if (args[1].equals("built")) {
            built(cr, Integer.parseInt(args[2]));
        } else {
            rounds(cr, args[2].equals("stream"));
        }
    }

    static void built(boolean cr, int gapMs) throws Exception {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).callerRuns(cr).build()) {
            int slots = pool.maxThreads();
            AtomicLongArray first = new AtomicLongArray(slots);
            AtomicLongArray work = new AtomicLongArray(slots);
            double[] wall = new double[200], second = new double[200], share = new double[200];
            for (int r = 0; r < 400; r++) {
                if (gapMs > 0) Thread.sleep(gapMs);
                for (int i = 0; i < slots; i++) { first.set(i, 0); work.set(i, 0); }
                long t0 = System.nanoTime();
                pool.install(() -> IntParIter.range(1, N + 1).mapToLong(a -> {
                    int t = Rayon.currentThreadIndex().getAsInt();
                    first.compareAndSet(t, 0, System.nanoTime());
                    work.addAndGet(t, N - a);
                    return Pythagorean.triplesWith(a, N);
                }).sum());
                long t1 = System.nanoTime();
                if (r < 200) continue;
                int k = r - 200;
                long f1 = Long.MAX_VALUE, f2 = Long.MAX_VALUE, tot = 0, mx = 0;
                for (int i = 0; i < slots; i++) {
                    if (first.get(i) == 0) continue;
                    long f = first.get(i);
                    if (f < f1) { f2 = f1; f1 = f; } else if (f < f2) f2 = f;
                    tot += work.get(i);
                    mx = Math.max(mx, work.get(i));
                }
                wall[k] = (t1 - t0) / 1e6;
                second[k] = f2 == Long.MAX_VALUE ? 99999 : (f2 - t0) / 1e3;
                share[k] = mx / (double) tot;
            }
            Arrays.sort(wall); Arrays.sort(second); Arrays.sort(share);
            System.out.printf("%s gap %d ms: wall %.2f ms (p10 %.2f p90 %.2f) | 2nd thread starts %.0f us (p90 %.0f) | busiest share %.2f%n",
                    cr ? "on " : "off", gapMs, wall[100], wall[20], wall[180], second[100], second[180], share[100]);
        }
    }

    static void rounds(boolean cr, boolean withStream) {
        new ThreadPoolBuilder().numThreads(2).callerRuns(cr).buildGlobal();
        List<Double> r4 = new ArrayList<>(), st = new ArrayList<>();
        long end = System.nanoTime() + 12_000_000_000L, warm = System.nanoTime() + 4_000_000_000L;
        while (System.nanoTime() < end) {
            long roundEnd = System.nanoTime() + 100_000_000;
            while (System.nanoTime() < roundEnd) {
                long t0 = System.nanoTime();
                IntParIter.range(1, N + 1).mapToLong(a -> Pythagorean.triplesWith(a, N)).sum();
                if (t0 > warm) r4.add((System.nanoTime() - t0) / 1e6);
            }
            if (withStream) {
                roundEnd = System.nanoTime() + 100_000_000;
                while (System.nanoTime() < roundEnd) {
                    long t0 = System.nanoTime();
                    IntStream.rangeClosed(1, N).parallel().mapToLong(a -> Pythagorean.triplesWith(a, N)).sum();
                    if (t0 > warm) st.add((System.nanoTime() - t0) / 1e6);
                }
            }
        }
        Collections.sort(r4);
        Collections.sort(st);
        System.out.printf("%s %s: rayon4j median %.2f ms (%d calls)%s%n", cr ? "on " : "off", withStream ? "stream" : "alone",
                r4.get(r4.size() / 2), r4.size(), st.isEmpty() ? "" : String.format(", stream %.2f ms", st.get(st.size() / 2)));
    }
}
