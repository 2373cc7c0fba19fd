/**
 * The rayon4j runtime: a work-stealing thread pool with Rayon's sleep module, {@code join},
 * scopes, spawning, broadcasting and custom pools. Only {@code io.github.rayon4j.core} is
 * exported; the sleep module and the other internals stay inside. Two JDK modules are required:
 * {@code java.management}, for the pools' {@link io.github.rayon4j.core.ThreadPoolMXBean}, and
 * {@code jdk.jfr}, for the Flight Recorder events of {@code io.github.rayon4j.core.jfr}, which
 * is exported to {@code jdk.jfr} only.
 */
module io.github.rayon4j.core {
    // ThreadPoolMXBean: every pool registers one unless built with jmx(false).
    requires java.management;
    requires jdk.jfr;

    exports io.github.rayon4j.core;
    // The Flight Recorder events: public classes, reachable by jdk.jfr only.
    exports io.github.rayon4j.core.jfr to jdk.jfr;
}
