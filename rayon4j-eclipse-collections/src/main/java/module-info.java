/**
 * Eclipse Collections primitive lists as sources and results of rayon4j's parallel iterators:
 * {@link io.github.rayon4j.eclipse.EcParIter}. Kept out of {@code rayon4j-iter} so that only
 * users of Eclipse Collections have its jars on their paths. Eclipse Collections ships no
 * module-info, so its jars are automatic modules, which javac warns about; the warnings are
 * expected and suppressed.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.github.rayon4j.eclipse.collections {
    requires transitive io.github.rayon4j.iter;
    requires transitive org.eclipse.collections.api;
    requires org.eclipse.collections.impl;

    exports io.github.rayon4j.eclipse;
}
