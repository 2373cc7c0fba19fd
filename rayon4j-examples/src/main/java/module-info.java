/**
 * Runnable demos of rayon4j: {@code java -jar rayon4j-examples.jar --help}. The example classes are
 * exported so that the benchmarks can time the same kernels against other libraries.
 */
module io.github.rayon4j.examples {
    requires io.github.rayon4j.core;
    requires io.github.rayon4j.iter;
    requires java.desktop;

    exports io.github.rayon4j.examples;
}
