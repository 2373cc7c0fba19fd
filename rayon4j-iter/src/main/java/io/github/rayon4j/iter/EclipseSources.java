package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import org.eclipse.collections.api.list.primitive.DoubleList;
import org.eclipse.collections.api.list.primitive.IntList;
import org.eclipse.collections.api.list.primitive.LongList;
import org.eclipse.collections.api.list.primitive.MutableDoubleList;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.DoubleArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;

import java.util.Objects;

/**
 * Eclipse Collections primitive lists as sources and results. Eclipse Collections is an optional
 * dependency: only this class names it in code, so a program that never calls these entry
 * points never loads it.
 */
final class EclipseSources {
    private EclipseSources() {
    }

    static IntParIter ints(IntList list) {
        Objects.requireNonNull(list, "list");
        return new IntParIter(new IntListProducer(list, 0, list.size()));
    }

    static LongParIter longs(LongList list) {
        Objects.requireNonNull(list, "list");
        return new LongParIter(new LongListProducer(list, 0, list.size()));
    }

    static DoubleParIter doubles(DoubleList list) {
        Objects.requireNonNull(list, "list");
        return new DoubleParIter(new DoubleListProducer(list, 0, list.size()));
    }

    static MutableIntList toIntList(int[] values) {
        return IntArrayList.newListWith(values);
    }

    static MutableLongList toLongList(long[] values) {
        return LongArrayList.newListWith(values);
    }

    static MutableDoubleList toDoubleList(double[] values) {
        return DoubleArrayList.newListWith(values);
    }

    record IntListProducer(IntList list, int lo, int hi) implements Producer<IntSink> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<IntSink>, Producer<IntSink>> splitAt(long index) {
            int mid = lo + ObjSources.checkedIndex(index);
            return new Pair<>(new IntListProducer(list, lo, mid), new IntListProducer(list, mid, hi));
        }

        @Override
        public void foldWith(IntSink sink) {
            IntList l = list;
            long t = System.nanoTime();
            for (int i = lo, end = hi, batch = 1; i < end && !sink.full(); ) {
                for (int stop = end - i > batch ? i + batch : end; i < stop; i++) {
                    sink.accept(l.get(i));
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }

    record LongListProducer(LongList list, int lo, int hi) implements Producer<LongSink> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<LongSink>, Producer<LongSink>> splitAt(long index) {
            int mid = lo + ObjSources.checkedIndex(index);
            return new Pair<>(new LongListProducer(list, lo, mid), new LongListProducer(list, mid, hi));
        }

        @Override
        public void foldWith(LongSink sink) {
            LongList l = list;
            long t = System.nanoTime();
            for (int i = lo, end = hi, batch = 1; i < end && !sink.full(); ) {
                for (int stop = end - i > batch ? i + batch : end; i < stop; i++) {
                    sink.accept(l.get(i));
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }

    record DoubleListProducer(DoubleList list, int lo, int hi) implements Producer<DoubleSink> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<DoubleSink>, Producer<DoubleSink>> splitAt(long index) {
            int mid = lo + ObjSources.checkedIndex(index);
            return new Pair<>(new DoubleListProducer(list, lo, mid), new DoubleListProducer(list, mid, hi));
        }

        @Override
        public void foldWith(DoubleSink sink) {
            DoubleList l = list;
            long t = System.nanoTime();
            for (int i = lo, end = hi, batch = 1; i < end && !sink.full(); ) {
                for (int stop = end - i > batch ? i + batch : end; i < stop; i++) {
                    sink.accept(l.get(i));
                }
                long now = System.nanoTime();
                batch = Pace.next(batch, now - t);
                t = now;
            }
        }
    }
}
