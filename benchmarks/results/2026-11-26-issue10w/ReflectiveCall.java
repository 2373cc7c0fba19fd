import io.github.rayon4j.benchmarks.Pythagorean;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * Does calling a kernel through {@code Method.invoke} (as the Interleaved harness does) change
 * its speed, with or without the library? Pythagorean triples (n = 3000), P1's kernel class,
 * called back to back for 6 s, the median of each second printed:
 * <ul>
 *   <li>kernel {@code rayon4j} ({@code IntParIter...mapToLong(..).sum()}) or {@code sequential}
 *       (the plain loop: no library code at all);</li>
 *   <li>{@code direct}: an ordinary call; {@code refl}: {@code Method.invoke};</li>
 *   <li>{@code main}: from the main thread (a {@code rayon4j} kernel then runs in the global
 *       pool); {@code pool}: inside {@code install} on a pool of {@code -Dt} workers (default 1),
 *       so the call, reflective or not, is made on the worker that runs the leaves.</li>
 * </ul>
 * <pre>
 * java -Xms1g -Xmx1g [-Dt=1] -cp benchmarks.jar:. ReflectiveCall rayon4j|sequential direct|refl main|pool
 * </pre>
 */
public class ReflectiveCall {
    public static void main(String[] args) throws Exception {
        String kernel = args[0];
        boolean refl = args[1].equals("refl"), inPool = args[2].equals("pool");
        Pythagorean p = new Pythagorean();
        p.n = 3000;
        Method m = Pythagorean.class.getMethod(kernel);
        boolean par = kernel.equals("rayon4j");
        LongSupplier call = () -> {
            if (!refl) {
                return par ? p.rayon4j() : p.sequential();
            }
            try {
                return (Long) m.invoke(p);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        };
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(Integer.getInteger("t", 1)).build()) {
            long start = System.nanoTime();
            StringBuilder out = new StringBuilder();
            for (int sec = 0; sec < 6; sec++) {
                List<Double> r = new ArrayList<>();
                long end = start + (sec + 1) * 1_000_000_000L;
                while (System.nanoTime() < end) {
                    long t0 = System.nanoTime();
                    long v = inPool ? pool.install(call::getAsLong) : call.getAsLong();
                    if (v <= 0) {
                        throw new AssertionError(v);
                    }
                    r.add((System.nanoTime() - t0) / 1e6);
                }
                Collections.sort(r);
                out.append(String.format("%.1f ", r.get(r.size() / 2)));
            }
            System.out.println(String.join(" ", args) + ": " + out.toString().trim() + " (ms per call, median of each second)");
        }
    }
}
