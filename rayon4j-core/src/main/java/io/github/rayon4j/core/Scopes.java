package io.github.rayon4j.core;

import java.util.function.Function;

/** Opening the four kinds of scope on a registry; shared by {@link Rayon} and {@link ThreadPool}. */
final class Scopes {
    private Scopes() {
    }

    static <R> R scope(Registry registry, Function<Scope, R> body) {
        return registry.inWorker((w, injected) -> {
            Scope s = new Scope(registry, w);
            return s.base.complete(w, () -> body.apply(s));
        });
    }

    static <R> R inPlaceScope(Registry registry, Function<Scope, R> body) {
        WorkerThread w = WorkerThread.current();
        Scope s = new Scope(registry, w);
        return s.base.complete(w, () -> body.apply(s));
    }

    static <R> R scopeFifo(Registry registry, Function<ScopeFifo, R> body) {
        return registry.inWorker((w, injected) -> {
            ScopeFifo s = new ScopeFifo(registry, w);
            return s.base.complete(w, () -> body.apply(s));
        });
    }

    static <R> R inPlaceScopeFifo(Registry registry, Function<ScopeFifo, R> body) {
        WorkerThread w = WorkerThread.current();
        ScopeFifo s = new ScopeFifo(registry, w);
        return s.base.complete(w, () -> body.apply(s));
    }
}
