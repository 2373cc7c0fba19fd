package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.Sink;

/**
 * Collection of an indexed iterator straight into a pre-sized array: the indexed bridge tells
 * each split its length, so every leaf knows the slice it writes. A leaf that writes more or
 * fewer items than its slice means a broken producer and fails loudly.
 */
final class IntoArray {
    private IntoArray() {
    }

    interface Writers<S extends Sink> {
        Folder<S, Void> make(int from, int to, Stop stop);
    }

    static final class Positional<S extends Sink> implements Consumer<S, Void> {
        private final Stop stop;
        private final Writers<S> writers;
        private int from;
        private final int to;

        Positional(int from, int to, Writers<S> writers) {
            this(new Stop(), from, to, writers);
        }

        private Positional(Stop stop, int from, int to, Writers<S> writers) {
            this.stop = stop;
            this.from = from;
            this.to = to;
            this.writers = writers;
        }

        @Override
        public boolean full() {
            return stop.stopped;
        }

        @Override
        public Folder<S, Void> intoFolder() {
            return writers.make(from, to, stop);
        }

        @Override
        public Consumer<S, Void> splitOffLeft() {
            throw new IllegalStateException("collecting into an array needs an indexed split");
        }

        @Override
        public Consumer<S, Void> splitOffLeftAt(long index) {
            int mid = Math.addExact(from, Math.toIntExact(index));
            Positional<S> left = new Positional<>(stop, from, mid, writers);
            from = mid;
            return left;
        }

        @Override
        public Void reduce(Void left, Void right) {
            return null;
        }

        @Override
        public void cancel() {
            stop.stop();
        }
    }

    abstract static class Writer<S extends Sink> extends Terminal.SelfFolder<S, Void> {
        final int from;
        final int to;
        int i;

        Writer(int from, int to, Stop stop) {
            super(stop);
            this.from = from;
            this.to = to;
            this.i = from;
        }

        @Override
        public Void complete() {
            if (i != to && !stop.stopped) {
                throw new IllegalStateException("a producer of " + (to - from) + " items pushed " + (i - from));
            }
            return null;
        }
    }

    static final class ObjWriter<T> extends Writer<ObjSink<T>> implements ObjSink<T> {
        private final Object[] out;

        ObjWriter(Object[] out, int from, int to, Stop stop) {
            super(from, to, stop);
            this.out = out;
        }

        @Override
        public void accept(T t) {
            out[i++] = t;
        }
    }
}
