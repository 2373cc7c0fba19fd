/**
 * rayon4j's runtime: Rayon's work-stealing pool for Java.
 *
 * <pre>{@code
 * Pair<Long, Long> r = Rayon.join(() -> sumLeft(), () -> sumRight());
 * try (ThreadPool pool = new ThreadPoolBuilder().numThreads(4).build()) {
 *     pool.scope(s -> files.forEach(f -> s.spawn(s1 -> index(f))));
 * }
 * }</pre>
 *
 * <p>Entry points: {@link io.github.rayon4j.core.Rayon} (static, on the current or global pool),
 * {@link io.github.rayon4j.core.ThreadPoolBuilder} and {@link io.github.rayon4j.core.ThreadPool}
 * (pools of your own), {@link io.github.rayon4j.core.Scope} and
 * {@link io.github.rayon4j.core.ScopeFifo} (structured spawning). Everything else in the package
 * is internal: the registry, the workers and their Chase-Lev deques, the job types and the
 * latches; each opens with a comment that states its protocol.
 */
package io.github.rayon4j.core;
