package io.github.rayon4j.iter;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Folder;
import io.github.rayon4j.iter.plumbing.ObjSink;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Collector;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

/**
 * A leaf whose part follows, on the same thread, the part just before it goes on filling that
 * part's container (the bridge's carry; {@code Consumer.resumeFolder}): a collect makes one
 * container per stolen part, not one per leaf, and keeps encounter order and every item.
 */
class ResumingLeavesTest {
    private static final Duration BOUND = Duration.ofSeconds(60);

    /**
     * Runs {@code op} on one worker of a two-thread pool while the other is held in a job, so
     * that no half is stolen: every split's right half runs after its left on the same thread.
     */
    private static <R> R withNoThief(Supplier<R> op) throws InterruptedException {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try {
            pool.spawn(() -> {
                held.countDown();
                try {
                    release.await(BOUND.toSeconds(), TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(held.await(BOUND.toSeconds(), TimeUnit.SECONDS), "the holding job did not start");
            return pool.install(op);
        } finally {
            release.countDown();
            pool.close();
        }
    }

    @Test
    void aCollectWithNoStolenPartMakesOneContainer() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            AtomicInteger made = new AtomicInteger();
            ArrayList<Integer> got = withNoThief(() -> ParIter.of(items).filter(i -> i % 3 != 0).map(i -> i * 2)
                    .collect(() -> {
                        made.incrementAndGet();
                        return new ArrayList<Integer>();
                    }, ArrayList::add, ArrayList::addAll));
            assertEquals(items.stream().filter(i -> i % 3 != 0).map(i -> i * 2).toList(), got);
            assertEquals(1, made.get(), "the split's leaves should share one container");
        });
    }

    /**
     * The exception: a leaf after a {@code StringJoiner} fills a joiner of its own and merges it
     * in, so that the joining of each leaf's strings runs on its leaf's thread rather than all in
     * the finisher. Eight leaves (as in {@link #aUserWrittenConsumerResumesOnlyWhenItSaysSo}):
     * eight joiners, through a {@code Collector} and through the three-function form.
     */
    @Test
    void aJoiningCollectMakesOneJoinerPerLeaf() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        String expected = items.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
        assertTimeoutPreemptively(BOUND, () -> {
            AtomicInteger made = new AtomicInteger();
            Supplier<StringJoiner> joiner = () -> {
                made.incrementAndGet();
                return new StringJoiner(", ", "[", "]");
            };
            String got = withNoThief(() -> ParIter.of(items).withMaxLen(2500).map(String::valueOf).collect(
                    Collector.of(joiner, StringJoiner::add, StringJoiner::merge,
                            StringJoiner::toString)));
            assertEquals(expected, got);
            assertEquals(8, made.get(), "every leaf should fill a joiner of its own");
            made.set(0);
            StringJoiner viaFunctions = withNoThief(() -> ParIter.of(items).withMaxLen(2500).map(String::valueOf)
                    .collect(joiner, StringJoiner::add, StringJoiner::merge));
            assertEquals(expected, viaFunctions.toString());
            assertEquals(8, made.get(), "every leaf should fill a joiner of its own");
        });
    }

