package io.github.rayon4j.benchmarks.peers;

import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.IntStream;

/**
 * Where a slow n-body JVM loses its time: the peers' nbody_3steps_par (2000 bodies, 3 steps) on a
 * pool of N threads, 30 warm-up calls then 20 timed, each call's phases timed apart (the three
 * accel forEach calls, the three integrate calls, the energy reduce), with the pool's counters
 * over the timed calls; then the same phases with parallel streams in a ForkJoinPool(N), and the
 * accel phase alone on one thread of the same JVM (its compiled inner loop's speed).
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/np NbodyProbe.java
 *   java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar:/tmp/np \
 *        io.github.rayon4j.benchmarks.peers.NbodyProbe 16 [RAYON|HINTED|LEGACY_TICKLE]
 * (the second argument: the pool's sleep policy, RAYON by default).
 */
public final class NbodyProbe {
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int n = 2000;
        double[][] init = PeerCases.makeBodies(n);
        double eRef = PeerCases.nbodyLoops(PeerCases.copyBodies(init));
        SleepPolicy policy = args.length > 1 ? SleepPolicy.valueOf(args[1]) : SleepPolicy.RAYON;
        ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).sleepPolicy(policy).build();
        System.out.println("policy " + policy);
        ForkJoinPool fj = new ForkJoinPool(threads);
        long[][] r4j = run(30, 20, init, eRef, (b, acc, t) -> pool.install(() -> phases(b, acc, t, false)), pool);
        long[][] str = run(30, 20, init, eRef, (b, acc, t) -> fj.submit(() -> phases(b, acc, t, true)).get(), null);
        // the accel phase's inner loop alone, on this thread: the JIT's code for accel
        double[][] b = PeerCases.copyBodies(init);
        double[][] acc = new double[3][n];
        long seqBest = Long.MAX_VALUE;
        for (int k = 0; k < 20; k++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                PeerCases.accel(b, i, acc);
            }
            seqBest = Math.min(seqBest, System.nanoTime() - t0);
        }
        System.out.printf("threads %d  sequential accel (one step) best %.3f ms%n", threads, seqBest / 1e6);
        print("rayon4j", r4j);
        print("stream ", str);
        pool.close();
        fj.shutdown();
    }

    interface Call {
        double run(double[][] b, double[][] acc, long[] times) throws Exception;
    }

    /** One call: [total, accel, integrate, energy] nanoseconds into times. */
    static double phases(double[][] b, double[][] acc, long[] t, boolean stream) {
        int n = b[0].length;
        for (int s = 0; s < PeerCases.NBODY_STEPS; s++) {
            long t0 = System.nanoTime();
            if (stream) {
                IntStream.range(0, n).parallel().forEach(i -> PeerCases.accel(b, i, acc));
            } else {
                IntParIter.range(0, n).forEach(i -> PeerCases.accel(b, i, acc));
            }
            long t1 = System.nanoTime();
            if (stream) {
                IntStream.range(0, n).parallel().forEach(i -> PeerCases.integrate(b, i, acc));
            } else {
                IntParIter.range(0, n).forEach(i -> PeerCases.integrate(b, i, acc));
            }
            long t2 = System.nanoTime();
            t[1] += t1 - t0;
            t[2] += t2 - t1;
        }
        long t3 = System.nanoTime();
        double e = stream ? IntStream.range(0, n).parallel().mapToDouble(i -> PeerCases.kinetic(b, i)).sum()
                : IntParIter.range(0, n).mapToDouble(i -> PeerCases.kinetic(b, i)).reduce(0.0, Double::sum);
        t[3] += System.nanoTime() - t3;
        return e;
    }

    static long[][] run(int warm, int reps, double[][] init, double eRef, Call c, ThreadPool pool) throws Exception {
        long[][] out = new long[reps][4];
        PoolMetrics m0 = null;
        for (int k = 0; k < warm + reps; k++) {
            double[][] b = PeerCases.copyBodies(init);
            double[][] acc = new double[3][b[0].length];
            long[] t = new long[4];
            if (k == warm && pool != null) {
                m0 = pool.metrics();
            }
            long t0 = System.nanoTime();
            double e = c.run(b, acc, t);
            t[0] = System.nanoTime() - t0;
            if (Math.abs(e - eRef) > 1e-6 * Math.abs(eRef)) {
                throw new AssertionError(e + " vs " + eRef);
            }
            if (k >= warm) {
                out[k - warm] = t;
            }
        }
        if (pool != null) {
            PoolMetrics m1 = pool.metrics();
            System.out.printf("rayon4j pool over %d calls: executed %d stolen %d injected %d sleeps %d wakeUps %d fruitless %d%n", reps,
                    m1.jobsExecuted() - m0.jobsExecuted(), m1.jobsStolen() - m0.jobsStolen(), m1.jobsInjected() - m0.jobsInjected(),
                    m1.sleeps() - m0.sleeps(), m1.wakeUps() - m0.wakeUps(), m1.fruitlessWakeUps() - m0.fruitlessWakeUps());
        }
        return out;
    }

    static void print(String name, long[][] t) {
        String[] what = {"call", "accel x3", "integrate x3", "energy"};
        StringBuilder sb = new StringBuilder(name);
        for (int p = 0; p < 4; p++) {
            long[] col = new long[t.length];
            for (int k = 0; k < t.length; k++) {
                col[k] = t[k][p];
            }
            Arrays.sort(col);
            sb.append(String.format("  %s med %.3f min %.3f", what[p], col[col.length / 2] / 1e6, col[0] / 1e6));
        }
        System.out.println(sb);
    }
}
