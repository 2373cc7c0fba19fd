/**
 * The rayon4j runtime: a work-stealing thread pool with Rayon's sleep module, {@code join},
 * scopes, spawning, broadcasting and custom pools. Only {@code io.github.rayon4j.core} is
 * exported; the sleep module and the other internals stay inside. The Flight Recorder events of
 * {@code io.github.rayon4j.core.jfr} are exported to {@code jdk.jfr} only.
 */
module io.github.rayon4j.core {
    requires jdk.jfr;

    exports io.github.rayon4j.core;
    // The Flight Recorder events: public classes, reachable by jdk.jfr only.
    exports io.github.rayon4j.core.jfr to jdk.jfr;
}
