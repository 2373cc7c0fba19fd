/**
 * The rayon4j runtime: a work-stealing thread pool with Rayon's sleep module, {@code join},
 * scopes, spawning, broadcasting and custom pools. Only {@code io.github.rayon4j.core} is
 * exported; the sleep module and the other internals stay inside.
 */
module io.github.rayon4j.core {
    exports io.github.rayon4j.core;
}
