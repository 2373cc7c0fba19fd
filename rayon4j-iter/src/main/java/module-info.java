/**
 * Parallel iterators over rayon4j-core: {@code ParIter}, its indexed and primitive forms, the
 * plumbing to write new sources and terminals, and parallel sorts. Eclipse Collections' API jar
 * is required ({@code ParIter.of(IntList)} and its siblings are overloads of {@code of}, and
 * javac resolves every overload's parameter types); its implementation jar is optional
 * ({@code requires static}): only {@code toIntList/toLongList/toDoubleList} need it. Both are
 * automatic modules (Eclipse Collections ships no module-info), which javac warns about; the
 * warnings are expected and suppressed.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.rayon4j.iter {
    requires transitive io.github.rayon4j.core;
    requires transitive org.eclipse.collections.api;
    requires static org.eclipse.collections.impl;

    exports io.github.rayon4j.iter;
}
