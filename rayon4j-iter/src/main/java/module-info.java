/**
 * Parallel iterators over rayon4j-core: {@code ParIter}, its indexed and primitive forms, the
 * plumbing to write new sources and terminals, and parallel sorts. Eclipse Collections is an
 * optional dependency ({@code requires static}): only {@code ParIter.ofInts/ofLongs/ofDoubles}
 * and {@code toIntList/toLongList/toDoubleList} need it at run time.
 */
module io.github.rayon4j.iter {
    requires transitive io.github.rayon4j.core;
    requires static org.eclipse.collections.api;
    requires static org.eclipse.collections.impl;

    exports io.github.rayon4j.iter;
}
