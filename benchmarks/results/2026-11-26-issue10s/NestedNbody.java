import io.github.rayon4j.benchmarks.peers.PeerCases;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.reflect.Method;
import java.util.function.Supplier;

/**
 * P3b's nested n-body against loops that compute the same thing, in one JVM, interleaved: each
 * round times one call of each variant, in a fixed order, on 2,000 bodies and three steps
 * (PeerCases' sizes).
 *
 * <ul>
 *   <li>{@code loops}: Baseline.java's sequential n-body ({@code PeerCases.nbodyLoops}: the
 *       force on a body summed in three locals);</li>
 *   <li>{@code nestedSeq}: the nested form's own computation as plain loops (the force on a body
 *       summed into a {@code double[3]} by {@code pairAccel}, as the nested form's inner
 *       {@code collect} does);</li>
 *   <li>{@code par}: {@code PeerCases.nbodyPar} (outer loop parallel, inner loop sequential) on a
 *       pool of the given number of threads, entered with {@code install};</li>
 *   <li>{@code reduce}: {@code PeerCases.nbodyParReduce} (the inner loop is itself a parallel
 *       {@code collect}: main.rs's {@code nbody_3steps_par_reduce}) on the same pool.</li>
 * </ul>
 *
 * Prints {@code variant,threads,ms} per call after ten rounds of warm-up.
 * <pre>{@code
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10s/NestedNbody.java THREADS [ROUNDS]
 * }</pre>
 */
public class NestedNbody {
    static final int N = 2000;
    static final int STEPS = 3;

    /** PeerCases.pairAccel: the pull of body j on body i, added to a. */
    static void pairAccel(double[][] b, int i, int j, double[] a) {
        double dx = b[0][j] - b[0][i];
        double dy = b[1][j] - b[1][i];
        double dz = b[2][j] - b[2][i];
        double d2 = dx * dx + dy * dy + dz * dz + 0.01;
        double s = b[6][j] / (d2 * Math.sqrt(d2));
        a[0] += dx * s;
        a[1] += dy * s;
        a[2] += dz * s;
    }

    /** nbodyParReduce's computation, sequentially: PeerCases' integrate and kinetic inlined. */
    static double nestedSeq(double[][] b) {
        int n = b[0].length;
        double[][] acc = new double[3][n];
        for (int s = 0; s < STEPS; s++) {
            for (int i = 0; i < n; i++) {
                double[] a = new double[3];
                for (int j = 0; j < n; j++) {
                    pairAccel(b, i, j, a);
                }
                acc[0][i] = a[0];
                acc[1][i] = a[1];
                acc[2][i] = a[2];
            }
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < 3; k++) {
                    b[3 + k][i] += acc[k][i] * 0.001;
                    b[k][i] += b[3 + k][i] * 0.001;
                }
            }
        }
        double e = 0;
        for (int i = 0; i < n; i++) {
            e += 0.5 * b[6][i] * (b[3][i] * b[3][i] + b[4][i] * b[4][i] + b[5][i] * b[5][i]);
        }
        return e;
    }

    static Method peer(String name, Class<?>... types) throws Exception {
        Method m = PeerCases.class.getDeclaredMethod(name, types);
        m.setAccessible(true); // package-private in PeerCases
        return m;
    }

    static double call(Method m, double[][] b) {
        try {
            return (double) m.invoke(null, (Object) b);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
        Method make = peer("makeBodies", int.class);
        Method loops = peer("nbodyLoops", double[][].class);
        Method par = peer("nbodyPar", double[][].class);
        Method reduce = peer("nbodyParReduce", double[][].class);
        String[] names = {"loops", "nestedSeq", "par", "reduce"};
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            double expected = Double.NaN;
            for (int round = 0; round < rounds; round++) {
                for (int v = 0; v < names.length; v++) {
                    double[][] b = (double[][]) make.invoke(null, N);
                    int variant = v;
                    Supplier<Double> body = () -> variant == 0 ? call(loops, b)
                            : variant == 1 ? nestedSeq(b)
                            : variant == 2 ? call(par, b) : call(reduce, b);
                    long t0 = System.nanoTime();
                    double e = v < 2 ? body.get() : pool.install(body);
                    long t1 = System.nanoTime();
                    if (Double.isNaN(expected)) {
                        expected = e;
                    } else if (Math.abs(e - expected) > 1e-9 * Math.abs(expected)) {
                        throw new AssertionError(names[v] + ": energy " + e + ", expected " + expected);
                    }
                    if (round >= 10) {
                        System.out.printf("%s,%d,%.3f%n", names[v], threads, (t1 - t0) / 1e6);
                    }
                }
            }
        }
    }
}
