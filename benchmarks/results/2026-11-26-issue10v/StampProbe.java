import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.concurrent.atomic.*;
import java.util.function.IntConsumer;

/**
 * Where the second thread of a short call starts: P3's job (increment 10^7 longs) in 1,000 stamped
 * chunks, into a two-worker pool that sleeps 20 ms between calls; 25 warm-up calls, then 60; medians.
 *   java [-Dyield=true] -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar StampProbe.java on|off iter|join
 * It also prints on which processor each of the first two threads started (/proc/thread-self/stat, field 39).
 * on/off: callerRuns; iter: IntParIter.range(0, 1000).forEach; join: Rayon.join down to leaves of
 * 125 chunks; -Dyield=true: one Thread.yield() in chunk 0 (run right after the caller's first push).
 */
public class StampProbe {
    static final boolean YIELD = Boolean.getBoolean("yield");

    static int cpu() {
        try {
            String st = new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/thread-self/stat")));
            String[] f = st.substring(st.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(f[36]);
        } catch (Exception e) { return -2; }
    }

    static void rec(int lo, int hi, IntConsumer body) {
        if (hi - lo <= 125) {
            for (int c = lo; c < hi; c++) body.accept(c);
            return;
        }
        int mid = (lo + hi) >>> 1;
        Rayon.join(() -> rec(lo, mid, body), () -> rec(mid, hi, body));
    }

    public static void main(String[] args) throws Exception {
        boolean cr = args[0].equals("on");
        boolean iter = args.length < 2 || args[1].equals("iter");
        int n = 10_000_000, chunks = 1000, per = n / chunks;
        long[] a = new long[n];
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).callerRuns(cr).build()) {
            int slots = pool.maxThreads();
            AtomicLongArray first = new AtomicLongArray(slots);
            AtomicLongArray last = new AtomicLongArray(slots);
            AtomicIntegerArray count = new AtomicIntegerArray(slots);
            AtomicIntegerArray cpuAt = new AtomicIntegerArray(slots);
            int same = 0, diff = 0; List<String> rows = new ArrayList<>();
            IntConsumer body = c -> {
                int t = Rayon.currentThreadIndex().getAsInt();
                if (first.compareAndSet(t, 0, System.nanoTime())) cpuAt.set(t, cpu());
                for (int i = c * per, e = i + per; i < e; i++) a[i]++;
                if (YIELD && c == 0) Thread.yield();
                last.set(t, System.nanoTime());
                count.incrementAndGet(t);
            };
            Runnable job = iter ? () -> IntParIter.range(0, chunks).forEach(body) : () -> rec(0, chunks, body);
            double[] wall = new double[60], secondStart = new double[60], tailAfterLast = new double[60], share = new double[60];
            for (int r = 0; r < 85; r++) {
                Thread.sleep(20);
                for (int i = 0; i < slots; i++) { first.set(i, 0); last.set(i, 0); count.set(i, 0); cpuAt.set(i, -1); }
                long t0 = System.nanoTime();
                pool.install(job);
                long t1 = System.nanoTime();
                if (r < 25) continue;
                int k = r - 25;
                long f1 = Long.MAX_VALUE, f2 = Long.MAX_VALUE, l = 0;
                int maxc = 0;
                for (int i = 0; i < slots; i++) {
                    if (first.get(i) == 0) continue;
                    long f = first.get(i);
                    if (f < f1) { f2 = f1; f1 = f; } else if (f < f2) f2 = f;
                    l = Math.max(l, last.get(i));
                    maxc = Math.max(maxc, count.get(i));
                }
                int c1 = -1, c2 = -1; long ff1 = Long.MAX_VALUE, ff2 = Long.MAX_VALUE;
                for (int i = 0; i < slots; i++) { if (first.get(i) == 0) continue; long f = first.get(i);
                    if (f < ff1) { ff2 = ff1; c2 = c1; ff1 = f; c1 = cpuAt.get(i); } else if (f < ff2) { ff2 = f; c2 = cpuAt.get(i); } }
                if (c1 == c2) same++; else diff++;
                if (k < 12) rows.add(String.format("2nd starts %.0f us, cpus %d/%d", (ff2 - t0) / 1e3, c1, c2));
                wall[k] = (t1 - t0) / 1e6;
                secondStart[k] = f2 == Long.MAX_VALUE ? -1 : (f2 - t0) / 1e3;
                tailAfterLast[k] = (t1 - l) / 1e3;
                share[k] = maxc / (double) chunks;
            }
            System.out.println("second thread on the first's cpu in " + same + " of " + (same + diff) + " calls; " + rows);
            for (double[] x : new double[][] {wall, secondStart, tailAfterLast, share}) Arrays.sort(x);
            System.out.printf("%s wall %.2f ms | first start of 2nd thread %.0f us | return after last chunk %.0f us | busiest thread share %.2f%n",
                    cr ? "on " : "off", wall[30], secondStart[30], tailAfterLast[30], share[30]);
        }
    }
}
