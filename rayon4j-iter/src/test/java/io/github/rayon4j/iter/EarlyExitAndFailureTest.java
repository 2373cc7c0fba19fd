package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Early exit really stops the other leaves (an iteration over 2^40 values could not finish
 * otherwise), and an exception in a user function stops the iteration and reaches the caller.
 */
class EarlyExitAndFailureTest {
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final long HUGE = 1L << 40;

    @Test
    void findFirstOverTwoToTheFortyStopsLeavesToTheRight() {
        OptionalLong r = assertTimeoutPreemptively(BOUND,
                () -> LongParIter.range(0, HUGE).filter(x -> x == 1000).findFirst());
        assertEquals(OptionalLong.of(1000), r);
        for (int threads = 1; threads <= 4; threads++) {
            int t = threads;
            OptionalLong inPool = assertTimeoutPreemptively(BOUND,
                    () -> Pools.in(t, () -> LongParIter.range(0, HUGE).filter(x -> x % 1_000_003 == 999_999).findFirst()));
            assertEquals(OptionalLong.of(999_999), inPool, "in a pool of " + threads);
        }
    }

    @Test
    void findAnyAnyMatchAndTakeAnyWhileStopTheOtherLeaves() {
        OptionalLong any = assertTimeoutPreemptively(BOUND,
                () -> LongParIter.range(0, HUGE).filter(x -> x % 4_000_037 == 5).findAny());
        assertTrue(any.isPresent() && any.getAsLong() % 4_000_037 == 5, "found " + any);
        assertTrue(assertTimeoutPreemptively(BOUND, () -> LongParIter.range(0, HUGE).anyMatch(x -> x == 123_456)));
        assertFalse(assertTimeoutPreemptively(BOUND, () -> LongParIter.range(0, HUGE).allMatch(x -> x < 123_456)));
        long taken = assertTimeoutPreemptively(BOUND,
                () -> LongParIter.range(0, HUGE).takeAnyWhile(x -> x < 1_000_000).count());
        assertTrue(taken <= 1_000_000, "takeAnyWhile took " + taken);
        Optional<Long> boxed = assertTimeoutPreemptively(BOUND,
                () -> LongParIter.range(0, HUGE).boxed().filter(x -> x == 77).findFirst());
        assertEquals(Optional.of(77L), boxed);
        assertFalse(assertTimeoutPreemptively(BOUND,
                () -> LongParIter.range(0, HUGE).boxed().tryForEach(x -> x != 5000)));
    }

    @Test
    void anExceptionInAUserFunctionStopsTheIterationAndReachesTheCaller() {
        IllegalStateException boom = new IllegalStateException("boom");
        AtomicLong calls = new AtomicLong();
        IllegalStateException thrown = assertTimeoutPreemptively(BOUND, () -> assertThrows(IllegalStateException.class,
                () -> LongParIter.range(0, HUGE).map(x -> {
                    calls.incrementAndGet();
                    if (x == 5000) {
                        throw boom;
                    }
                    return x;
                }).sum()));
        assertSame(boom, thrown, "the caller gets the very exception the function threw");
        assertTrue(calls.get() < HUGE, "the other leaves stopped after " + calls.get() + " calls");
        boolean ownFrame = false;
        for (StackTraceElement e : thrown.getStackTrace()) {
            ownFrame |= e.getClassName().startsWith(getClass().getName());
        }
        assertTrue(ownFrame, "the stack trace shows the throwing function");
    }

    @Test
    void exceptionsFromEveryKindOfTerminalPropagate() {
        RuntimeException boom = new RuntimeException("boom");
        List<Integer> xs = java.util.stream.IntStream.range(0, 50_000).boxed().toList();
        for (int threads = 1; threads <= 4; threads++) {
            int t = threads;
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> ParIter.of(xs).map(x -> { if (x == 40_000) { throw boom; } return x; }).toList())));
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> ParIter.of(xs).filter(x -> { if (x == 3) { throw boom; } return true; }).count())));
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> ParIter.of(xs).flatMap(x -> { if (x == 49_999) { throw boom; } return ParIter.of(x); }).toList())));
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> IntParIter.range(0, 50_000).filter(x -> { if (x == 1) { throw boom; } return false; }).findFirst())));
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> { ParSort.sort(xs.toArray(new Integer[0]), (a, b) -> { throw boom; }); return null; })));
            // a test taken into the terminal (the filtered primitive toArray) and a joiner merged
            // at the end of each leaf (joining): the same exception, from the leaf or the merge
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> LongParIter.range(0, 50_000).filter(x -> { if (x == 30_000) { throw boom; } return (x & 1) == 0; }).toArray())));
            assertSame(boom, assertThrows(RuntimeException.class, () -> Pools.in(t,
                    () -> ParIter.of(xs).withMaxLen(1000).collect(java.util.stream.Collector.of(() -> new java.util.StringJoiner(","),
                            (j, x) -> j.add(String.valueOf(x)), (a, b) -> { throw boom; }, java.util.StringJoiner::toString)))));
        }
        // the pools stay usable
        assertEquals(25_000, LongParIter.range(0, 50_000).filter(x -> (x & 1) == 0).toArray().length);
    }
}
