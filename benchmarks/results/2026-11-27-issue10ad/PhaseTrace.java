package io.github.rayon4j.benchmarks.peers;

import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * Where a parallel call's threads spend its wall time: every item of a phase stamps its thread's
 * first start, last end and busy time, so that each phase gives when the first, the middle and the
 * last thread began (after the call), how long the call took after the last item ended, and the
 * share of T threads' wall time spent in items. rayon4j (a pool of T, install from main) and
 * parallel streams in a ForkJoinPool(T), alternating calls; sum of squares of 5*10^7 in chunks of
 * 1,000, and the peers' n-body (3 steps of 2000 bodies: accel, integrate; energy) phase by phase.
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar:. io.github.rayon4j.benchmarks.peers.PhaseTrace T [reps] [policy]
 */
public final class PhaseTrace {
    static final class Slot {
        long first, last, busy, items;
        long p0, p1, p2, p3, p4, p5, p6, p7; // padding
    }
    static final List<Slot> SLOTS = new ArrayList<>();
    static final ThreadLocal<Slot> MINE = ThreadLocal.withInitial(() -> {
        Slot s = new Slot();
        synchronized (SLOTS) { SLOTS.add(s); }
        return s;
    });
    static Slot[] snapshot() { synchronized (SLOTS) { return SLOTS.toArray(new Slot[0]); } }

    static void reset() {
        for (Slot s : snapshot()) { s.first = Long.MAX_VALUE; s.last = 0; s.busy = 0; s.items = 0; }
    }
    static void stamp(long t0, long t1) {
        Slot s = MINE.get();
        if (t0 < s.first) s.first = t0;
        if (t1 > s.last) s.last = t1;
        s.busy += t1 - t0;
        s.items++;
    }

    /** metrics of one phase: wall, first, mid, lastStart, endGap, efficiency, threads (us, us, us, us, us, %, n). */
    static double[] measure(long t0, long t1, int threads) {
        List<Long> starts = new ArrayList<>();
        long lastEnd = 0, busy = 0;
        for (Slot s : snapshot()) {
            if (s.items == 0) continue;
            starts.add(s.first);
            lastEnd = Math.max(lastEnd, s.last);
            busy += s.busy;
        }
        starts.sort(null);
        int k = starts.size();
        return new double[] {(t1 - t0) / 1e3, (starts.get(0) - t0) / 1e3, (starts.get((k - 1) / 2) - t0) / 1e3,
                (starts.get(k - 1) - t0) / 1e3, (t1 - lastEnd) / 1e3, 100.0 * busy / ((double) threads * (t1 - t0)), k};
    }

    interface Phase { void run(IntConsumer body, int n); }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int reps = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        SleepPolicy policy = args.length > 2 ? SleepPolicy.valueOf(args[2]) : SleepPolicy.RAYON;
        ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).sleepPolicy(policy).build();
        ForkJoinPool fj = new ForkJoinPool(threads);
        int n = 2000;
        double[][] init = PeerCases.makeBodies(n);
        String[] phases = {"sumsq", "accel", "integrate", "energy"};
        // results[lib][phase] -> list of metric arrays
        List<List<double[]>> res = new ArrayList<>();
        for (int i = 0; i < 8; i++) res.add(new ArrayList<>());
        long[] sleeps = new long[2];
        PoolMetrics m0 = null;
        int warm = 20;
        for (int r = 0; r < warm + reps; r++) {
            if (r == warm) m0 = pool.metrics();
            for (int lib0 = 0; lib0 < 2; lib0++) {
                int lib = (lib0 + r) % 2;
                boolean rec = r >= warm;
                // sum of squares
                final long[] out = new long[1];
                reset();
                long t0 = System.nanoTime();
                if (lib == 0) {
                    out[0] = pool.install(() -> IntParIter.range(0, 50_000).mapToLong(PhaseTrace::chunk).sum());
                } else {
                    out[0] = fj.submit(() -> IntStream.range(0, 50_000).parallel().mapToLong(PhaseTrace::chunk).sum()).get();
                }
                long t1 = System.nanoTime();
                if (rec) res.get(lib * 4).add(measure(t0, t1, threads));
                if (out[0] == 42) System.out.println();
                // n-body: phases inside one call, each measured
                double[][] b = PeerCases.copyBodies(init);
                double[][] acc = new double[3][n];
                List<double[]>[] got = new List[] {res.get(lib * 4 + 1), res.get(lib * 4 + 2), res.get(lib * 4 + 3)};
                Runnable body = () -> {
                    for (int s = 0; s < PeerCases.NBODY_STEPS; s++) {
                        traced(lib, threads, rec ? got[0] : null, i -> PeerCases.accel(b, i, acc), n);
                        traced(lib, threads, rec ? got[1] : null, i -> PeerCases.integrate(b, i, acc), n);
                    }
                    traced(lib, threads, rec ? got[2] : null, i -> PeerCases.kinetic(b, i), n);
                };
                if (lib == 0) pool.install(body); else fj.submit(body).get();
            }
        }
        PoolMetrics m1 = pool.metrics();
        System.out.printf("threads %d policy %s reps %d; rayon4j per rep: sleeps %.1f wakeUps %.1f stolen %.1f injected %.1f fruitless %.1f%n",
                threads, policy, reps, (m1.sleeps() - m0.sleeps()) / (double) reps, (m1.wakeUps() - m0.wakeUps()) / (double) reps,
                (m1.jobsStolen() - m0.jobsStolen()) / (double) reps, (m1.jobsInjected() - m0.jobsInjected()) / (double) reps,
                (m1.fruitlessWakeUps() - m0.fruitlessWakeUps()) / (double) reps);
        System.out.println("medians over reps (us; eff = busy / (T x wall)); lib phase: wall | first start | middle thread start | last thread start | end after last item | eff % | threads used");
        for (int lib = 0; lib < 2; lib++) {
            for (int p = 0; p < 4; p++) {
                List<double[]> l = res.get(lib * 4 + p);
                double[] med = new double[7];
                for (int c = 0; c < 7; c++) {
                    final int cc = c;
                    double[] v = l.stream().mapToDouble(x -> x[cc]).sorted().toArray();
                    med[c] = v[v.length / 2];
                }
                System.out.printf("%-7s %-9s wall %8.1f | %7.1f | %7.1f | %7.1f | %7.1f | %5.1f | %4.1f   (n=%d)%n",
                        lib == 0 ? "rayon4j" : "stream", phases[p], med[0], med[1], med[2], med[3], med[4], med[5], med[6], l.size());
            }
        }
        pool.close();
        fj.shutdown();
    }

    static void traced(int lib, int threads, List<double[]> into, IntConsumer f, int n) {
        reset();
        long t0 = System.nanoTime();
        IntConsumer g = i -> { long a = System.nanoTime(); f.accept(i); stamp(a, System.nanoTime()); };
        if (lib == 0) IntParIter.range(0, n).forEach(g); else IntStream.range(0, n).parallel().forEach(g);
        long t1 = System.nanoTime();
        if (into != null) into.add(measure(t0, t1, threads));
    }

    static long chunk(int c) {
        long a = System.nanoTime();
        long s = 0;
        for (long x = c * 1000L, e = x + 1000; x < e; x++) s += x * x;
        stamp(a, System.nanoTime());
        return s;
    }
}
