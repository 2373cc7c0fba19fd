package io.github.rayon4j.core;

import static io.github.rayon4j.core.PoolState.describe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Random join trees on pools of 1 to 4 threads give the sequential result: the same value, or the
 * same exception, where the left side's exception wins and the right side's is attached to it
 * as suppressed (the right side always runs). A join is {@code Rayon.join} with two
 * {@code Supplier}s or {@code Rayon.joinLong}, each with its own hot path in {@link
 * io.github.rayon4j.core.Join}. The tree is decoded from a list of integers, so QuickTheories
 * shrinks a failing tree by shortening the list and lowering its entries.
 */
class JoinTreePropertyTest {
    private static final ThreadPool[] POOLS = new ThreadPool[5];

    @BeforeAll
    static void startPools() {
        for (int n = 1; n <= 4; n++) {
            POOLS[n] = new ThreadPoolBuilder().numThreads(n).roundsUntilSleepy(n % 3)
                    .dequeCapacity(2).threadName(i -> "join-tree-" + i).build();
        }
    }

    @AfterAll
    static void closePools() {
        for (int n = 1; n <= 4; n++) {
            PoolState.closing(POOLS[n]).close();
        }
    }

    /** A node of a join tree. */
    abstract static class Node {
        abstract long run();

        abstract Outcome model();
    }

    /** What the sequential model expects: a value, or an exception tree. */
    static final class Outcome {
        final long value;
        final ExTree error;

        Outcome(long value, ExTree error) {
            this.value = value;
            this.error = error;
        }
    }

    /** An exception by the leaf that threw it and what was suppressed onto it, in order. */
    static final class ExTree {
        final String id;
        final List<ExTree> suppressed;

        ExTree(String id, List<ExTree> suppressed) {
            this.id = id;
            this.suppressed = suppressed;
        }

        static ExTree of(Throwable t) {
            List<ExTree> s = new ArrayList<>();
            for (Throwable x : t.getSuppressed()) {
                s.add(of(x));
            }
            return new ExTree(t.getMessage(), s);
        }

        @Override
        public String toString() {
            return suppressed.isEmpty() ? id : id + suppressed;
        }
    }

    static final class LeafFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        LeafFailure(String id) {
            super(id);
        }
    }

    static final class Leaf extends Node {
        final int id;
        final int work;
        final boolean fails;

        Leaf(int id, int work, boolean fails) {
            this.id = id;
            this.work = work;
            this.fails = fails;
        }

        static long compute(int id, int work) {
            long x = id + 1;
            for (int i = 0; i < work; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
            return (x >>> 40) + id;
        }

        @Override
        long run() {
            long v = compute(id, work);
            if (fails) {
                throw new LeafFailure("leaf" + id); // a fresh exception per run
            }
            return v;
        }

        @Override
        Outcome model() {
            return fails ? new Outcome(0, new ExTree("leaf" + id, new ArrayList<>()))
                    : new Outcome(compute(id, work), null);
        }

        @Override
        public String toString() {
            return "L" + id + (fails ? "!" : "") + "(" + work + ")";
        }
    }

    static final class Join extends Node {
        final Node left;
        final Node right;
        /** {@code Rayon.joinLong} rather than {@code Rayon.join} with {@code Supplier}s. */
        final boolean primitive;

        Join(Node left, Node right, boolean primitive) {
            this.left = left;
            this.right = right;
            this.primitive = primitive;
        }

        @Override
        long run() {
            if (primitive) {
                return Rayon.joinLong(left::run, right::run, (l, r) -> l * 31 + r);
            }
            Pair<Long, Long> r = Rayon.join(left::run, right::run);
            return r.left() * 31 + r.right();
        }

        @Override
        Outcome model() {
            Outcome l = left.model();
            Outcome r = right.model(); // runs even if the left side failed
            if (l.error != null) {
                if (r.error != null) {
                    List<ExTree> s = new ArrayList<>(l.error.suppressed);
                    s.add(r.error);
                    return new Outcome(0, new ExTree(l.error.id, s));
                }
                return l;
            }
            if (r.error != null) {
                return r;
            }
            return new Outcome(l.value * 31 + r.value, null);
        }

        @Override
        public String toString() {
            return (primitive ? "long(" : "(") + left + " " + right + ")";
        }
    }

    /**
     * Decodes a tree: each entry either opens a join (60 or more; 80 or more: a {@code joinLong})
     * or is a leaf (its work and whether it throws).
     */
    static final class Decoder {
        final List<Integer> codes;
        int pos;
        int leaves;

        Decoder(List<Integer> codes) {
            this.codes = codes;
        }

        Node next(int depth) {
            int c = pos < codes.size() ? codes.get(pos++) : 0;
            if (c >= 60 && depth < 12) {
                return new Join(next(depth + 1), next(depth + 1), c >= 80);
            }
            boolean fails = c % 10 == 9;
            int work = (c % 6) * 500;
            return new Leaf(leaves++, work, fails);
        }
    }

    @Test
    void randomJoinTreesGiveTheSequentialResultOrException() {
        assertTimeoutPreemptively(Duration.ofSeconds(90), () ->
                qt().withExamples(400)
                        .forAll(integers().between(1, 4), lists().of(integers().between(0, 99)).ofSizeBetween(0, 80))
                        .checkAssert((threads, codes) -> {
                            Node tree = new Decoder(codes).next(0);
                            Outcome expected = tree.model();
                            ThreadPool pool = POOLS[threads];
                            String actual;
                            try {
                                actual = "value " + pool.install(tree::run);
                            } catch (LeafFailure e) {
                                actual = "error " + ExTree.of(e);
                            }
                            String want = expected.error != null ? "error " + expected.error : "value " + expected.value;
                            assertEquals(want, actual, "tree " + tree + " on " + threads + " threads");
                        }), () -> "a join tree hung: " + describe(POOLS[1]) + " | " + describe(POOLS[2]) + " | "
                + describe(POOLS[3]) + " | " + describe(POOLS[4]));
    }
}
