package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.IntSummaryStatistics;
import java.util.LongSummaryStatistics;
import java.util.Random;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The primitive iterators against IntStream, LongStream and DoubleStream on random inputs,
 * random chains, pools of 1 to 4 threads and random leaf bounds.
 */
class PrimitivePropertyTest {

    private record IntCase(IntParIter par, int[] expected, String description) {
    }

    private static IntCase randomIntChain(int size, Random rnd) {
        int[] data = Inputs.randomInts(size, rnd, rnd.nextBoolean() ? 0 : 1000);
        IntParIter par;
        int[] model;
        StringBuilder d = new StringBuilder();
        switch (rnd.nextInt(3)) {
            case 0 -> {
                par = IntParIter.of(data);
                model = data;
                d.append("array");
            }
            case 1 -> {
                int lo = rnd.nextInt(2001) - 1000;
                par = IntParIter.range(lo, lo + size);
                model = IntStream.range(lo, lo + size).toArray();
                d.append("range");
            }
            default -> {
                par = ParIter.of(org.eclipse.collections.impl.list.mutable.primitive.IntArrayList.newListWith(data));
                model = data;
                d.append("IntList");
            }
        }
        int steps = rnd.nextInt(5);
        for (int s = 0; s < steps; s++) {
            switch (rnd.nextInt(9)) {
                case 0 -> {
                    par = par.map(x -> x * 3 + 1);
                    model = Arrays.stream(model).map(x -> x * 3 + 1).toArray();
                    d.append(".map");
                }
                case 1 -> {
                    par = par.filter(x -> x % 3 != 0);
                    model = Arrays.stream(model).filter(x -> x % 3 != 0).toArray();
                    d.append(".filter");
                }
                case 2 -> {
                    par = par.flatMap(x -> x % 5 == 0 ? IntParIter.of(x, -x) : IntParIter.of(x));
                    model = Arrays.stream(model).flatMap(x -> x % 5 == 0 ? IntStream.of(x, -x) : IntStream.of(x)).toArray();
                    d.append(".flatMap");
                }
                case 3 -> {
                    par = par.peek(x -> { });
                    d.append(".peek");
                }
                case 4 -> {
                    int[] other = Inputs.randomInts(rnd.nextInt(40), rnd, 100);
                    par = par.chain(IntParIter.of(other));
                    model = IntStream.concat(Arrays.stream(model), Arrays.stream(other)).toArray();
                    d.append(".chain");
                }
                case 5 -> {
                    long b = 1 + rnd.nextInt(3000);
                    par = rnd.nextBoolean() ? par.withMinLen(b) : par.withMaxLen(b);
                    d.append(".withMin/MaxLen(").append(b).append(')');
                }
                case 6 -> {
                    par = par.boxed().mapToInt(x -> x);
                    d.append(".boxed.mapToInt");
                }
                case 7 -> {
                    par = par.asLongParIter().mapToInt(x -> (int) x);
                    d.append(".asLong.mapToInt");
                }
                default -> {
                    par = par.skipAnyWhile(x -> false).takeAnyWhile(x -> true);
                    d.append(".skipAnyWhile(false).takeAnyWhile(true)");
                }
            }
        }
        return new IntCase(par, model, d.toString());
    }

