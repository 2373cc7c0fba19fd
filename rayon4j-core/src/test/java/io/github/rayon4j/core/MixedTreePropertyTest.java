package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.fail;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Random trees mixing join, scope, scopeFifo, spawn and broadcast on pools of 1 to 4 threads: every
 * leaf runs exactly as often as the sequential model says, the value equals the model's, and the
 * exceptions of throwing leaves all come out: through the enclosing join/scope (the first one
 * thrown, the rest suppressed under it) or, under a fire-and-forget spawn, through the panic
 * handler.
 */
class MixedTreePropertyTest {

    /** A leaf's exception, carrying the leaf's id. */
    static final class LeafFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int id;

        LeafFailure(int id) {
            super("leaf " + id, null, true, false);
            this.id = id;
        }
    }

    /** Shared by one run: counts and the fire-and-forget bookkeeping. */
    static final class Run {
        final AtomicInteger[] executions;
        final AtomicInteger pendingSpawns = new AtomicInteger();
        final ConcurrentLinkedQueue<Throwable> panics = new ConcurrentLinkedQueue<>();

        Run(int leaves) {
            executions = new AtomicInteger[leaves];
            for (int i = 0; i < leaves; i++) {
                executions[i] = new AtomicInteger();
            }
        }
    }

    abstract static class Node {
        abstract long run(Run run);

        /** The sequential value, on a pool of {@code n} threads. */
        abstract long model(int n);

        /** Adds to {@code counts} how often each leaf runs, given this node runs {@code times}. */
        abstract void expectedRuns(int n, int times, int[] counts);

        /** Leaves under this node whose exception reaches this node's caller (not via a spawn). */
        abstract void throwers(Set<Integer> out);

        /** Leaves under this node whose exception goes to the panic handler. */
        abstract void panickers(Set<Integer> out, boolean underSpawn);
    }

    static final class Leaf extends Node {
        final int id;
        final boolean throwsIt;

        Leaf(int id, boolean throwsIt) {
            this.id = id;
            this.throwsIt = throwsIt;
        }

        long run(Run run) {
            run.executions[id].incrementAndGet();
            if (throwsIt) {
                throw new LeafFailure(id);
            }
            return id;
        }

        long model(int n) {
            return id;
        }

        void expectedRuns(int n, int times, int[] counts) {
            counts[id] += times;
        }

        void throwers(Set<Integer> out) {
            if (throwsIt) {
                out.add(id);
            }
        }

        void panickers(Set<Integer> out, boolean underSpawn) {
            if (throwsIt && underSpawn) {
                out.add(id);
            }
        }
    }

    static final class Join extends Node {
        final Node left;
        final Node right;

        Join(Node left, Node right) {
            this.left = left;
            this.right = right;
        }

        long run(Run run) {
            Pair<Long, Long> p = Rayon.join(() -> left.run(run), () -> right.run(run));
            return p.left() + p.right();
        }

        long model(int n) {
            return left.model(n) + right.model(n);
        }

        void expectedRuns(int n, int times, int[] counts) {
            left.expectedRuns(n, times, counts);
            right.expectedRuns(n, times, counts);
        }

        void throwers(Set<Integer> out) {
            left.throwers(out);
            right.throwers(out);
        }

        void panickers(Set<Integer> out, boolean underSpawn) {
            left.panickers(out, underSpawn);
            right.panickers(out, underSpawn);
        }
    }

    /**
     * A scope over its children, in one of three shapes: 0, the body spawns every child; 1, the
     * body spawns all but the first, then runs the first itself, so that a worker that holds the
     * scope's spawn credits ({@link ScopeBase}) goes on into that child's joins and scopes; 2, a
     * chain, where each child's job first spawns the next child's job into the same scope, then
     * runs its own child: spawns from the scope's jobs, which then run other scopes' jobs.
     */
    static final class ScopeNode extends Node {
        final List<Node> children;
        final boolean fifo;
        final int shape;

        ScopeNode(List<Node> children, boolean fifo, int shape) {
            this.children = children;
            this.fifo = fifo;
            this.shape = shape;
        }

        long run(Run run) {
            AtomicLong sum = new AtomicLong();
            if (fifo) {
                Rayon.scopeFifo(s -> body(job -> s.spawnFifo(s1 -> job.run()), run, sum));
            } else {
                Rayon.scope(s -> body(job -> s.spawn(s1 -> job.run()), run, sum));
            }
            return sum.get();
        }

        private void body(Consumer<Runnable> spawn, Run run, AtomicLong sum) {
            if (shape == 2) {
                chain(spawn, 0, run, sum);
                return;
            }
            for (int i = shape; i < children.size(); i++) {
                Node c = children.get(i);
                spawn.accept(() -> sum.addAndGet(c.run(run)));
            }
            if (shape == 1) {
                sum.addAndGet(children.get(0).run(run));
            }
        }

        private void chain(Consumer<Runnable> spawn, int i, Run run, AtomicLong sum) {
            if (i < children.size()) {
                Node c = children.get(i);
                spawn.accept(() -> {
                    chain(spawn, i + 1, run, sum);
                    sum.addAndGet(c.run(run));
                });
            }
        }

        long model(int n) {
            return children.stream().mapToLong(c -> c.model(n)).sum();
        }

        void expectedRuns(int n, int times, int[] counts) {
            children.forEach(c -> c.expectedRuns(n, times, counts));
        }

        void throwers(Set<Integer> out) {
            children.forEach(c -> c.throwers(out));
        }

        void panickers(Set<Integer> out, boolean underSpawn) {
            children.forEach(c -> c.panickers(out, underSpawn));
        }
    }

    static final class Broadcast extends Node {
        final Node child;

        Broadcast(Node child) {
            this.child = child;
        }

        long run(Run run) {
            return Rayon.broadcast(ctx -> child.run(run)).stream().mapToLong(Long::longValue).sum();
        }

        long model(int n) {
            return n * child.model(n);
        }

        void expectedRuns(int n, int times, int[] counts) {
            child.expectedRuns(n, times * n, counts);
        }

        void throwers(Set<Integer> out) {
            child.throwers(out);
        }

        void panickers(Set<Integer> out, boolean underSpawn) {
            child.panickers(out, underSpawn);
        }
    }

    /** Fire and forget: contributes 0; its child's exceptions go to the panic handler. */
    static final class Spawn extends Node {
        final Node child;

        Spawn(Node child) {
            this.child = child;
        }

        long run(Run run) {
            run.pendingSpawns.incrementAndGet();
            Rayon.spawn(() -> {
                try {
                    child.run(run);
                } finally {
                    run.pendingSpawns.decrementAndGet();
                }
            });
            return 0;
        }

        long model(int n) {
            return 0;
        }

        void expectedRuns(int n, int times, int[] counts) {
            child.expectedRuns(n, times, counts);
        }

        void throwers(Set<Integer> out) {
        }

        void panickers(Set<Integer> out, boolean underSpawn) {
            Set<Integer> all = new HashSet<>();
            child.throwers(all);
            child.panickers(all, true);
            out.addAll(all);
        }
    }

    /** Builds a tree from a seed; broadcasts are rarer, as they multiply the work. */
    static final class Builder {
        final Random random;
        final int throwPercent;
        int nextId;

        Builder(long seed, int throwPercent) {
            this.random = new Random(seed);
            this.throwPercent = throwPercent;
        }

        Node build(int depth, int maxFanout, int broadcastsLeft) {
            if (depth == 0 || random.nextInt(5) == 0 || nextId > 300) {
                return new Leaf(nextId++, random.nextInt(100) < throwPercent);
            }
            int kind = random.nextInt(broadcastsLeft > 0 ? 6 : 5);
            switch (kind) {
                case 0:
                case 1:
                    return new Join(build(depth - 1, maxFanout, broadcastsLeft), build(depth - 1, maxFanout, broadcastsLeft));
                case 2:
                case 3: {
                    List<Node> children = new ArrayList<>();
                    int k = 1 + random.nextInt(maxFanout);
                    for (int i = 0; i < k; i++) {
                        children.add(build(depth - 1, maxFanout, broadcastsLeft));
                    }
                    return new ScopeNode(children, kind == 3, random.nextInt(3));
                }
                case 4:
                    return new Spawn(build(depth - 1, maxFanout, broadcastsLeft));
                default:
                    return new Broadcast(build(depth - 1, maxFanout, broadcastsLeft - 1));
            }
        }
    }

    @Test
    void randomMixedTreesRunEveryJobExactlyOnceAndRouteEveryException() {
        // A failing example is shrunk a few cycles only, each bounded at 30 s: a hang then
        // reports within minutes (the build's own bound on a test is 10), not after dozens of
        // shrink attempts that each wait for the timeout. Every message names the example.
        qt().withExamples(200).withShrinkCycles(8).forAll(
                integers().between(1, 4),
                integers().between(1, 6),
                integers().between(0, 25),
                longs().all())
            .checkAssert((threads, depth, throwPercent, seed) ->
                assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> checkOne(threads, depth, 1 + (int) (seed & 3), throwPercent, seed)));
    }

    private static void checkOne(int threads, int depth, int fanout, int throwPercent, long seed) {
        Builder builder = new Builder(seed, throwPercent);
        Node root = builder.build(depth, fanout, 2);
        Run run = new Run(builder.nextId);
        String where = "threads=" + threads + " depth=" + depth + " fanout=" + fanout
                + " throw%=" + throwPercent + " seed=" + seed;
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).panicHandler(run.panics::add).build()) {
            Set<Integer> expectedThrown = new HashSet<>();
            root.throwers(expectedThrown);
            Set<Integer> expectedPanics = new HashSet<>();
            root.panickers(expectedPanics, false);
            Set<Integer> thrown = new HashSet<>();
            try {
                long value = pool.install(() -> root.run(run));
                assertEquals(root.model(threads), value, where);
            } catch (LeafFailure e) {
                collectIds(e, thrown);
            }
            // Bounded, so that a run the timeout gave up on does not spin on for ever.
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (run.pendingSpawns.get() > 0) {
                if (System.nanoTime() > deadline) {
                    fail(run.pendingSpawns.get() + " spawned jobs never finished; " + where);
                }
                Thread.onSpinWait();
            }
            // A spawned job's panic handler call happens after its body's finally; wait for it.
            Set<Integer> panicked = new HashSet<>();
            deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            do {
                panicked.clear();
                run.panics.forEach(t -> collectIds(t, panicked));
            } while (!panicked.equals(expectedPanics) && System.nanoTime() < deadline);
            assertEquals(expectedThrown, thrown, "exceptions out of the root: " + where);
            assertEquals(expectedPanics, panicked, "exceptions to the panic handler: " + where);
            int[] counts = new int[builder.nextId];
            root.expectedRuns(threads, 1, counts);
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != run.executions[i].get()) {
                    fail("leaf " + i + " ran " + run.executions[i].get() + " times, expected " + counts[i] + "; " + where);
                }
            }
        }
    }

    private static void collectIds(Throwable t, Set<Integer> out) {
        if (t instanceof LeafFailure) {
            out.add(((LeafFailure) t).id);
        } else {
            fail("unexpected exception", t);
        }
        for (Throwable s : t.getSuppressed()) {
            collectIds(s, out);
        }
    }
}
