package io.github.rayon4j.eclipse;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IndexedDoubleParIter;
import io.github.rayon4j.iter.IndexedIntParIter;
import io.github.rayon4j.iter.IndexedLongParIter;
import io.github.rayon4j.iter.IntParIter;
import org.eclipse.collections.api.list.primitive.MutableDoubleList;
import org.eclipse.collections.api.list.primitive.MutableIntList;
import org.eclipse.collections.api.list.primitive.MutableLongList;
import org.eclipse.collections.impl.list.mutable.primitive.DoubleArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.IntArrayList;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** Eclipse Collections lists in and out, against the sequential streams over the same values. */
class EcParIterTest {
    private static final ThreadPool[] POOLS = new ThreadPool[5];

    @BeforeAll
    static void pools() {
        for (int t = 1; t <= 4; t++) {
            POOLS[t] = new ThreadPoolBuilder().numThreads(t).build();
        }
    }

    @AfterAll
    static void close() {
        for (int t = 1; t <= 4; t++) {
            POOLS[t].close();
        }
    }

    @Test
    void listsInAndOutMatchTheStreams() {
        qt().withExamples(60).forAll(integers().between(0, 20_000), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> POOLS[threads].install(() -> {
                    Random rnd = new Random(seed);
                    int[] ints = rnd.ints(size, -1000, 1000).toArray();
                    long[] longs = rnd.longs(size).toArray();
                    double[] doubles = rnd.doubles(size).toArray();
                    IndexedIntParIter i = EcParIter.of(IntArrayList.newListWith(ints));
                    IndexedLongParIter l = EcParIter.of(LongArrayList.newListWith(longs));
                    IndexedDoubleParIter d = EcParIter.of(DoubleArrayList.newListWith(doubles));
                    assertEquals((long) size, i.len());
                    assertEquals(IntStream.of(ints).sum(), i.sum());
                    assertEquals(LongStream.of(longs).max(), l.max());
                    assertArrayEquals(doubles, d.toArray());
                    assertEquals(IntStream.of(ints).filter(x -> x % 3 == 0).boxed().toList(),
                            i.filter(x -> x % 3 == 0).boxed().toList());
                    MutableIntList evens = EcParIter.toIntList(i.filter(x -> x % 2 == 0));
                    assertEquals(IntArrayList.newListWith(IntStream.of(ints).filter(x -> x % 2 == 0).toArray()), evens);
                    MutableLongList neg = EcParIter.toLongList(l.map(x -> -x));
                    assertArrayEquals(LongStream.of(longs).map(x -> -x).toArray(), neg.toArray());
                    MutableDoubleList halves = EcParIter.toDoubleList(d.map(x -> x / 2));
                    assertArrayEquals(DoubleStream.of(doubles).map(x -> x / 2).toArray(), halves.toArray());
                    assertEquals(Arrays.stream(ints).boxed().toList(), i.boxed().zip(EcParIter.of(IntArrayList.newListWith(ints)).boxed())
                            .map(p -> p.right()).toList(), "indexed: zip-able");
                    return null;
                }));
    }

    @Test
    void nullsAreRejectedNamingTheArgument() {
        assertEquals("list", assertThrows(NullPointerException.class, () -> EcParIter.of((IntArrayList) null)).getMessage());
        assertEquals("iterator", assertThrows(NullPointerException.class, () -> EcParIter.toIntList((IntParIter) null)).getMessage());
    }
}