    @Test
    void intTerminalsMatchIntStream() {
        qt().withExamples(80).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    IntCase c = randomIntChain(size, rnd);
                    IntParIter par = c.par();
                    int[] exp = c.expected();
                    String why = c.description() + " over " + exp.length + " values";
                    assertArrayEquals(exp, par.toArray(), why);
                    assertEquals(IntStream.of(exp).sum(), par.sum(), why);
                    assertEquals(exp.length, par.count(), why);
                    assertEquals(IntStream.of(exp).min(), par.min(), why);
                    assertEquals(IntStream.of(exp).max(), par.max(), why);
                    assertEquals(IntStream.of(exp).average(), par.average(), why);
                    IntSummaryStatistics es = IntStream.of(exp).summaryStatistics();
                    IntSummaryStatistics ps = par.summaryStatistics();
                    assertEquals(es.toString(), ps.toString(), why);
                    assertEquals(IntStream.of(exp).reduce(1, (a, b) -> a * b), par.reduce(1, (a, b) -> a * b), why);
                    assertEquals(IntStream.of(exp).reduce((a, b) -> b), par.reduce((a, b) -> b), why + " (ordered reduce)");
                    assertEquals(IntStream.of(exp).findFirst(), par.findFirst(), why);
                    assertEquals(exp.length == 0 ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(exp[exp.length - 1]),
                            par.findLast(), why);
                    assertEquals(IntStream.of(exp).filter(x -> x % 7 == 3).findFirst(), par.filter(x -> x % 7 == 3).findFirst(), why);
                    java.util.OptionalInt any = par.findAny();
                    assertEquals(exp.length > 0, any.isPresent(), why);
                    any.ifPresent(x -> assertTrue(IntStream.of(exp).anyMatch(y -> y == x), why));
                    assertEquals(IntStream.of(exp).anyMatch(x -> x % 11 == 0), par.anyMatch(x -> x % 11 == 0), why);
                    assertEquals(IntStream.of(exp).allMatch(x -> x > -500), par.allMatch(x -> x > -500), why);
                    assertEquals(IntStream.of(exp).noneMatch(x -> x == 17), par.noneMatch(x -> x == 17), why);
                    assertArrayEquals(exp, par.toIntList().toArray(), why);
                    assertArrayEquals(exp, par.stream().toArray(), why);
                    assertEquals(IntStream.of(exp).boxed().toList(), par.boxed().toList(), why);
                    assertEquals(IntStream.of(exp).asLongStream().sum(), par.asLongParIter().sum(), why);
                    assertEquals(IntStream.of(exp).mapToObj(Integer::toString).toList(), par.mapToObj(Integer::toString).toList(), why);
                    StringBuilder expSb = new StringBuilder();
                    IntStream.of(exp).forEach(expSb::append);
                    assertEquals(expSb.toString(), par.collect(StringBuilder::new, StringBuilder::append, StringBuilder::append).toString(), why);
                    LongAdder seen = new LongAdder();
                    par.forEach(seen::add);
                    assertEquals(IntStream.of(exp).asLongStream().sum(), seen.sum(), why);
                    return null;
                }));
    }

    @Test
    void longTerminalsMatchLongStream() {
        qt().withExamples(60).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    long lo = rnd.nextLong() >> 2;
                    boolean range = rnd.nextBoolean();
                    long[] exp = range ? LongStream.range(lo, lo + size).toArray() : rnd.longs(size).toArray();
                    LongParIter par = range ? LongParIter.range(lo, lo + size) : LongParIter.of(exp);
                    if (rnd.nextBoolean()) {
                        par = par.map(x -> x ^ 0x5555);
                        exp = LongStream.of(exp).map(x -> x ^ 0x5555).toArray();
                    }
                    if (rnd.nextBoolean()) {
                        par = par.withMaxLen(1 + rnd.nextInt(1000)).filter(x -> x % 3 != 0);
                        exp = LongStream.of(exp).filter(x -> x % 3 != 0).toArray();
                    }
                    long[] e = exp;
                    String why = "over " + e.length + " values";
                    assertArrayEquals(e, par.toArray(), why);
                    assertEquals(LongStream.of(e).sum(), par.sum(), why + " (wrapping sum)");
                    assertEquals(LongStream.of(e).min(), par.min(), why);
                    assertEquals(LongStream.of(e).max(), par.max(), why);
                    assertEquals(LongStream.of(e).average(), par.average(), why);
                    LongSummaryStatistics es = LongStream.of(e).summaryStatistics();
                    assertEquals(es.toString(), par.summaryStatistics().toString(), why);
                    assertEquals(LongStream.of(e).findFirst(), par.findFirst(), why);
                    assertEquals(LongStream.of(e).filter(x -> x % 5 == 1).findFirst(), par.filter(x -> x % 5 == 1).findFirst(), why);
                    assertEquals(LongStream.of(e).count(), par.count(), why);
                    assertArrayEquals(e, par.toLongList().toArray(), why);
                    assertEquals(LongStream.of(e).mapToDouble(x -> x).boxed().toList(), par.asDoubleParIter().boxed().toList(), why);
                    return null;
                }));
    }

    @Test
    void doubleTerminalsMatchDoubleStream() {
        qt().withExamples(60).forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    double[] data = rnd.doubles(size, -1e6, 1e6).toArray();
                    if (size > 3 && rnd.nextInt(4) == 0) {
                        data[rnd.nextInt(size)] = -0.0;
                        data[rnd.nextInt(size)] = 0.0;
                    }
                    DoubleParIter par = rnd.nextBoolean() ? DoubleParIter.of(data)
                            : ParIter.of(org.eclipse.collections.impl.list.mutable.primitive.DoubleArrayList.newListWith(data));
                    double[] exp = data;
                    if (rnd.nextBoolean()) {
                        par = par.map(x -> x * 0.5).withMinLen(rnd.nextInt(500));
                        exp = DoubleStream.of(exp).map(x -> x * 0.5).toArray();
                    }
                    if (rnd.nextBoolean()) {
                        par = par.filter(x -> x > 0);
                        exp = DoubleStream.of(exp).filter(x -> x > 0).toArray();
                    }
                    double[] e = exp;
                    String why = "over " + e.length + " values";
                    assertArrayEquals(e, par.toArray(), why);
                    double s = DoubleStream.of(e).sum();
                    assertEquals(s, par.sum(), 1e-9 * Math.max(1, DoubleStream.of(e).map(Math::abs).sum()), why);
                    assertEquals(DoubleStream.of(e).min(), par.min(), why);
                    assertEquals(DoubleStream.of(e).max(), par.max(), why);
                    assertEquals(DoubleStream.of(e).count(), par.count(), why);
                    DoubleSummaryStatistics st = par.summaryStatistics();
                    assertEquals(e.length, st.getCount(), why);
                    assertEquals(DoubleStream.of(e).findFirst(), par.findFirst(), why);
                    assertArrayEquals(e, par.toDoubleList().toArray(), why);
                    assertEquals(DoubleStream.of(e).mapToLong(Math::round).sum(), par.mapToLong(Math::round).sum(), why);
                    return null;
                }));
    }

    @Test
    void sumDocumentedOverflowAndRounding() {
        assertEquals(Integer.MIN_VALUE, IntParIter.of(Integer.MAX_VALUE, 1).sum(), "int sum wraps around");
        assertEquals(2L * Integer.MAX_VALUE, IntParIter.of(Integer.MAX_VALUE, Integer.MAX_VALUE).asLongParIter().sum());
        assertEquals(Long.MIN_VALUE, LongParIter.of(Long.MAX_VALUE, 1).sum(), "long sum wraps around");
        assertEquals(Double.POSITIVE_INFINITY, DoubleParIter.of(Double.MAX_VALUE, Double.MAX_VALUE).sum());
        assertTrue(Double.isNaN(DoubleParIter.of(1, Double.NaN).sum()));
        double[] tenths = new double[100_000];
        Arrays.fill(tenths, 0.1);
        assertEquals(DoubleStream.of(tenths).sum(), DoubleParIter.of(tenths).sum(), 1e-9,
                "compensated summation stays next to DoubleStream.sum()");
    }
}
