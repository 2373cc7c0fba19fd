package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.StackGuard;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code join} on a worker (rayon-core's {@code join/mod.rs}): the three forms that
 * {@link Rayon} and {@link ThreadPool} offer, and the right-side job each of them pushes.
 *
 * <pre>{@code
 * // Rayon.join(a, b) on a worker w:
 * Pair<A, B> both = Join.join(w, a, b, false);
 * }</pre>
 *
 * <h2>Protocol</h2>
 * The caller is the owner worker {@code w}. It pushes the right side {@code jobB} on its own
 * deque, runs the left side itself, then takes {@code jobB} back with
 * {@link WorkStealingDeque#popIfBottom} and runs it inline. If it is not at the bottom, a thief
 * took it or the left side left jobs above it ({@link #rightSideCold}): the owner pops and runs
 * those, and takes {@code jobB} back when it reaches it; if {@code jobB} is gone, the owner waits
 * on it with the worker loop ({@link WorkerThread#waitUntil}), stealing meanwhile.
 *
 * <p>{@code jobB} is its own latch ({@link SpinLatch}): the thread that runs it as a job (a thief,
 * or the owner through its worker loop) writes {@code result} or {@code error}, then sets the
 * latch, a volatile swap; the owner reads them only after {@link SpinLatch#probe()} saw the
 * latch set, an acquire load of the same word, or after running the right side inline on its own
 * thread. So one object per join carries the closure, the result and the latch: the job. (The
 * value forms return a {@link Pair} besides, which the caller asked for.)
 *
 * <h2>One hot path per form</h2>
 * Each form has its own small hot path with its own final job class, so that the left side,
 * the inline right side and the job's type are all exact: there is no dispatch on the form (no
 * type switch, no virtual call of the job, no casts), and where the JIT inlines the path into
 * the caller, the caller's lambdas are exact too. Only the cold paths, shared by all
 * forms, call the job virtually ({@link JoinJob#run}). Whether C2 inlines it depends on the size
 * of the path's own compiled code: about 2,560 bytes with G1 on JDK 17, just over
 * {@code -XX:InlineSmallCode}'s 2,500, so there a caller calls it (1,920 with Parallel GC, which
 * inlines it); see benchmarks/results/2026-11-23-issue10d.
 *
 * <h2>Exceptions and stack overflow</h2>
 * If the left side throws, the right side still runs (here or on a thief) before the exception
 * leaves the join, with the right side's exception attached as suppressed (Rayon's
 * {@code join_recover_from_panic}). The hot path reserves no stack ({@link StackGuard}):
 * {@link WorkerThread#push} cannot be cut (its last step, the bottom store, is its commit, and its
 * wake-up is best effort), and {@code popIfBottom} either takes {@code jobB} or changes nothing.
 * Everything else (running a foreign job, waiting for a stolen {@code jobB}) is in the cold
 * methods, which reserve the stack first; if that overflows, {@code jobB} is left to run on its
 * own, marked {@link JoinJob#abandoned}, so that its exception, which nobody will read, goes to
 * the panic handler, and the error leaves the join at once.
 */
final class Join {
    private Join() {
    }

    /**
     * {@code join(Runnable, Runnable)} on the owner {@code w}.
     *
     * @param injected whether this join was injected from outside the pool (then both sides run
     *                 on another thread than the caller: "migrated")
     */
    static void join(WorkerThread w, Runnable a, Runnable b, boolean injected) {
        RunnableJob jobB = new RunnableJob(w, b);
        w.push(jobB);
        try {
            a.run();
        } catch (Throwable errorA) {
            throw leftFailed(w, jobB, errorA);
        }
        if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
            b.run();
        } else {
            rightSideCold(w, jobB, injected);
        }
    }

    /** {@code join(Supplier, Supplier)} on the owner {@code w}; see {@link #join(WorkerThread, Runnable, Runnable, boolean)}. */
    static <A, B> Pair<A, B> join(WorkerThread w, Supplier<A> a, Supplier<B> b, boolean injected) {
        SupplierJob<B> jobB = new SupplierJob<>(w, b);
        w.push(jobB);
        A resultA;
        try {
            resultA = a.get();
        } catch (Throwable errorA) {
            throw leftFailed(w, jobB, errorA);
        }
        B resultB = !jobB.probe() && w.deque().popIfBottom(jobB) ? b.get() : rightSideCold(w, jobB, injected);
        return new Pair<>(resultA, resultB);
    }

    /** {@code joinContext} on the owner {@code w}; see {@link #join(WorkerThread, Runnable, Runnable, boolean)}. */
    static <A, B> Pair<A, B> joinContext(WorkerThread w, Function<FnContext, A> a, Function<FnContext, B> b,
                                         boolean injected) {
        ContextJob<B> jobB = new ContextJob<>(w, b);
        w.push(jobB);
        FnContext here = FnContext.of(injected);
        A resultA;
        try {
            resultA = a.apply(here);
        } catch (Throwable errorA) {
            throw leftFailed(w, jobB, errorA);
        }
        B resultB = !jobB.probe() && w.deque().popIfBottom(jobB) ? b.apply(here) : rightSideCold(w, jobB, injected);
        return new Pair<>(resultA, resultB);
    }

    /**
     * The left side threw. The right side still runs (here or on a thief) before the exception
     * leaves the join.
     *
     * @return never returns normally; declared for {@code throw leftFailed(..)}
     */
    private static RuntimeException leftFailed(WorkerThread w, JoinJob<?> jobB, Throwable errorA) {
        try {
            if (!jobB.probe()) {
                StackGuard.reserve();
                w.waitUntil(jobB);
            }
        } catch (StackOverflowError tooDeep) {
            jobB.abandoned = true;
            throw Unwind.rethrow(errorA);
        }
        throw Unwind.rethrow(Unwind.combine(errorA, jobB.error));
    }

    /**
     * The right side is not at the bottom of the deque: it was stolen, or a job that the left
     * side spawned sits above it. Runs the jobs above it, then takes it back, or waits for the
     * thief.
     */
    private static <B> B rightSideCold(WorkerThread w, JoinJob<B> jobB, boolean injected) {
        try {
            StackGuard.reserve();
        } catch (StackOverflowError tooDeep) {
            jobB.abandoned = true;
            throw tooDeep;
        }
        while (true) {
            if (jobB.probe()) {
                return stolenResult(jobB);
            }
            Job job = w.deque().pop();
            if (job == jobB) {
                return jobB.run(injected);
            }
            if (job == null) {
                w.waitUntil(jobB);
                return stolenResult(jobB);
            }
            w.executeNested(job);
        }
    }

    /** After the latch was seen set: the result, or the right side's exception rethrown. */
    private static <B> B stolenResult(JoinJob<B> jobB) {
        Throwable error = jobB.error;
        if (error != null) {
            throw Unwind.rethrow(error);
        }
        return jobB.result;
    }

    /**
     * The right side of a join, pushed on the owner's deque: popped back and run inline by the
     * owner, or run as a {@link Job} (by a thief, or by the owner's worker loop). It is its own
     * {@link SpinLatch}, so a join allocates this one object.
     *
     * <p>Written by the thread that runs it as a job: {@code result} or {@code error}, then the
     * latch (a release). Read by the owner only after {@link #probe()} saw the latch set (an
     * acquire).
     *
     * @param <B> the right side's result type
     */
    abstract static class JoinJob<B> extends SpinLatch implements Job {
        private B result;
        private Throwable error;
        /**
         * Set by the owner when a stack overflow left it no room to wait: nobody will read this
         * job's outcome, so its exception goes to the panic handler. A plain volatile field,
         * written without a method call.
         */
        volatile boolean abandoned;

        JoinJob(WorkerThread owner) {
            super(owner);
        }

        /**
         * Runs the right side.
         *
         * @param migrated whether it runs on another thread than the caller of {@code join}
         * @return its result
         */
        abstract B run(boolean migrated);

        /** Run as a job (stolen, or found by the owner's loop): capture the outcome, set the latch. */
        @Override
        public final void execute() {
            try {
                result = run(true);
            } catch (Throwable t) {
                error = t;
            }
            set();
            if (error != null && abandoned) {
                ownerRegistry().handlePanic(error);
            }
        }
    }

    /** The right side of {@code join(Runnable, Runnable)}. */
    static final class RunnableJob extends JoinJob<Void> {
        private final Runnable fn;

        RunnableJob(WorkerThread owner, Runnable fn) {
            super(owner);
            this.fn = fn;
        }

        @Override
        Void run(boolean migrated) {
            fn.run();
            return null;
        }
    }

    /** The right side of {@code join(Supplier, Supplier)}. */
    static final class SupplierJob<B> extends JoinJob<B> {
        private final Supplier<B> fn;

        SupplierJob(WorkerThread owner, Supplier<B> fn) {
            super(owner);
            this.fn = fn;
        }

        @Override
        B run(boolean migrated) {
            return fn.get();
        }
    }

    /** The right side of {@code joinContext}: told whether it migrated. */
    static final class ContextJob<B> extends JoinJob<B> {
        private final Function<FnContext, B> fn;

        ContextJob(WorkerThread owner, Function<FnContext, B> fn) {
            super(owner);
            this.fn = fn;
        }

        @Override
        B run(boolean migrated) {
            return fn.apply(FnContext.of(migrated));
        }
    }
}
