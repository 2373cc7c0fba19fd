import io.github.rayon4j.core.*;
import io.github.rayon4j.benchmarks.Pythagorean;
import java.lang.reflect.Method;
import java.util.*;

/**
 * Pythagorean triples (P1's kernel class) timed back to back from main, called directly or through
 * Method.invoke as the Interleaved harness calls it, with and without callerRuns (global pool of -Dt threads).
 *   java [-Dt=1] -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks.jar ReflectionProbe.java on|off refl|direct
 */
public class ReflectionProbe {
    public static void main(String[] args) throws Exception {
        if (args[0].equals("on")) new ThreadPoolBuilder().numThreads(Integer.getInteger("t", 2)).callerRuns(true).buildGlobal();
        else new ThreadPoolBuilder().numThreads(Integer.getInteger("t", 2)).callerRuns(false).buildGlobal();
        Pythagorean p = new Pythagorean();
        p.n = 3000;
        boolean refl = args[1].equals("refl");
        Method m = Pythagorean.class.getMethod("rayon4j");
        List<Double> r = new ArrayList<>();
        long end = System.nanoTime() + 10_000_000_000L, warm = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            Object o = refl ? m.invoke(p) : (Object) p.rayon4j();
            if (t0 > warm) r.add((System.nanoTime() - t0) / 1e6);
        }
        Collections.sort(r);
        System.out.printf("%s %s: %.2f ms%n", args[0], args[1], r.get(r.size() / 2));
    }
}
