/**
 * Parallel iterators over rayon4j-core: {@code ParIter}, its indexed and primitive forms, the
 * plumbing to write new sources and terminals, and parallel sorts. It depends on rayon4j-core
 * alone; Eclipse Collections support is the separate module
 * {@code io.github.rayon4j.eclipse.collections}.
 */
module io.github.rayon4j.iter {
    requires transitive io.github.rayon4j.core;

    exports io.github.rayon4j.iter;
    exports io.github.rayon4j.iter.plumbing;
}
