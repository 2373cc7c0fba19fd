package io.github.rayon4j.benchmarks.peers;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import io.github.rayon4j.iter.ParSort;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The cases of the peer programs, Rust Rayon ({@code /work/shared/peers/rayon-rs/src/main.rs}) and the
 * Java baseline ({@code /work/shared/peers/java-baseline/Baseline.java}), written as a rayon4j user
 * writes them, with the same inputs (xorshift64 from the same seed, the same {@code mix} predicate), the
 * same result checks, the same warm-up and measured runs ({@code -Dwarmup=5 -Dreps=10}, Baseline's) and
 * the same CSV line ({@link Harness}), so that one table can put them side by side.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.peers.PeerCases
 *     [--threads N] [--polluted] [--burn N] [--caller-runs] [--smoke] [bench...]
 *   bench: fib increment sumsq mapcollect nbody sort find idle (default: all of these), and
 *          shortjob (target P3), oversub (= fib sumsq, with --burn N, default N = threads; target P8)
 *   --threads N  a dedicated ThreadPool of N workers (default: available processors); every case is
 *                entered with install, so main only waits and exactly N threads work, as in Rayon's
 *                global pool with RAYON_NUM_THREADS=N and Baseline's --pool N
 *   --polluted   first run a dozen other pipelines through rayon4j in that pool ({@link Pollution}, P1c)
 *   --burn N     keep N more threads spinning in a separate process during the run ({@link Burner}, P8)
 *   --caller-runs the pool is built with {@code callerRuns(true)}: main runs each install itself in a
 *                sleeping worker's place (off by default, for the global pool too), still at most
 *                N threads at work
 *   --smoke      tiny sizes, 1 run, short idle windows: a test of the code, not a measurement
 * </pre>
 *
 * Cases: {@code join_recursive_fib} ({@code Rayon.join} at every level of fib(30)),
 * {@code _long} (the same with {@code Rayon.joinLong}: rayon4j's only, no peer has it) and
 * {@code _cutoff20}; {@code increment_all} (10M longs, one pass per run); {@code sum_of_squares}
 * ({@code LongParIter.range(0, 50M).map(x -> x * x % 7).sum()}); {@code map_collect} (10M ints into an
 * {@code int[]}) and {@code map_collect_boxed} (into a {@code List<Integer>}); {@code nbody_3steps_par}
 * (2000 bodies, Baseline's structure-of-arrays code with {@code IntParIter.forEach}) and
 * {@code nbody_3steps_par_reduce} (main.rs's nested form: each body's force is itself a parallel
 * reduction); {@code par_sort_unstable} / {@code par_sort_stable} ({@link ParSort} on 10M longs) and
 * {@code par_sort_stream} ({@code LongParIter.of(a).sorted().toArray()}, Baseline's stream sort);
 * {@code find_first}, {@code find_any}, {@code any}, {@code any_nomatch} over 0..50M; {@code idle_cpu}
 * (process clock), {@code idle_cpu_javathreads} and {@code wake_latency}: a trivial join installed every
 * 10 ms for 3 s; {@code shortjob}: increment_all submitted every 20 ms to a pool that fell asleep.
 */
public final class PeerCases {
    static final List<String> DEFAULT = List.of("fib", "increment", "sumsq", "mapcollect", "nbody", "sort", "find", "idle");

    private final Harness h;
    private final ThreadPool pool;
    private final String thr;

    private final int fibN;
    private final int fibCutoff;
    private final int incN;
    private final long sumsqN;
    private final int mapcN;
    private final int nbodyN;
    private final int sortN;
    private final long findN;

    PeerCases(Harness h, ThreadPool pool) {
        this.h = h;
        this.pool = pool;
        this.thr = Integer.toString(pool.currentNumThreads());
        boolean s = h.smoke;
        fibN = s ? 20 : 30;
        fibCutoff = s ? 10 : 20;
        incN = s ? 100_000 : 10_000_000;
        sumsqN = s ? 1_000_000L : 50_000_000L;
        mapcN = s ? 100_000 : 10_000_000;
        nbodyN = s ? 200 : 2000;
        sortN = s ? 100_000 : 10_000_000;
        findN = s ? 1_000_000L : 50_000_000L;
    }

    /** Baseline's {@code par}: the body runs inside the pool, main waits. */
    private <T> T par(Supplier<T> body) {
        return pool.install(body);
    }

    // ------------------------------------------------------------------ fib

    static long fibSeq(int n) {
        return n < 2 ? n : fibSeq(n - 1) + fibSeq(n - 2);
    }

    /** {@code Rayon.join} at every level. */
    static long fibJoin(int n) {
        if (n < 2) {
            return n;
        }
        Pair<Long, Long> r = Rayon.join(() -> fibJoin(n - 1), () -> fibJoin(n - 2));
        return r.left() + r.right();
    }

    /** {@code Rayon.joinLong} at every level: the same tree, no {@code Long} boxed, no {@code Pair}. */
    static long fibJoinLong(int n) {
        if (n < 2) {
            return n;
        }
        return Rayon.joinLong(() -> fibJoinLong(n - 1), () -> fibJoinLong(n - 2), Long::sum);
    }

    /** {@code Rayon.join} until n <= cutoff, then plain recursion. */
    static long fibJoin(int n, int cutoff) {
        if (n <= cutoff) {
            return fibSeq(n);
        }
        Pair<Long, Long> r = Rayon.join(() -> fibJoin(n - 1, cutoff), () -> fibJoin(n - 2, cutoff));
        return r.left() + r.right();
    }

    void runFib() {
        long expect = fibSeq(fibN);
        h.bench("join_recursive_fib", thr, fibN, () -> {
            long r = par(() -> fibJoin(fibN));
            Harness.check(r == expect, "fib");
            return r;
        });
        h.bench("join_recursive_fib_long", thr, fibN, () -> {
            long r = par(() -> fibJoinLong(fibN));
            Harness.check(r == expect, "fib joinLong");
            return r;
        });
        h.bench("join_recursive_fib_cutoff20", thr, fibN, () -> {
            long r = par(() -> fibJoin(fibN, fibCutoff));
            Harness.check(r == expect, "fib cutoff");
            return r;
        });
    }

    // ------------------------------------------------------------------ increment_all

    void runIncrement() {
        long passes = h.warmup + h.reps;
        long[] a = new long[incN];
        Arrays.setAll(a, i -> i);
        h.bench("increment_all", thr, incN, () -> par(() -> {
            IntParIter.range(0, a.length).forEach(i -> a[i]++);
            return a;
        }));
        Harness.check(a[0] == passes && a[incN - 1] == incN - 1 + passes, "increment");
    }

    // ------------------------------------------------------------------ sum_of_squares

    void runSumsq() {
        long acc = 0;
        for (long x = 0; x < sumsqN; x++) {
            acc += x * x % 7; // a plain loop: no pipeline profile before the timed one
        }
        long expect = acc;
        h.bench("sum_of_squares", thr, sumsqN, () -> {
            long s = par(() -> LongParIter.range(0, sumsqN).map(x -> x * x % 7).sum());
            Harness.check(s == expect, "sumsq");
            return s;
        });
    }

    // ------------------------------------------------------------------ map_collect

    void runMapcollect() {
        h.bench("map_collect", thr, mapcN, () -> {
            int[] v = par(() -> IntParIter.range(0, mapcN).map(Harness::mapc).toArray());
            Harness.check(v.length == mapcN && v[12345] == Harness.mapc(12345), "mapc");
            return v;
        });
        h.bench("map_collect_boxed", thr, mapcN, () -> {
            List<Integer> v = par(() -> IntParIter.range(0, mapcN).map(Harness::mapc).boxed().toList());
            Harness.check(v.size() == mapcN && v.get(12345) == Harness.mapc(12345), "mapc boxed");
            return v;
        });
    }

    // ------------------------------------------------------------------ nbody (Baseline's structure of arrays)

    static final int NBODY_STEPS = 3;
    static final double DT = 0.001;
    static final double EPS2 = 0.01;

    /** px,py,pz,vx,vy,vz,m; the same initial state as the peers. */
    static double[][] makeBodies(int n) {
        double[][] b = new double[7][n];
        long x = Harness.SEED;
        double[] u = new double[4];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 4; k++) {
                x ^= x << 13;
                x ^= x >>> 7;
                x ^= x << 17;
                u[k] = (x >>> 11) / (double) (1L << 53);
            }
            b[0][i] = u[0] * 2 - 1;
            b[1][i] = u[1] * 2 - 1;
            b[2][i] = u[2] * 2 - 1;
            b[6][i] = 0.5 + u[3];
        }
        return b;
    }

    static double[][] copyBodies(double[][] b) {
        double[][] c = new double[b.length][];
        for (int i = 0; i < b.length; i++) {
            c[i] = b[i].clone();
        }
        return c;
    }

    static void accel(double[][] b, int i, double[][] acc) {
        double[] px = b[0];
        double[] py = b[1];
        double[] pz = b[2];
        double[] m = b[6];
        double xi = px[i];
        double yi = py[i];
        double zi = pz[i];
        double ax = 0;
        double ay = 0;
        double az = 0;
        for (int j = 0; j < px.length; j++) {
            double dx = px[j] - xi;
            double dy = py[j] - yi;
            double dz = pz[j] - zi;
            double d2 = dx * dx + dy * dy + dz * dz + EPS2;
            double s = m[j] / (d2 * Math.sqrt(d2));
            ax += dx * s;
            ay += dy * s;
            az += dz * s;
        }
        acc[0][i] = ax;
        acc[1][i] = ay;
        acc[2][i] = az;
    }

    /** Adds the pull of body j on body i to {@code a} (main.rs's pair_accel + add3). */
    static void pairAccel(double[][] b, int i, int j, double[] a) {
        double dx = b[0][j] - b[0][i];
        double dy = b[1][j] - b[1][i];
        double dz = b[2][j] - b[2][i];
        double d2 = dx * dx + dy * dy + dz * dz + EPS2;
        double s = b[6][j] / (d2 * Math.sqrt(d2));
        a[0] += dx * s;
        a[1] += dy * s;
        a[2] += dz * s;
    }

    static void add3(double[] a, double[] b) {
        a[0] += b[0];
        a[1] += b[1];
        a[2] += b[2];
    }

    static void integrate(double[][] b, int i, double[][] acc) {
        for (int k = 0; k < 3; k++) {
            b[3 + k][i] += acc[k][i] * DT;
            b[k][i] += b[3 + k][i] * DT;
        }
    }

    static double kinetic(double[][] b, int i) {
        return 0.5 * b[6][i] * (b[3][i] * b[3][i] + b[4][i] * b[4][i] + b[5][i] * b[5][i]);
    }

    static double nbodyLoops(double[][] b) {
        int n = b[0].length;
        double[][] acc = new double[3][n];
        for (int s = 0; s < NBODY_STEPS; s++) {
            for (int i = 0; i < n; i++) {
                accel(b, i, acc);
            }
            for (int i = 0; i < n; i++) {
                integrate(b, i, acc);
            }
        }
        double e = 0;
        for (int i = 0; i < n; i++) {
            e += kinetic(b, i);
        }
        return e;
    }

    /** Baseline's parallel n-body: outer loop parallel, inner loop sequential, energy by a reduce. */
    static double nbodyPar(double[][] b) {
        int n = b[0].length;
        double[][] acc = new double[3][n];
        for (int s = 0; s < NBODY_STEPS; s++) {
            IntParIter.range(0, n).forEach(i -> accel(b, i, acc));
            IntParIter.range(0, n).forEach(i -> integrate(b, i, acc));
        }
        return IntParIter.range(0, n).mapToDouble(i -> kinetic(b, i)).reduce(0.0, Double::sum);
    }

    /** main.rs's nested form: the force on each body is itself a parallel reduction over all bodies. */
    static double nbodyParReduce(double[][] b) {
        int n = b[0].length;
        double[][] acc = new double[3][n];
        for (int s = 0; s < NBODY_STEPS; s++) {
            IntParIter.range(0, n).forEach(i -> {
                double[] a = IntParIter.range(0, n).collect(() -> new double[3], (a3, j) -> pairAccel(b, i, j, a3),
                        PeerCases::add3);
                acc[0][i] = a[0];
                acc[1][i] = a[1];
                acc[2][i] = a[2];
            });
            IntParIter.range(0, n).forEach(i -> integrate(b, i, acc));
        }
        return IntParIter.range(0, n).mapToDouble(i -> kinetic(b, i)).reduce(0.0, Double::sum);
    }

    void runNbody() {
        double[][] init = makeBodies(nbodyN);
        double eRef = nbodyLoops(copyBodies(init));
        double tol = Math.max(1.0, Math.abs(eRef));
        h.bench("nbody_3steps_par", thr, nbodyN, () -> copyBodies(init), b -> {
            double e = par(() -> nbodyPar(b));
            Harness.check(Math.abs(e - eRef) <= 1e-9 * tol, "nbody par " + e + " vs " + eRef);
            return e;
        });
        // The reduction order differs from the loops': a loose check, as main.rs does.
        h.bench("nbody_3steps_par_reduce", thr, nbodyN, () -> copyBodies(init), b -> {
            double e = par(() -> nbodyParReduce(b));
            Harness.check(Math.abs(e - eRef) <= 1e-6 * tol, "nbody par reduce " + e + " vs " + eRef);
            return e;
        });
    }

    // ------------------------------------------------------------------ sort

    void runSort() {
        long[] data = Harness.randomArray(sortN);
        long[][] last = new long[2][];
        h.bench("par_sort_unstable", thr, sortN, data::clone, a -> {
            par(() -> {
                ParSort.sortUnstable(a);
                return a;
            });
            last[0] = a;
            return a;
        });
        Harness.check(Harness.isSorted(last[0]), "par_sort_unstable");
        h.bench("par_sort_stable", thr, sortN, data::clone, a -> {
            par(() -> {
                ParSort.sort(a);
                return a;
            });
            last[1] = a;
            return a;
        });
        Harness.check(Harness.isSorted(last[1]) && Arrays.equals(last[0], last[1]), "par_sort_stable");
        // The iterator way, as Baseline's LongStream.sorted(): copy into an array, sort it in parallel.
        h.bench("par_sort_stream", thr, sortN, () -> data, a -> {
            long[] s = par(() -> LongParIter.of(a).sorted().toArray());
            last[0] = s;
            return s;
        });
        Harness.check(Arrays.equals(last[0], last[1]), "par_sort_stream");
    }

    // ------------------------------------------------------------------ find

    static final long FIND_TARGET = 10_000L;

    void runFind() {
        long key = Harness.mix(FIND_TARGET);
        long none = Harness.mix(findN);
        h.bench("find_first", thr, findN, () -> {
            OptionalLong r = par(() -> LongParIter.range(0, findN).filter(x -> Harness.mix(x) == key).findFirst());
            Harness.check(r.getAsLong() == FIND_TARGET, "find_first");
            return r;
        });
        h.bench("find_any", thr, findN, () -> {
            OptionalLong r = par(() -> LongParIter.range(0, findN).filter(x -> Harness.mix(x) == key).findAny());
            Harness.check(r.getAsLong() == FIND_TARGET, "find_any");
            return r;
        });
        h.bench("any", thr, findN, () -> {
            boolean r = par(() -> LongParIter.range(0, findN).anyMatch(x -> Harness.mix(x) == key));
            Harness.check(r, "any");
            return r;
        });
        h.bench("any_nomatch", thr, findN, () -> {
            boolean r = par(() -> LongParIter.range(0, findN).anyMatch(x -> Harness.mix(x) == none));
            Harness.check(!r, "any_nomatch");
            return r;
        });
    }

    // ------------------------------------------------------------------ idle

    void runIdle() throws InterruptedException {
        h.idleCase("idle_cpu", "wake_latency", thr, i -> pool.install(() -> {
            Pair<Long, Long> r = Rayon.join(() -> i + 1, () -> i * 2);
            return r.left() + r.right();
        }));
    }

    // ------------------------------------------------------------------ shortjob (P3)

    void runShortjob() throws InterruptedException {
        int n = incN;
        long[] a = new long[n];
        Arrays.setAll(a, i -> i);
        int runs = h.shortJobCase("shortjob", thr, n,
                () -> pool.install(() -> IntParIter.range(0, a.length).forEach(i -> a[i]++)));
        Harness.check(a[0] == runs && a[n - 1] == n - 1 + runs, "shortjob");
    }

    // ------------------------------------------------------------------ main

    public static void main(String[] args) throws Exception {
        int threads = Runtime.getRuntime().availableProcessors();
        boolean polluted = false;
        boolean smoke = false;
        boolean callerRuns = false;
        int burn = -1;
        List<String> which = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--polluted" -> polluted = true;
                case "--burn" -> burn = Integer.parseInt(args[++i]);
                case "--smoke" -> smoke = true;
                case "--caller-runs" -> callerRuns = true;
                default -> {
                    if (args[i].startsWith("-")) {
                        System.err.println("usage: PeerCases [--threads N] [--polluted] [--burn N] [--caller-runs] [--smoke] "
                                + "[fib|increment|sumsq|mapcollect|nbody|sort|find|idle|shortjob|oversub|all]...");
                        System.exit(2);
                    }
                    which.add(args[i]);
                }
            }
        }
        if (which.isEmpty()) {
            which.add("all");
        }
        while (which.contains("all")) {
            int at = which.indexOf("all");
            which.remove(at);
            which.addAll(at, DEFAULT);
        }
        if (which.remove("oversub")) {
            which.add("fib");
            which.add("sumsq");
            if (burn < 0) {
                burn = threads;
            }
        }
        Harness h = new Harness(smoke);
        h.header("rayon4j PeerCases", "ThreadPool(" + threads + ") via install" + (callerRuns ? ", callerRuns" : ""),
                (polluted ? ", polluted" : "")
                + (burn > 0 ? ", burn=" + burn : ""));
        Burner burner = null;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).callerRuns(callerRuns).build()) {
            if (polluted) {
                Pollution p = new Pollution();
                int rounds = smoke ? 5 : Pollution.ROUNDS;
                long t0 = System.nanoTime();
                long sum = pool.install(() -> p.rayon4j(rounds));
                System.out.println(Pollution.note("rayon4j", rounds, System.nanoTime() - t0, sum));
            }
            if (burn > 0) {
                burner = Burner.start(burn);
                System.out.println(burner.note());
            }
            PeerCases c = new PeerCases(h, pool);
            for (String w : which) {
                switch (w) {
                    case "fib" -> c.runFib();
                    case "increment" -> c.runIncrement();
                    case "sumsq" -> c.runSumsq();
                    case "mapcollect" -> c.runMapcollect();
                    case "nbody" -> c.runNbody();
                    case "sort" -> c.runSort();
                    case "find" -> c.runFind();
                    case "idle" -> c.runIdle();
                    case "shortjob" -> c.runShortjob();
                    default -> {
                        System.err.println("unknown benchmark: " + w);
                        System.exit(2);
                    }
                }
            }
        } finally {
            if (burner != null) {
                burner.stop();
            }
        }
    }
}
