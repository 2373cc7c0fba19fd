/**
 * An application of rayon4j as a named module. Its only requirement is the iterator module:
 * {@code requires transitive} brings rayon4j-core (the pool), and rayon4j-core brings what it
 * needs from the JDK; nothing else is on the module path.
 */
module io.github.rayon4j.consumer {
    requires io.github.rayon4j.iter;

    exports io.github.rayon4j.consumer;
}
