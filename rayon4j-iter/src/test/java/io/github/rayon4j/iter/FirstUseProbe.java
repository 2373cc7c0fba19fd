package io.github.rayon4j.iter;

import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;

/**
 * What a short program does first with rayon4j, run in a fresh JVM by {@link FirstUseClassesTest}:
 * a fused pipeline on the global pool, then a custom pool's {@code install} and {@code join} from
 * outside it. Prints the three results (no string concatenation here: the test looks for the
 * classes that concatenation spins).
 */
public final class FirstUseProbe {
    private FirstUseProbe() {
    }

    /**
     * Runs the first uses.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println(LongParIter.range(0, 100_000).map(x -> x * x % 7).sum());
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            System.out.println(pool.install(() -> Rayon.join(() -> 20, () -> 22).left()));
            System.out.println(pool.join(() -> 1, () -> 2).right());
        }
    }
}