    /** One level down: a map of joiners ({@code groupingBy(f, joining())}) is made per leaf too. */
    @Test
    void aGroupingIntoJoinersMakesOneMapPerLeaf() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            AtomicInteger made = new AtomicInteger();
            Supplier<TreeMap<Integer, String>> maps = () -> {
                made.incrementAndGet();
                return new TreeMap<>();
            };
            Map<Integer, String> got = withNoThief(() -> ParIter.of(items).withMaxLen(2500)
                    .collect(Collectors.groupingBy(i -> i % 7, maps, Collectors.mapping(String::valueOf, Collectors.joining(",")))));
            assertEquals(items.stream().collect(Collectors.groupingBy(i -> i % 7, TreeMap::new,
                    Collectors.mapping(String::valueOf, Collectors.joining(",")))), got);
            assertEquals(8, made.get(), "every leaf should fill a map of its own");
            made.set(0);
            Supplier<TreeMap<Integer, Long>> countMaps = () -> {
                made.incrementAndGet();
                return new TreeMap<>();
            };
            Map<Integer, Long> counts = withNoThief(() -> ParIter.of(items).withMaxLen(2500)
                    .collect(Collectors.groupingBy(i -> i % 7, countMaps, Collectors.counting())));
            assertEquals(items.stream().collect(Collectors.groupingBy(i -> i % 7, Collectors.counting())), counts);
            assertEquals(1, made.get(), "a map of counts should be filled on");
        });
    }

    /** A consumer written against the public plumbing: counts its folders and reductions. */
    private static final class Listing implements Consumer<ObjSink<Integer>, List<Integer>> {
        final boolean resumes;
        final AtomicInteger fresh = new AtomicInteger();
        final AtomicInteger resumed = new AtomicInteger();
        final AtomicInteger reduced = new AtomicInteger();

        Listing(boolean resumes) {
            this.resumes = resumes;
        }

        public boolean full() {
            return false;
        }

        public Consumer<ObjSink<Integer>, List<Integer>> splitOffLeft() {
            return this;
        }

        public List<Integer> reduce(List<Integer> a, List<Integer> b) {
            reduced.incrementAndGet();
            a.addAll(b);
            return a;
        }

        public boolean resumable() {
            return resumes;
        }

        public Folder<ObjSink<Integer>, List<Integer>> intoFolder() {
            fresh.incrementAndGet();
            return folder(new ArrayList<>());
        }

        public Folder<ObjSink<Integer>, List<Integer>> resumeFolder(List<Integer> before) {
            resumed.incrementAndGet();
            return folder(before);
        }

        private static Folder<ObjSink<Integer>, List<Integer>> folder(List<Integer> into) {
            final class Adding implements ObjSink<Integer>, Folder<ObjSink<Integer>, List<Integer>> {
                public void accept(Integer x) {
                    into.add(x);
                }

                public boolean full() {
                    return false;
                }

                public ObjSink<Integer> sink() {
                    return this;
                }

                public List<Integer> complete() {
                    return into;
                }
            }
            return new Adding();
        }
    }

    /** The plumbing's contract: a resumable consumer's later leaves resume, and nothing is reduced. */
    @Test
    void aUserWrittenConsumerResumesOnlyWhenItSaysSo() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            Listing resuming = new Listing(true);
            // The other thread is held, so the run starts on a saturated pool and splits up front
            // only as len / maxLen asks (Bridge): a budget of 4, eight leaves of 1,250.
            assertEquals(items, withNoThief(() -> ParIter.of(items).withMaxLen(2500).drive(resuming)));
            assertEquals(1, resuming.fresh.get());
            assertEquals(7, resuming.resumed.get(), "eight leaves, the last seven resumed");
            assertEquals(0, resuming.reduced.get());
            Listing plain = new Listing(false);
            assertEquals(items, withNoThief(() -> ParIter.of(items).withMaxLen(2500).drive(plain)));
            assertEquals(8, plain.fresh.get());
            assertEquals(0, plain.resumed.get());
            assertEquals(7, plain.reduced.get());
        });
    }

    @Test
    void anUnindexedCollectWithNoStolenPartMakesOneContainer() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            AtomicInteger made = new AtomicInteger();
            List<Integer> got = withNoThief(() -> ParIter.of(new ArrayDeque<>(items)).collect(Collectors.collectingAndThen(
                    Collectors.toCollection(() -> {
                        made.incrementAndGet();
                        return new ArrayList<Integer>();
                    }), List::copyOf)));
            assertEquals(items, got);
            assertEquals(1, made.get());
        });
    }

    @Test
    void aPrimitiveCollectWithNoStolenPartMakesOneContainer() {
        assertTimeoutPreemptively(BOUND, () -> {
            AtomicInteger made = new AtomicInteger();
            ArrayList<Long> got = withNoThief(() -> LongParIter.range(0, 10_000).filter(i -> i % 3 != 0)
                    .collect(() -> {
                        made.incrementAndGet();
                        return new ArrayList<Long>();
                    }, ArrayList::add, ArrayList::addAll));
            assertEquals(LongStream.range(0, 10_000).filter(i -> i % 3 != 0).boxed().toList(), got);
            assertEquals(1, made.get());
        });
    }

    @Test
    void distinctWithNoStolenPartKeepsOneSegment() {
        Random rnd = new Random(7);
        List<Integer> items = IntStream.range(0, 20_000).map(i -> rnd.nextInt(500)).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            List<Integer> got = withNoThief(() -> ParIter.of(items).distinct().toList());
            assertEquals(new ArrayList<>(new LinkedHashSet<>(items)), got);
        });
    }

    @Test
    void anUnindexedToListWithNoStolenPartKeepsOrder() {
        List<Integer> items = IntStream.range(0, 100_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            List<Integer> got = withNoThief(() -> ParIter.of(new ArrayDeque<>(items)).filter(i -> i % 3 != 0).toList());
            assertEquals(items.stream().filter(i -> i % 3 != 0).toList(), got);
        });
    }

    /** A resumed toList leaf fills the rest of the last array before it, then arrays twice as long. */
    @Test
    void aResumedToListLeafFillsTheArrayBeforeIt() {
        ObjFolders.ListPart<Integer> first = new ObjFolders.ListPart<>(new Stop());
        for (int i = 0; i < 20; i++) { // a full array of 16, then 4 of 32
            first.accept(i);
        }
        ArrayList<ObjFolders.Piece> before = first.complete();
        assertEquals(List.of(16, 4), before.stream().map(ObjFolders.Piece::len).toList());
        ObjFolders.ListPart<Integer> next = new ObjFolders.ListPart<>(new Stop(), before);
        for (int i = 20; i < 60; i++) { // 28 more into the 32, then 12 of 64
            next.accept(i);
        }
        ArrayList<ObjFolders.Piece> all = next.complete();
        assertSame(before, all);
        assertEquals(List.of(16, 32, 12), all.stream().map(ObjFolders.Piece::len).toList());
        assertEquals(64, all.get(2).items().length);
        assertEquals(IntStream.range(0, 60).boxed().toList(), List.of(ObjFolders.joinedArray(all)));
    }

    /** A resumed leaf must not add an item that an earlier, unresumed segment already holds. */
    @Test
    void distinctResumingAfterSeveralSegmentsAddsNoItemTwice() {
        ArrayList<LinkedHashSet<Integer>> before = new ArrayList<>();
        before.add(new LinkedHashSet<>(List.of(1, 2)));
        before.add(new LinkedHashSet<>(List.of(3)));
        ObjFolders.DistinctPart<Integer> leaf = new ObjFolders.DistinctPart<>(new Stop(), before);
        for (int i : new int[] {2, 4, 3, 1, 5, 4}) {
            leaf.accept(i);
        }
        ArrayList<LinkedHashSet<Integer>> after = leaf.complete();
        assertSame(before, after);
        assertEquals(List.of(List.of(1, 2), List.of(3, 4, 5)), after.stream().map(List::copyOf).toList());
    }

    /** Order and items kept whatever is stolen: many leaves, four threads, ordered collectors. */
    @Test
    void orderedCollectorsKeepEncounterOrderWhileTheirPartsAreStolen() {
        assertTimeoutPreemptively(Duration.ofMinutes(2), () -> qt().withExamples(60).forAll(
                integers().between(0, 40_000), integers().between(1, 4_000), integers().between(1, 4))
                .checkAssert((size, maxLen, threads) -> {
                    List<Integer> items = IntStream.range(0, size).boxed().toList();
                    List<String> expected = items.stream().map(String::valueOf).toList();
                    List<String> list = Pools.in(threads, () -> ParIter.of(items).withMaxLen(maxLen)
                            .map(String::valueOf).collect(Collectors.toList()));
                    assertEquals(expected, list);
                    String joined = Pools.in(threads, () -> ParIter.of(new ArrayDeque<>(items))
                            .map(String::valueOf).collect(Collectors.joining(",")));
                    assertEquals(String.join(",", expected), joined);
                    String framed = Pools.in(threads, () -> ParIter.of(items).withMaxLen(maxLen)
                            .map(String::valueOf).collect(Collectors.joining("; ", "<", ">")));
                    assertEquals("<" + String.join("; ", expected) + ">", framed);
                    Map<Boolean, String> parts = Pools.in(threads, () -> ParIter.of(items).withMaxLen(maxLen)
                            .collect(Collectors.partitioningBy(i -> i % 3 == 0, Collectors.mapping(String::valueOf, Collectors.joining(",")))));
                    assertEquals(items.stream().collect(Collectors.partitioningBy(i -> i % 3 == 0,
                            Collectors.mapping(String::valueOf, Collectors.joining(",")))), parts);
                    int[] ints = items.stream().mapToInt(Integer::intValue).toArray();
                    int[] odds = Pools.in(threads, () -> IntParIter.of(ints).withMaxLen(maxLen).filter(i -> i % 2 == 1)
                            .toArray());
                    assertArrayEquals(IntStream.of(ints).filter(i -> i % 2 == 1).toArray(), odds);
                    List<Integer> odd = Pools.in(threads, () -> ParIter.of(items).withMaxLen(maxLen)
                            .filter(i -> i % 2 == 1).toList());
                    assertEquals(items.stream().filter(i -> i % 2 == 1).toList(), odd);
                    List<Integer> distinct = Pools.in(threads, () -> ParIter.of(items).withMaxLen(maxLen)
                            .map(i -> i % 97).distinct().toList());
                    assertEquals(items.stream().map(i -> i % 97).distinct().toList(), distinct);
                }));
    }

    /** A resumed leaf that throws: the exception reaches the caller, and the pool goes on. */
    @Test
    void aResumedLeafThatThrowsFailsTheCall() {
        List<Integer> items = IntStream.range(0, 10_000).boxed().toList();
        assertTimeoutPreemptively(BOUND, () -> {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> withNoThief(() ->
                    ParIter.of(items).collect(ArrayList::new, (ArrayList<Integer> l, Integer i) -> {
                        if (i == 9_000) { // in the last leaf, which goes on from the others' container
                            throw new IllegalStateException("item " + i);
                        }
                        l.add(i);
                    }, ArrayList::addAll)));
            assertEquals("item 9000", e.getMessage());
            assertEquals(items, Pools.in(2, () -> ParIter.of(items).collect(Collectors.toList())));
        });
    }
}
