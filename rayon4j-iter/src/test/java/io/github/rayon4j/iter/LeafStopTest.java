package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Once the answer is known (an exception, a found item, a failed tryForEach), every running leaf
 * stops within about one item, also when items are slow: each source, object and primitive, and
 * each block-reading adaptor (rev, zip, interleave, stepBy, chunks) looks at {@code full()} after
 * every slow item. Items here take 3 ms; before the adaptive check interval a leaf went on for the rest
 * of its batch (then up to 1,024 items).
 */
class LeafStopTest {
    private static final int N = 600;
    private static final int ANSWER_AT = 8;
    private static final Duration BOUND = Duration.ofSeconds(30);
    private static final RuntimeException BOOM = new RuntimeException("boom");

    /** Slow items, the answer at the {@link #ANSWER_AT}-th one, and how many started after it. */
    private static final class Watch {
        final AtomicInteger started = new AtomicInteger();
        final AtomicInteger afterAnswer = new AtomicInteger();
        final AtomicBoolean answered = new AtomicBoolean();

        /** Runs one slow item; {@code true} for the item that is the answer. */
        boolean item() {
            int n = slow();
            if (n == ANSWER_AT) {
                answer();
                return true;
            }
            return false;
        }

        /** Runs one slow item that is not an answer; returns its number. */
        int slow() {
            if (answered.get()) {
                afterAnswer.incrementAndGet();
            }
            int n = started.incrementAndGet();
            LockSupport.parkNanos(3_000_000);
            return n;
        }

        void answer() {
            answered.set(true);
        }

        int failIfAnswer(int x) {
            if (item()) {
                throw BOOM;
            }
            return x;
        }
    }

    private record Case(String name, boolean throwsBoom, Function<Watch, Object> run) {
    }

    private static final Integer[] ARRAY = IntStream.range(0, N).boxed().toArray(Integer[]::new);
    private static final List<Integer> LIST = new ArrayList<>(List.of(ARRAY));
    private static final int[] INTS = IntStream.range(0, N).toArray();

    private static List<Case> cases() {
        return List.of(
                new Case("array forEach, exception", true, w -> {
                    ParIter.of(ARRAY).forEach(w::failIfAnswer);
                    return null;
                }),
                new Case("list filter findAny", false, w -> ParIter.of(LIST).filter(x -> w.item()).findAny()),
                new Case("array map anyMatch (answer in the terminal)", false,
                        w -> ParIter.of(ARRAY).map(x -> w.item()).anyMatch(b -> b)),
                new Case("array tryForEach", false, w -> ParIter.of(ARRAY).tryForEach(x -> !w.item())),
                new Case("linked list forEach, exception", true, w -> {
                    ParIter.of(new LinkedList<>(LIST)).forEach(w::failIfAnswer);
                    return null;
                }),
                new Case("int range forEach, exception", true, w -> {
                    IntParIter.range(0, N).forEach(w::failIfAnswer);
                    return null;
                }),
                new Case("long range findAny", false, w -> LongParIter.range(0, N).filter(x -> w.item()).findAny()),
                new Case("int array anyMatch", false, w -> IntParIter.of(INTS).anyMatch(x -> w.item())),
                new Case("double array map sum, exception", true,
                        w -> DoubleParIter.of(IntStream.range(0, N).asDoubleStream().toArray())
                                .map(x -> w.failIfAnswer((int) x)).sum()),
                new Case("int range map forEach, exception", true, w -> {
                    IntParIter.range(0, INTS.length).map(i -> INTS[i]).forEach(w::failIfAnswer);
                    return null;
                }),
                new Case("rev forEach, exception upstream", true, w -> {
                    ParIter.of(ARRAY).map(w::failIfAnswer).rev().forEach(x -> { });
                    return null;
                }),
                new Case("zip count, exception upstream", true,
                        w -> ParIter.of(ARRAY).map(w::failIfAnswer).zip(ParIter.of(ARRAY)).count()),
                new Case("interleave toList, exception upstream", true,
                        w -> ParIter.of(ARRAY).map(w::failIfAnswer).interleave(ParIter.of(ARRAY)).toList()),
                new Case("stepBy forEach, exception upstream", true, w -> {
                    ParIter.of(ARRAY).map(w::failIfAnswer).stepBy(2).forEach(x -> { });
                    return null;
                }),
                new Case("chunks forEach, exception upstream", true, w -> {
                    ParIter.of(ARRAY).map(w::failIfAnswer).chunks(150).forEach(c -> { });
                    return null;
                }),
                new Case("foldChunks count, exception upstream", true, w -> ParIter.of(ARRAY).map(w::failIfAnswer)
                        .foldChunks(150, () -> 0, Integer::sum).count()),
                // A reduction and a leaf's start that throw: reduce's combiner runs at every join
                // and tryReduce's identity at every leaf (collect's run only where a part was
                // stolen: its other leaves go on filling the container before them).
                new Case("reduce, the combiner throws", true, w -> ParIter.of(ARRAY).withMaxLen(4).reduce(
                        0, (n, x) -> n + w.slow(), (a, b) -> {
                            w.answer();
                            throw BOOM;
                        })),
                new Case("tryReduce, the identity throws", true, w -> ParIter.of(ARRAY).withMaxLen(4)
                        .map(x -> w.slow()).tryReduce(() -> {
                            if (w.started.get() >= ANSWER_AT && !w.answered.getAndSet(true)) {
                                throw BOOM;
                            }
                            return 0;
                        }, (a, b) -> java.util.Optional.of(a + b))),
                new Case("chain of unindexed forEach, exception", true, w -> {
                    ParIter.of(new LinkedList<>(LIST)).chain(ParIter.of(ARRAY)).forEach(w::failIfAnswer);
                    return null;
                }));
    }

    @Test
    void everyLeafStopsWithinAboutOneSlowItemOnceTheAnswerIsKnown() {
        List<String> late = new ArrayList<>();
        for (Case c : cases()) {
            for (int threads = 1; threads <= 4; threads++) {
                int t = threads;
                Watch w = new Watch();
                assertTimeoutPreemptively(BOUND, () -> {
                    if (c.throwsBoom()) {
                        assertSame(BOOM, assertThrows(RuntimeException.class, () -> Pools.in(t, () -> c.run().apply(w))),
                                c.name() + ": the caller gets the exception");
                    } else {
                        Pools.in(t, () -> c.run().apply(w));
                    }
                }, c.name() + " on " + t + " threads");
                assertTrue(w.answered.get(), c.name() + " on " + t + " threads: the answer was never reached");
                int after = w.afterAnswer.get();
                if (after > 2 * t + 2) {
                    late.add(c.name() + " on " + t + " threads: " + after + " slow items started after the answer (of "
                            + w.started.get() + ")");
                }
            }
        }
        assertTrue(late.isEmpty(), "leaves went on after the answer was known:\n" + String.join("\n", late));
    }
}
