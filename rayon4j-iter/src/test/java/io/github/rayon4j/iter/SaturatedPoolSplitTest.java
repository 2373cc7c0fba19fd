package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.SleepPolicy;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.plumbing.LongSink;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.testkit.HeldWorker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * A run started on a saturated pool ({@link Rayon#isPoolSaturated()}) splits once, or not at all
 * when its leaves share on demand ({@link Producer#sharesOnDemand()}); started where another
 * thread is idle, it splits as Rayon does. The splits are counted on a producer of our own; the
 * pool's other worker is held in a job (so it is busy and cannot steal) or let go (so it is idle).
 * Under each sleep policy: {@code LEGACY_TICKLE} counts no idle threads, so there no pool is
 * saturated and runs split as before.
 */
class SaturatedPoolSplitTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final long N = 1000;
    private static final long SUM = N * (N - 1) / 2;

    /** The numbers {@code [lo, hi)}, counting the splits made of it and its parts. */
    record Counted(long lo, long hi, boolean sharesOnDemand, AtomicInteger splits) implements Producer<LongSink> {
        @Override
        public long len() {
            return hi - lo;
        }

        @Override
        public Pair<Producer<LongSink>, Producer<LongSink>> splitAt(long i) {
            splits.incrementAndGet();
            return new Pair<>(new Counted(lo, lo + i, sharesOnDemand, splits),
                    new Counted(lo + i, hi, sharesOnDemand, splits));
        }

        @Override
        public void foldWith(LongSink sink) {
            for (long x = lo; x < hi && !sink.full(); x++) {
                sink.accept(x);
            }
        }
    }

    private static int splitsOfASum(boolean sharesOnDemand) {
        AtomicInteger splits = new AtomicInteger();
        assertEquals(SUM, LongParIter.fromProducer(new Counted(0, N, sharesOnDemand, splits)).sum());
        return splits.get();
    }

    @Test
    void aSaturatedPoolSplitsOnceOrNotAtAllAndAnIdleOneAsRayonDoes() {
        for (SleepPolicy policy : SleepPolicy.values()) {
            // LEGACY_TICKLE keeps no count of idle threads: no pool of it is called saturated,
            // so a run there splits as Rayon's always does.
            boolean counts = policy != SleepPolicy.LEGACY_TICKLE;
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).sleepPolicy(policy).build()) {
                assertTimeoutPreemptively(LIMIT, () -> pool.install(() -> {
                    HeldWorker.whileAnotherIsHeld(() -> {
                        assertEquals(counts, Rayon.isPoolSaturated(), policy + ": the other worker is held in a job");
                        assertEquals(counts ? 1 : 3, splitsOfASum(false),
                                policy + ": leaves that cannot share: one split, one half to take");
                        assertEquals(counts ? 0 : 3, splitsOfASum(true),
                                policy + ": leaves that share on demand: no split up front");
                    });
                    long deadline = System.nanoTime() + 30_000_000_000L;
                    while (Rayon.isPoolSaturated()) {
                        assertTrue(System.nanoTime() < deadline, policy + ": the other worker never went idle");
                        Thread.yield();
                    }
                    // A budget of two threads: the run splits, and so does each half; a half that
                    // the other worker steals may split more.
                    assertTrue(splitsOfASum(false) >= 3, policy + ": an idle thread: split as Rayon does");
                    return null;
                }));
            }
        }
    }

    @Test
    void nestedPipelinesOnSaturatedPoolsGiveTheSequentialAnswers() {
        int n = 300;
        long[] values = LongStream.range(0, n).map(x -> x * 2_654_435_761L % 1_000_003).toArray();
        List<Long> boxed = new ArrayList<>();
        for (long v : values) {
            boxed.add(v);
        }
        long expected = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                expected += (values[i] ^ values[j]) & 1023;
            }
        }
        for (int threads = 2; threads <= 4; threads++) {
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
                long e = expected;
                assertTimeoutPreemptively(LIMIT, () -> {
                    for (int run = 0; run < 5; run++) {
                        // inner pipelines fused (shares on demand) and generic (a list's), and a
                        // generic inner collect, each called once per item of a parallel outer one
                        long fused = pool.install(() -> IntParIter.range(0, n).mapToLong(i ->
                                LongParIter.of(values).map(v -> (values[i] ^ v) & 1023).sum()).sum());
                        long generic = pool.install(() -> IntParIter.range(0, n).mapToLong(i ->
                                ParIter.of(boxed).mapToLong(v -> (values[i] ^ v) & 1023).sum()).sum());
                        long collected = pool.install(() -> IntParIter.range(0, n).mapToLong(i ->
                                IntParIter.range(0, n).collect(() -> new long[1],
                                        (a, j) -> a[0] += (values[i] ^ values[j]) & 1023,
                                        (a, b) -> a[0] += b[0])[0]).sum());
                        assertEquals(e, fused);
                        assertEquals(e, generic);
                        assertEquals(e, collected);
                    }
                });
            }
        }
    }
}
