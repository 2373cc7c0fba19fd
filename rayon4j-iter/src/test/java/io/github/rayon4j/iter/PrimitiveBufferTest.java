package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

/**
 * The unindexed primitive {@code toArray}'s buffer (one template for the three types, tested on
 * {@code int}): values in arrays that are linked, never copied, until {@code toArray}; joined
 * parts, a buffer that goes on filling after a join, and the first values kept by {@code limit}.
 */
class PrimitiveBufferTest {
    private static IntParIter.Buffer filled(int from, int to) {
        IntParIter.Buffer b = new IntParIter.Buffer(new Stop());
        for (int i = from; i < to; i++) {
            b.accept(i);
        }
        return b;
    }

    @Test
    void joinedPartsAndAResumedBufferGiveEveryValueInOrder() {
        qt().withExamples(300).forAll(integers().between(0, 70_000), integers().between(0, 70_000),
                integers().between(0, 3_000)).checkAssert((a, b, c) -> {
                    IntParIter.Buffer left = filled(0, a);
                    left.append(filled(a, a + b));
                    for (int i = a + b; i < a + b + c; i++) { // a leaf that goes on from the two
                        left.accept(i);
                    }
                    assertEquals(a + b + c, left.size());
                    assertArrayEquals(IntStream.range(0, a + b + c).toArray(), left.toArray());
                });
    }

    @Test
    void appendUpToKeepsTheFirstValuesAcrossArrays() {
        Random rnd = new Random(3);
        for (int round = 0; round < 500; round++) {
            int a = rnd.nextInt(2_000);
            int b = rnd.nextInt(70_000);
            int cap = rnd.nextInt(a + b + 10) + 1;
            IntParIter.Buffer left = filled(0, a);
            left.appendUpTo(filled(a, a + b), cap);
            int kept = Math.min(a + b, Math.max(a, cap));
            assertArrayEquals(IntStream.range(0, kept).toArray(), left.toArray(), "a=" + a + " b=" + b + " cap=" + cap);
        }
    }

    @Test
    void manyValuesAreCopiedInParallelInOrder() {
        int n = 3 * (int) ObjFolders.PARALLEL_COPY + 5;
        IntParIter.Buffer all = filled(0, 1_000);
        for (int from = 1_000; from < n; from += 7_000) {
            all.append(filled(from, Math.min(n, from + 7_000)));
        }
        int[] got = Pools.in(2, all::toArray);
        assertArrayEquals(IntStream.range(0, n).toArray(), got);
    }
}
