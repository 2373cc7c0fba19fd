package io.github.rayon4j.iter;

/** Sinks that pass {@code full()} through to the sink below them; adaptors extend these. */
final class Chained {
    private Chained() {
    }

    abstract static class Obj<T, D extends Sink> implements ObjSink<T> {
        final D down;

        Obj(D down) {
            this.down = down;
        }

        @Override
        public boolean full() {
            return down.full();
        }
    }

    abstract static class Int<D extends Sink> implements IntSink {
        final D down;

        Int(D down) {
            this.down = down;
        }

        @Override
        public boolean full() {
            return down.full();
        }
    }

    abstract static class Long<D extends Sink> implements LongSink {
        final D down;

        Long(D down) {
            this.down = down;
        }

        @Override
        public boolean full() {
            return down.full();
        }
    }

    abstract static class Double<D extends Sink> implements DoubleSink {
        final D down;

        Double(D down) {
            this.down = down;
        }

        @Override
        public boolean full() {
            return down.full();
        }
    }
}
