/**
 * The rayon4j runtime: a work-stealing thread pool with Rayon's sleep module, {@code join},
 * scopes, spawning, broadcasting and custom pools. Only {@code io.github.rayon4j.core} is
 * exported; the sleep module and the other internals stay inside. The one dependency is
 * {@code java.management}, for the pools' {@link io.github.rayon4j.core.ThreadPoolMXBean}.
 */
module io.github.rayon4j.core {
    // ThreadPoolMXBean: every pool registers one unless built with jmx(false).
    requires java.management;

    exports io.github.rayon4j.core;
}
