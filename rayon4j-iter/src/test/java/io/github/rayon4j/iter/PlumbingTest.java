package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.iter.plumbing.Bridge;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.LongSink;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.Producer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The public plumbing: user-written producers and consumers, and the splitter's decisions. */
class PlumbingTest {
    /** The javadoc example of {@link Producer}: squares of a range. */
    record Squares(long lo, long hi) implements Producer<LongSink> {
        public long len() {
            return hi - lo;
        }

        public Pair<Producer<LongSink>, Producer<LongSink>> splitAt(long i) {
            return new Pair<>(new Squares(lo, lo + i), new Squares(lo + i, hi));
        }

        public void foldWith(LongSink sink) {
            for (long x = lo; x < hi && !sink.full(); x++) {
                sink.accept(x * x);
            }
        }
    }

    /** Records the length of every leaf the bridge folds. */
    private static List<Long> leafLengths(IndexedParIter<Integer> it, int threads) {
        List<Long> leaves = Collections.synchronizedList(new ArrayList<>());
        Pools.in(threads, () -> it.drive(new Consumer<ObjSink<Integer>, Void>() {
            public boolean full() {
                return false;
            }

            public Consumer<ObjSink<Integer>, Void> splitOffLeft() {
                return this;
            }

            public Void reduce(Void a, Void b) {
                return null;
            }

            public Folder<ObjSink<Integer>, Void> intoFolder() {
                class Leaf implements ObjSink<Integer>, Folder<ObjSink<Integer>, Void> {
                    long n;

                    public void accept(Integer x) {
                        n++;
                    }

                    public boolean full() {
                        return false;
                    }

                    public ObjSink<Integer> sink() {
                        return this;
                    }

                    public Void complete() {
                        leaves.add(n);
                        return null;
                    }
                }
                return new Leaf();
            }
        }));
        return leaves;
    }

    @Test
    void aUserWrittenProducerRunsThroughTheBridge() {
        long expected = java.util.stream.LongStream.range(0, 1000).map(x -> x * x).sum();
        assertEquals(expected, LongParIter.fromProducer(new Squares(0, 1000)).sum());
        assertEquals(expected, Pools.in(4, () -> Bridge.bridge(new Squares(0, 1000),
                new Terminal.Folding<LongSink, Long>(stop -> new LongParIter.Leaf<Long>(stop) {
                    long s;

                    @Override
                    public void accept(long x) {
                        s += x;
                    }

                    @Override
                    public Long complete() {
                        return s;
                    }
                }, Long::sum))));
    }

    @Test
    void onOneThreadNothingSplitsButForMaxLen() {
        Integer[] xs = new Integer[100_000];
        java.util.Arrays.fill(xs, 1);
        assertEquals(List.of(100_000L), leafLengths(ParIter.of(xs), 1),
                "one thread: no other thread could take a half, so the budget starts at 0");
        assertEquals(java.util.Collections.nCopies(8, 12_500L),
                leafLengths(ParIter.of(xs).withMaxLen(25_000), 1),
                "max 25,000: a budget of len / maxLen = 4, halved three times, as in Rayon");
    }

    @Test
    void maxLenForcesSplitsAndMinLenPreventsThem() {
        Integer[] xs = new Integer[1000];
        java.util.Arrays.fill(xs, 1);
        for (int threads = 1; threads <= 4; threads++) {
            List<Long> small = leafLengths(ParIter.of(xs).withMaxLen(10), threads);
            assertEquals(1000, small.stream().mapToLong(x -> x).sum());
            assertTrue(small.stream().allMatch(n -> n <= 10), "leaves " + small + " respect max 10");
            List<Long> big = leafLengths(ParIter.of(xs).withMinLen(300), threads);
            assertEquals(1000, big.stream().mapToLong(x -> x).sum());
            assertTrue(big.stream().allMatch(n -> n >= 300), "leaves " + big + " respect min 300");
        }
    }
}
