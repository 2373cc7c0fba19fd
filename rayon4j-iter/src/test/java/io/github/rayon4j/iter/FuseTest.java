package io.github.rayon4j.iter;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongBinaryOperator;
import java.util.function.LongPredicate;
import java.util.function.LongUnaryOperator;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The fused leaves ({@link Fuse}) against sequential java.util.stream: every stage and terminal
 * class, on every source, run several times with shapes copied on their second run ({@link
 * Fuse.Shapes#copyAfter} 0), so that both the shared classes and the per-shape copies are
 * exercised (a copy cannot reach a private member of its enclosing class, so a slip there shows
 * up only on the copies).
 */
@ExtendWith(CopyOnSecondRun.class)
class FuseTest {
    private static final int RUNS = 4;

    @Test
    void everyStageAndTerminalMatchesTheStreamsOnSharedClassesAndCopies() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
                qt().withExamples(25).forAll(integers().between(0, 20_000), integers().between(1, 4), longs().all())
                        .checkAssert((n, threads, seed) -> {
                            Random r = new Random(seed);
                            int[] a = r.ints(n, -5000, 5000).toArray();
                            long[] l = r.longs(n, -1L << 40, 1L << 40).toArray();
                            double[] d = r.doubles(n, -100, 100).toArray();
                            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
                                for (int run = 0; run < RUNS; run++) {
                                    pool.install(() -> {
                                        checkInts(a);
                                        checkLongs(l, n);
                                        checkDoubles(d);
                                    });
                                }
                            }
                        }));
        assertTrue(Fuse.Shapes.copied() > 0, "shapes run more than once get copies");
    }

    private static void checkInts(int[] a) {
        int n = a.length;
        assertEquals(IntStream.of(a).map(x -> x * 3).filter(x -> x % 2 == 0).count(),
                IntParIter.of(a).map(x -> x * 3).filter(x -> x % 2 == 0).count());
        assertEquals(IntStream.of(a).sum(), IntParIter.of(a).sum());
        assertEquals(IntStream.range(-n, n).map(x -> x * x * 7).sum(), IntParIter.range(-n, n).map(x -> x * x * 7).sum());
        assertEquals(IntStream.of(a).mapToLong(x -> (long) x * x).sum(), IntParIter.of(a).mapToLong(x -> (long) x * x).sum());
        assertClose(IntStream.of(a).mapToDouble(x -> x / 3.0).sum(), IntParIter.of(a).mapToDouble(x -> x / 3.0).sum());
        assertEquals(IntStream.of(a).reduce(0, (x, y) -> x ^ y), IntParIter.of(a).reduce(0, (x, y) -> x ^ y));
        assertEquals(IntStream.of(a).min(), IntParIter.of(a).min());
        assertEquals(IntStream.of(a).filter(x -> x > 4000).max(), IntParIter.of(a).filter(x -> x > 4000).max());
        assertEquals(IntStream.of(a).anyMatch(x -> x == 17), IntParIter.of(a).anyMatch(x -> x == 17));
        assertEquals(IntStream.of(a).map(x -> x * 3).filter(x -> x % 2 == 0).average(),
                IntParIter.of(a).map(x -> x * 3).filter(x -> x % 2 == 0).average());
        assertEquals(IntStream.range(-n, 2 * n).average(), IntParIter.range(-n, 2 * n).average());
        assertEquals(IntStream.of(a).filter(x -> x > 5000).average(), IntParIter.of(a).filter(x -> x > 5000).average());
        assertEquals(IntStream.of(a).summaryStatistics().toString(), IntParIter.of(a).summaryStatistics().toString());
        assertEquals(IntStream.range(-n, n).map(x -> x * 11).summaryStatistics().toString(),
                IntParIter.range(-n, n).map(x -> x * 11).summaryStatistics().toString());
        assertEquals(IntStream.of(a).filter(x -> x > 5000).summaryStatistics().toString(),
                IntParIter.of(a).filter(x -> x > 5000).summaryStatistics().toString());
        assertEquals(IntStream.of(a).allMatch(x -> x > -4990), IntParIter.of(a).allMatch(x -> x > -4990));
        assertEquals(IntStream.of(a).noneMatch(x -> x == 0), IntParIter.of(a).noneMatch(x -> x == 0));
        LongAdder seen = new LongAdder();
        LongAdder each = new LongAdder();
        IntParIter.of(a).peek(seen::add).forEach(each::add);
        assertEquals(IntStream.of(a).asLongStream().sum(), seen.sum());
        assertEquals(IntStream.of(a).asLongStream().sum(), each.sum());
        assertEquals(IntStream.of(a).asLongStream().map(x -> x * 5).sum(), IntParIter.of(a).asLongParIter().map(x -> x * 5).sum());
        assertClose(IntStream.of(a).asDoubleStream().sum(), IntParIter.of(a).asDoubleParIter().sum());
        assertEquals(IntStream.of(a).filter(x -> x > 0).count(), IntParIter.of(a, 0, n).filter(x -> x > 0).count());
        assertArrayEquals(IntStream.of(a).map(x -> x * 3).toArray(), IntParIter.of(a).map(x -> x * 3).toArray());
        assertArrayEquals(IntStream.range(-n, n).toArray(), IntParIter.range(-n, n).toArray());
        assertArrayEquals(IntStream.of(a).filter(x -> x > 0).toArray(), IntParIter.of(a).filter(x -> x > 0).toArray());
        assertArrayEquals(IntStream.range(-n, n).filter(x -> (x & 5) == 1).toArray(), IntParIter.range(-n, n).filter(x -> (x & 5) == 1).toArray());
        assertEquals(IntStream.of(a).filter(x -> x % 97 == 3).findFirst(), IntParIter.of(a).filter(x -> x % 97 == 3).findFirst());
        assertEquals(IntStream.of(a).filter(x -> x % 97 == 3).reduce((x, y) -> y), IntParIter.of(a).filter(x -> x % 97 == 3).findLast());
        assertEquals(IntStream.range(-n, n).map(x -> x * 5).filter(x -> x > n).findFirst(),
                IntParIter.range(-n, n).map(x -> x * 5).filter(x -> x > n).findFirst());
        assertEquals(IntStream.of(a).map(x -> x * 3).findFirst(), IntParIter.of(a).map(x -> x * 3).findFirst());
        assertEquals(IntStream.of(a).map(x -> x * 3).reduce((x, y) -> y), IntParIter.of(a).map(x -> x * 3).findLast());
        assertEquals(IntStream.of(a).filter(x -> x > 4000).map(x -> x - 1).findFirst(),
                IntParIter.of(a).filter(x -> x > 4000).map(x -> x - 1).findFirst());
        assertEquals(IntStream.of(a).findAny().isPresent(), IntParIter.of(a).findAny().isPresent());
        OptionalInt any = IntParIter.of(a).filter(x -> x % 97 == 3).findAny();
        assertEquals(IntStream.of(a).anyMatch(x -> x % 97 == 3), any.isPresent());
        any.ifPresent(x -> assertEquals(3, Math.floorMod(x, 97)));
    }

    private static void checkLongs(long[] l, int n) {
        assertEquals(LongStream.of(l).filter(x -> (x & 1) == 0).map(x -> x >> 3).sum(),
                LongParIter.of(l).filter(x -> (x & 1) == 0).map(x -> x >> 3).sum());
        assertEquals(LongStream.range(-n, 3L * n).map(x -> x * x % 7).sum(),
                LongParIter.range(-n, 3L * n).map(x -> x * x % 7).sum());
        assertEquals(LongStream.of(l).mapToInt(x -> (int) x).sum(), LongParIter.of(l).mapToInt(x -> (int) x).sum());
        assertClose(LongStream.of(l).mapToDouble(x -> x * 1e-9).sum(), LongParIter.of(l).mapToDouble(x -> x * 1e-9).sum());
        assertEquals(LongStream.of(l).reduce(0, Long::sum), LongParIter.of(l).reduce(0, Long::sum));
        assertEquals(LongStream.of(l).max(), LongParIter.of(l).max());
        assertEquals(LongStream.of(l).reduce((x, y) -> x * y), LongParIter.of(l).reduce((x, y) -> x * y));
        assertEquals(LongStream.of(l).count(), LongParIter.of(l).count());
        assertEquals(LongStream.of(l).average(), LongParIter.of(l).average());
        assertEquals(LongStream.range(-n, 3L * n).filter(x -> x % 3 != 0).average(),
                LongParIter.range(-n, 3L * n).filter(x -> x % 3 != 0).average());
        assertEquals(LongStream.of(l).map(x -> x >> 2).summaryStatistics().toString(),
                LongParIter.of(l).map(x -> x >> 2).summaryStatistics().toString());
        assertEquals(LongStream.of(l).filter(x -> x > 1L << 41).summaryStatistics().toString(),
                LongParIter.of(l).filter(x -> x > 1L << 41).summaryStatistics().toString());
        assertArrayEquals(LongStream.of(l).map(x -> x ^ 5).toArray(), LongParIter.of(l).map(x -> x ^ 5).toArray());
        assertArrayEquals(LongStream.range(0, n).mapToInt(x -> (int) (x * 7)).toArray(),
                LongParIter.range(0, n).mapToInt(x -> (int) (x * 7)).toArray());
        assertArrayEquals(LongStream.of(l).map(x -> x >> 2).filter(x -> (x & 3) == 1).toArray(),
                LongParIter.of(l).map(x -> x >> 2).filter(x -> (x & 3) == 1).toArray());
        assertArrayEquals(LongStream.range(-n, n).filter(x -> x % 3 == 0).toArray(), LongParIter.range(-n, n).filter(x -> x % 3 == 0).toArray());
        assertEquals(LongStream.of(l).anyMatch(x -> x == 17), LongParIter.of(l).anyMatch(x -> x == 17));
        assertEquals(LongStream.of(l).allMatch(x -> x != 5), LongParIter.of(l).allMatch(x -> x != 5));
        assertEquals(LongStream.of(l).filter(x -> x % 31 == 0).findFirst(), LongParIter.of(l).filter(x -> x % 31 == 0).findFirst());
        assertEquals(LongStream.range(0, n).filter(x -> x % 13 == 5).reduce((x, y) -> y),
                LongParIter.range(0, n).filter(x -> x % 13 == 5).findLast());
        assertEquals(LongStream.of(l).anyMatch(x -> x > 0), LongParIter.of(l).filter(x -> x > 0).findAny().isPresent());
        assertEquals(LongStream.of(l).reduce((x, y) -> y), LongParIter.of(l).findLast());
        assertEquals(LongStream.of(l).filter(x -> x > 0).map(x -> x / 3).reduce((x, y) -> y),
                LongParIter.of(l).filter(x -> x > 0).map(x -> x / 3).findLast());
        AtomicLong each = new AtomicLong();
        LongParIter.of(l).peek(x -> { }).forEach(each::addAndGet);
        assertEquals(LongStream.of(l).sum(), each.get());
    }

    private static void checkDoubles(double[] d) {
        assertClose(DoubleStream.of(d).map(x -> x * x).filter(x -> x > 10).sum(),
                DoubleParIter.of(d).map(x -> x * x).filter(x -> x > 10).sum());
        assertEquals(DoubleStream.of(d).mapToInt(x -> (int) x).sum(), DoubleParIter.of(d).mapToInt(x -> (int) x).sum());
        assertEquals(DoubleStream.of(d).mapToLong(Math::round).sum(), DoubleParIter.of(d).mapToLong(Math::round).sum());
        assertEquals(DoubleStream.of(d).min(), DoubleParIter.of(d).min());
        assertEquals(DoubleStream.of(d).max(), DoubleParIter.of(d).max());
        assertClose(DoubleStream.of(d).reduce(0, Double::sum), DoubleParIter.of(d).reduce(0, Double::sum));
        assertEquals(DoubleStream.of(d).count(), DoubleParIter.of(d).count());
        OptionalDouble mean = DoubleParIter.of(d).map(x -> x * 3).average();
        assertEquals(d.length > 0, mean.isPresent());
        mean.ifPresent(m -> assertClose(DoubleStream.of(d).map(x -> x * 3).average().getAsDouble(), m));
        assertEquals(OptionalDouble.empty(), DoubleParIter.of(d).filter(x -> x > 100).average());
        assertArrayEquals(DoubleStream.of(d).map(Math::sqrt).toArray(), DoubleParIter.of(d).map(Math::sqrt).toArray());
        assertArrayEquals(DoubleStream.of(d).filter(x -> x > 0).toArray(), DoubleParIter.of(d).filter(x -> x > 0).toArray());
        assertEquals(DoubleStream.of(d).anyMatch(x -> x > 99.99), DoubleParIter.of(d).anyMatch(x -> x > 99.99));
        assertEquals(DoubleStream.of(d).noneMatch(x -> x < -99.99), DoubleParIter.of(d).noneMatch(x -> x < -99.99));
        assertEquals(DoubleStream.of(d).allMatch(x -> x < 99.9), DoubleParIter.of(d).allMatch(x -> x < 99.9));
        assertEquals(DoubleStream.of(d).filter(x -> x > 99).findFirst(), DoubleParIter.of(d).filter(x -> x > 99).findFirst());
        assertEquals(DoubleStream.of(d).filter(x -> x < -99).reduce((x, y) -> y), DoubleParIter.of(d).filter(x -> x < -99).findLast());
        OptionalDouble anyD = DoubleParIter.of(d).map(x -> -x).filter(x -> x > 99).findAny();
        assertEquals(DoubleStream.of(d).anyMatch(x -> x < -99), anyD.isPresent());
        anyD.ifPresent(x -> assertTrue(x > 99));
        LongAdder each = new LongAdder();
        DoubleParIter.of(d).peek(x -> { }).forEach(x -> each.increment());
        assertEquals(d.length, each.sum());
    }

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, 1e-9 * Math.max(1, Math.abs(expected)));
    }

    @Test
    void everyTemplateCanBeCopied() throws IllegalAccessException {
        List<Object> prototypes = new ArrayList<>();
        for (Class<?> holder : List.of(FuseSteps.class, FuseOps.class, FuseLoops.class)) {
            for (Class<?> template : holder.getDeclaredClasses()) {
                for (Field f : template.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) && f.getName().equals("PROTO")) {
                        prototypes.add(f.get(null));
                    }
                }
            }
        }
        assertEquals(15 + 29 + 5, prototypes.size(), "one prototype per template");
        for (Object p : prototypes) {
            Object copy = Fuse.Shapes.newCopy(p.getClass(), new Class<?>[3]);
            assertNotNull(copy, p.getClass().getName());
            assertTrue(copy.getClass().isHidden());
            assertSame(p.getClass().getSuperclass(), copy.getClass().getSuperclass());
        }
    }

    /**
     * A shape's copies know the exact class of everything they call (the optimizer inlines those
     * calls from the classes alone, without profiles); the shared classes know none. Before the
     * copies were given their classes, every copy's fields here were {@code null}.
     */
    @Test
    void copiesKnowTheExactClassesTheyCall() throws ReflectiveOperationException {
        LongUnaryOperator square = x -> x * x;
        LongPredicate even = x -> (x & 1) == 0;
        LongBinaryOperator max = Math::max;
        Fuse.Chain chain = FuseLoops.longRange(0, 1000).then(FuseSteps.MapLL.PROTO, square)
                .then(FuseSteps.FilterL.PROTO, even);
        for (int run = 0; run < 2; run++) {
            Object[] protos = chain.protos(FuseOps.ReduceL.PROTO, max);
            boolean copied = run == 1;
            assertEquals(copied, protos[0].getClass().isHidden(), "copies on run 2");
            Fuse.Op terminal = ((Fuse.Op) protos[protos.length - 1]).with(max, 0);
            Fuse.Loop loop = chain.link(protos, terminal);
            Object head = field(loop, "head");
            Object mapNext = field(head, "next");
            assertEquals(copied ? head.getClass() : null, field(loop.getClass(), "HEAD"));
            assertEquals(copied ? terminal.getClass() : null, field(loop.getClass(), "OP"));
            assertEquals(copied ? square.getClass() : null, field(head.getClass(), "FN"));
            assertEquals(copied ? mapNext.getClass() : null, field(head.getClass(), "NEXT"));
            assertEquals(copied ? even.getClass() : null, field(mapNext.getClass(), "FN"));
            assertEquals(copied ? terminal.getClass() : null, field(mapNext.getClass(), "NEXT"));
            assertEquals(copied ? max.getClass() : null, field(terminal.getClass(), "FN"));
            // the run that the next call's copies are made for
            assertEquals(LongStream.range(0, 1000).map(square).filter(even).reduce(0, max),
                    chain.run(FuseOps.ReduceL.PROTO, max, 0));
        }
    }

    /**
     * When a shape is copied (see "One copy of the code per pipeline shape" in {@link Fuse}):
     * never on its first run, never while its runs on the shared classes have taken less than
     * the limit in all, and as soon as they have taken it. Each run here takes at least 2 ms (its
     * one item spins that long), so three runs have certainly taken a 5 ms limit; a run's upper
     * bound is not certain, so the limit is lowered only after the runs.
     */
    @Test
    void aShapeIsCopiedOnceItsRunsOnTheSharedClassesHaveTakenTheLimit() {
        long before = Fuse.Shapes.copyAfter(Long.MAX_VALUE);
        try {
            LongUnaryOperator slow = x -> {
                long end = System.nanoTime() + 2_000_000;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
                return x + 1;
            };
            Fuse.Chain chain = FuseLoops.longRange(41, 42).then(FuseSteps.MapLL.PROTO, slow);
            assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                assertFalse(chain.protos(FuseOps.Sum.PROTO, null)[0].getClass().isHidden(), "a first run is on the shared classes");
                for (int run = 0; run < 3; run++) {
                    assertEquals(42L, chain.run(FuseOps.Sum.PROTO, null, 0));
                }
                assertFalse(chain.protos(FuseOps.Sum.PROTO, null)[0].getClass().isHidden(), "below the limit, no copies");
                Fuse.Shapes.copyAfter(5_000_000); // the three runs took at least 6 ms
                Object[] protos = chain.protos(FuseOps.Sum.PROTO, null);
                assertTrue(protos[0].getClass().isHidden(), "past the limit, the loop is a copy");
                assertTrue(protos[1].getClass().isHidden(), "and so is the stage");
                assertEquals(42L, chain.run(FuseOps.Sum.PROTO, null, 0));
            });
        } finally {
            Fuse.Shapes.copyAfter(before);
        }
    }

    private static Object field(Object holder, String name) throws ReflectiveOperationException {
        Field f = holder.getClass().getDeclaredField(name);
        f.setAccessible(true);
        return f.get(holder);
    }

    private static Object field(Class<?> holder, String name) throws ReflectiveOperationException {
        Field f = holder.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(null);
    }

    @Test
    void aThrowingStageReachesTheCallerAndTheOtherLeavesStop() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
                for (int run = 0; run < RUNS; run++) {
                    IllegalStateException boom = new IllegalStateException("boom");
                    AtomicLong after = new AtomicLong();
                    IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.install(() ->
                            LongParIter.range(0, 1L << 40).map(x -> {
                                if (x == 1000) {
                                    throw boom;
                                }
                                return x;
                            }).peek(x -> after.incrementAndGet()).sum()));
                    assertSame(boom, thrown);
                    assertTrue(after.get() < 1L << 30, "the other leaves stopped");
                    assertEquals(4950, pool.install(() -> IntParIter.range(0, 100).sum()));
                }
            }
        });
    }

    @Test
    void aMatchStopsEveryLeafEarly() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int run = 0; run < RUNS; run++) {
                assertTrue(LongParIter.range(0, Long.MAX_VALUE).anyMatch(x -> x == 123_456));
                assertFalse(LongParIter.range(0, Long.MAX_VALUE).allMatch(x -> x < 123_456));
                assertFalse(LongParIter.range(0, Long.MAX_VALUE).map(x -> x * 2).noneMatch(x -> x == 246_912));
            }
        });
    }

    @Test
    void findsStopTheLeavesTheyBeat() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int run = 0; run < RUNS; run++) {
                // without pruning these would scan 2^63 values (findLast has no such test: the
                // last leaf scans its whole range, on every path, as Rayon's does)
                assertEquals(OptionalLong.of(123_456), LongParIter.range(0, Long.MAX_VALUE).filter(x -> x >= 123_456).findFirst());
                assertTrue(LongParIter.range(0, Long.MAX_VALUE).filter(x -> x % 1000 == 999).findAny().isPresent());
            }
        });
    }

    /**
     * The {@code long} range loop counts a batch's items with an {@code int} added to the
     * position: ranges that end at, or start from, the ends of their type, and an {@code int}
     * range longer than {@code Integer.MAX_VALUE} (the distance to its end overflows), against
     * the plain loop.
     */
    @Test
    void rangesAtTheEndsOfTheirTypeSumAndFindAsTheLoop() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int run = 0; run < RUNS; run++) {
                long top = 0;
                for (long x = Long.MAX_VALUE - 100_000; x < Long.MAX_VALUE; x++) {
                    top += x;
                }
                assertEquals(top, LongParIter.range(Long.MAX_VALUE - 100_000, Long.MAX_VALUE).sum());
                long bottom = 0;
                for (long x = Long.MIN_VALUE; x < Long.MIN_VALUE + 100_000; x++) {
                    bottom += x;
                }
                assertEquals(bottom, LongParIter.range(Long.MIN_VALUE, Long.MIN_VALUE + 100_000).sum());
                int intTop = 0;
                for (int x = Integer.MAX_VALUE - 100_000; x < Integer.MAX_VALUE; x++) {
                    intTop += x;
                }
                assertEquals(intTop, IntParIter.range(Integer.MAX_VALUE - 100_000, Integer.MAX_VALUE).sum());
                assertEquals(OptionalLong.of(Long.MAX_VALUE - 7),
                        LongParIter.range(Long.MAX_VALUE - 100_000, Long.MAX_VALUE).filter(x -> x >= Long.MAX_VALUE - 7).findFirst());
                assertEquals(OptionalInt.of(Integer.MIN_VALUE + 5),
                        IntParIter.range(Integer.MIN_VALUE, Integer.MAX_VALUE).filter(x -> x > Integer.MIN_VALUE + 4).findFirst());
                assertTrue(IntParIter.range(Integer.MIN_VALUE, Integer.MAX_VALUE).anyMatch(x -> x == Integer.MIN_VALUE + 3));
                // the sums behind average() and summaryStatistics() wrap around as the streams' do
                assertEquals(LongStream.range(Long.MAX_VALUE - 100_000, Long.MAX_VALUE).average(),
                        LongParIter.range(Long.MAX_VALUE - 100_000, Long.MAX_VALUE).average());
                assertEquals(LongStream.range(Long.MIN_VALUE, Long.MIN_VALUE + 100_000).summaryStatistics().toString(),
                        LongParIter.range(Long.MIN_VALUE, Long.MIN_VALUE + 100_000).summaryStatistics().toString());
                assertEquals(IntStream.range(Integer.MAX_VALUE - 100_000, Integer.MAX_VALUE).summaryStatistics().toString(),
                        IntParIter.range(Integer.MAX_VALUE - 100_000, Integer.MAX_VALUE).summaryStatistics().toString());
                assertEquals(IntStream.range(Integer.MIN_VALUE, Integer.MIN_VALUE + 100_000).average(),
                        IntParIter.range(Integer.MIN_VALUE, Integer.MIN_VALUE + 100_000).average());
            }
        });
    }

    @Test
    void notFusedAfterAnOperationWithoutAFusedForm() {
        int[] a = IntStream.range(0, 1000).toArray();
        assertNotNull(IntParIter.of(a).map(x -> x + 1).fused);
        assertNotNull(IntParIter.range(0, 10).filter(x -> x > 1).mapToDouble(x -> x).fused);
        assertEquals(null, IntParIter.of(a).withMinLen(10).fused);
        assertEquals(null, IntParIter.of(a).skip(1).map(x -> x).fused);
        assertEquals(IntStream.of(a).map(x -> x + 1).sum(), IntParIter.of(a).withMinLen(10).map(x -> x + 1).sum());
    }
}
