package io.github.rayon4j.iter;

import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/** The per-item adaptors of object iterators, usable on producers and on consumers alike. */
final class ObjAdapters {
    private ObjAdapters() {
    }

    static <T, U> SinkAdapter<ObjSink<T>, ObjSink<U>> map(Function<? super T, ? extends U> f) {
        return d -> new Chained.Obj<T, ObjSink<U>>(d) {
            @Override
            public void accept(T t) {
                down.accept(f.apply(t));
            }
        };
    }

    static <S, T, U> SinkAdapter<ObjSink<T>, ObjSink<U>> mapInit(Supplier<? extends S> init,
                                                                  BiFunction<? super S, ? super T, ? extends U> f) {
        return d -> new Chained.Obj<T, ObjSink<U>>(d) {
            private final S state = init.get();

            @Override
            public void accept(T t) {
                down.accept(f.apply(state, t));
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, ObjSink<T>> peek(java.util.function.Consumer<? super T> action) {
        return d -> new Chained.Obj<T, ObjSink<T>>(d) {
            @Override
            public void accept(T t) {
                action.accept(t);
                down.accept(t);
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, ObjSink<T>> filter(Predicate<? super T> p) {
        return d -> new Chained.Obj<T, ObjSink<T>>(d) {
            @Override
            public void accept(T t) {
                if (p.test(t)) {
                    down.accept(t);
                }
            }
        };
    }

    static <T, U> SinkAdapter<ObjSink<T>, ObjSink<U>> flatMapIter(
            Function<? super T, ? extends Iterable<? extends U>> f) {
        return d -> new Chained.Obj<T, ObjSink<U>>(d) {
            @Override
            public void accept(T t) {
                Iterable<? extends U> inner = f.apply(t);
                if (inner == null) {
                    return;
                }
                for (U u : inner) {
                    if (down.full()) {
                        return;
                    }
                    down.accept(u);
                }
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, ObjSink<T>> takeAnyWhile(Predicate<? super T> p, Stop done) {
        return d -> new Chained.Obj<T, ObjSink<T>>(d) {
            @Override
            public void accept(T t) {
                if (done.stopped) {
                    return;
                }
                if (p.test(t)) {
                    down.accept(t);
                } else {
                    done.stop();
                }
            }

            @Override
            public boolean full() {
                return done.stopped || down.full();
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, ObjSink<T>> skipAnyWhile(Predicate<? super T> p, Stop passing) {
        return d -> new Chained.Obj<T, ObjSink<T>>(d) {
            @Override
            public void accept(T t) {
                if (!passing.stopped) {
                    if (p.test(t)) {
                        return;
                    }
                    passing.stop();
                }
                down.accept(t);
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, IntSink> mapToInt(ToIntFunction<? super T> f) {
        return d -> new Chained.Obj<T, IntSink>(d) {
            @Override
            public void accept(T t) {
                down.accept(f.applyAsInt(t));
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, LongSink> mapToLong(ToLongFunction<? super T> f) {
        return d -> new Chained.Obj<T, LongSink>(d) {
            @Override
            public void accept(T t) {
                down.accept(f.applyAsLong(t));
            }
        };
    }

    static <T> SinkAdapter<ObjSink<T>, DoubleSink> mapToDouble(ToDoubleFunction<? super T> f) {
        return d -> new Chained.Obj<T, DoubleSink>(d) {
            @Override
            public void accept(T t) {
                down.accept(f.applyAsDouble(t));
            }
        };
    }
}
