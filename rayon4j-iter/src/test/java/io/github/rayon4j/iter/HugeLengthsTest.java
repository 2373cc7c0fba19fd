package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lengths near {@code Long.MAX_VALUE}: a chain or interleave whose length would overflow is
 * rejected at the call, and {@code stepBy} over 2^40 items costs its number of steps, not its
 * length.
 */
class HugeLengthsTest {
    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final long HUGE = 1L << 40;

    private static IndexedParIter<Long> range(long from, long to) {
        return (IndexedParIter<Long>) LongParIter.range(from, to).boxed();
    }

    private static void overflowNaming(String operation, Executable call) {
        ArithmeticException e = assertThrows(ArithmeticException.class, call, operation);
        assertTrue(e.getMessage().contains(operation), "message '" + e.getMessage() + "' names " + operation);
    }

    @Test
    void chainAndInterleaveWhoseLengthOverflowsAreRejectedAtTheCall() {
        IndexedParIter<Long> max = range(0, Long.MAX_VALUE);
        overflowNaming("chain", () -> max.chain(range(0, 1)));
        overflowNaming("chain", () -> max.chain((ParIter<Long>) range(0, 1)));
        overflowNaming("chain", () -> range(0, 1).chain(max));
        overflowNaming("interleave", () -> max.interleave(max));
        overflowNaming("chain", () -> LongParIter.range(0, Long.MAX_VALUE).chain(LongParIter.range(0, 2)));
        overflowNaming("chain", () -> LongParIter.range(0, Long.MAX_VALUE).mapToInt(x -> 1).chain(IntParIter.range(0, 2)));
        overflowNaming("chain", () -> LongParIter.range(0, Long.MAX_VALUE).mapToDouble(x -> 1).chain(DoubleParIter.of(1.0)));
        assertEquals(Long.MAX_VALUE, range(1, Long.MAX_VALUE).chain(range(0, 1)).len(), "exactly Long.MAX_VALUE is fine");
        assertEquals(Long.MAX_VALUE, range(1, Long.MAX_VALUE).interleave(range(0, 1)).len());
        assertEquals(Optional.of(0L), assertTimeoutPreemptively(BOUND,
                () -> range(1, Long.MAX_VALUE).interleave(range(0, 1)).skip(1).findFirst()));
    }

    @Test
    void stepByOverTwoToTheFortyItemsCostsItsSteps() {
        List<Long> expected = LongStream.range(0, 1024).map(i -> i << 30).boxed().toList();
        for (int threads = 1; threads <= 4; threads++) {
            int t = threads;
            assertTimeoutPreemptively(BOUND, () -> Pools.in(t, () -> {
                String why = "on " + t + " threads";
                assertEquals(expected, range(0, HUGE).stepBy(1L << 30).toList(), why);
                assertEquals(expected, range(0, HUGE).map(x -> x).stepBy(1L << 30).toList(), why + ", over a map");
                assertEquals(1024, range(0, HUGE).stepBy(1L << 30).count(), why);
                assertEquals(2048, range(0, HUGE).chain(range(0, HUGE)).stepBy(1L << 30).count(), why + ", over a chain");
                assertEquals(HUGE - 1, range(0, HUGE).rev().stepBy(1L << 30).toList().get(0), why + ", over rev");
                assertEquals(List.of(0L), range(0, HUGE).stepBy(Long.MAX_VALUE).toList(), why + ", a step beyond the end");
                assertEquals(List.of(0L, 1L << 32), range(0, HUGE).stepBy(1L << 30).stepBy(4).take(2).toList(),
                        why + ", stepBy of stepBy");
                assertEquals(expected.size(), range(0, HUGE).stepBy(1L << 30).withMaxLen(1).map(x -> x).count(),
                        why + ", one step per leaf");
                return null;
            }), "stepBy on " + t + " threads");
        }
    }
}
