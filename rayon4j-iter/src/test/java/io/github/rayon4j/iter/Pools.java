package io.github.rayon4j.iter;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;

import java.util.function.Supplier;

/** Pools of 1 to 4 threads shared by the tests of this module (daemon workers, never closed). */
final class Pools {
    private static final ThreadPool[] POOLS = new ThreadPool[5];

    private Pools() {
    }

    static synchronized ThreadPool of(int threads) {
        if (POOLS[threads] == null) {
            POOLS[threads] = new ThreadPoolBuilder().numThreads(threads).build();
        }
        return POOLS[threads];
    }

    static <R> R in(int threads, Supplier<R> op) {
        return of(threads).install(op);
    }
}
