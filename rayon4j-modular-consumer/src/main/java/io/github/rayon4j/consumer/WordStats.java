package io.github.rayon4j.consumer;

import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.LongParIter;
import io.github.rayon4j.iter.ParIter;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * What an application does with rayon4j, written as one would in a modular application: a pool of
 * its own, parallel iterators, the global pool through {@link Rayon}, and a future.
 *
 * <pre>{@code
 * long letters = WordStats.letters(List.of("pear", "fig")); // 7
 * }</pre>
 */
public final class WordStats {
    private WordStats() {
    }

    /**
     * The letters in {@code words}, counted in parallel in a pool of two threads.
     *
     * @param words the words
     * @return the total length
     */
    public static long letters(List<String> words) {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            return pool.install(() -> ParIter.of(words).mapToLong(String::length).sum());
        }
    }

    /**
     * The longest word, found by a job spawned into a pool of two threads.
     *
     * @param words the words, not empty
     * @return the first longest word
     */
    public static String longest(List<String> words) {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            CompletableFuture<String> f = pool.spawnFuture(() ->
                    ParIter.of(words).maxByKey(String::length).orElseThrow());
            return f.join();
        }
    }

    /**
     * The sum of {@code i * i} for {@code i < n}, in the global pool.
     *
     * @param n the bound
     * @return the sum (wrapping on overflow)
     */
    public static long sumOfSquares(long n) {
        return LongParIter.range(0, n).map(x -> x * x).sum();
    }

    /**
     * Fibonacci with a {@code join} at each level, in the global pool.
     *
     * @param n which number
     * @return {@code fib(n)}
     */
    public static long fib(int n) {
        if (n < 2) {
            return n;
        }
        var r = Rayon.join(() -> fib(n - 1), () -> fib(n - 2));
        return r.left() + r.right();
    }
}
