package io.github.rayon4j.core;

import io.github.rayon4j.core.sleep.StackGuard;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.function.Function;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * {@code join} on a worker (rayon-core's {@code join/mod.rs}): the five forms that
 * {@link Rayon} and {@link ThreadPool} offer, and the frame that carries the right side.
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
 * thread. So one object carries the closure, the result and the latch: the {@link Frame}.
 *
 * <h2>Frames are reused: the join allocates nothing of its own</h2>
 * Rayon keeps this job in the joining function's stack frame; a Java object cannot live on the
 * stack, so each worker keeps its frames in an array by join depth instead ({@code
 * WorkerThread.frames}, {@code frameDepth}, owner only, {@link #MAX_FRAMES} deep; deeper joins
 * allocate theirs). A join takes the frame at the current depth and raises the depth; when it
 * returns it gives the depth back. Joins on one thread nest like calls, so a recursion of depth d
 * runs on d frames, whatever its number of joins: the {@code Runnable} form and the primitive
 * forms ({@code joinLong}, {@code joinDouble}) allocate nothing, and the object forms only the
 * {@link Pair} they return (what {@code JoinAllocationTest} counts). A primitive form's right
 * side that runs as a job (stolen, or taken back by the cold path) hands its value over boxed,
 * through the frame's {@code result}: one object on a path that costs far more already. Invariant: <b>while a join runs, the depth is above its frame's slot</b>, so no join
 * nested in it (on this thread, in its sides or in the jobs its waits run) takes its frame. A join
 * raises the depth to its slot + 1 and sets it back to its slot on every way out, an exception's
 * too; should a stack overflow cut that short, the depth stays higher, which only wastes slots
 * until the enclosing join or job ({@code WorkerThread.execute}) sets it back. Three rules make
 * the reuse safe:
 * <ol>
 *   <li><b>A frame is reused only when nobody else can touch it.</b> The owner gives the depth
 *       back after it took the frame back from its deque (then no other thread ever saw it), or
 *       after it saw the latch set, which the thief does as its last write to the frame. A join
 *       left by an exception before it gave the depth back (a stack overflow at any call between
 *       the push and the give-back: into the cold path, the probe, the pop, the give-back
 *       itself) abandons its frame in its handler ({@link Frame#abandoned}): the frame is taken
 *       out of the array at once and belongs to whoever takes it from the deque. The handler
 *       tells the cases apart by the depth alone, which is above the frame's slot until the
 *       frame is given back and equal to it after, and it makes no method call.</li>
 *   <li><b>After setting the latch, the thief reads only what does not change.</b>
 *       {@link Frame#execute} keeps its outcome in a local; {@link SpinLatch#set()} then reads the
 *       owner's registry and index (final: a frame never changes owner) to wake the owner if it
 *       slept. A wake-up that comes late finds the owner awake, or asleep on another latch, and
 *       is then a spurious one, which the sleep loop already tolerates; it is what Rayon's
 *       stack latch does too (its memory may be gone the moment it is set). {@code abandoned},
 *       read last, does not change for a frame that is reused: it is never set on one.</li>
 *   <li><b>Reset before publication.</b> A frame that was stolen gets its latch put back to
 *       {@code UNSET} ({@link io.github.rayon4j.core.sleep.CoreLatch#reset()}, a plain store)
 *       and its result cleared by the owner once it read them; one taken back was never set. The
 *       closure is cleared when the join leaves. The next join's {@code push} publishes the frame
 *       with the deque's release store, so a thief that steals it sees it reset.</li>
 * </ol>
 * The deque itself needs nothing: Chase-Lev's {@code top} only grows, so a thief whose CAS
 * succeeds got the frame as it was pushed at that index, not an earlier use of the object.
 * {@code RegistryLincheckTest} model-checks two joins in a row whose frame is reused while the
 * thief of the first may still be waking the owner; {@code JoinFrameTest} checks the depth and
 * the slots after every way out of a join, and runs reuse against late thieves on real threads;
 * the soak and the random join trees run millions of reuses. Measured on fib(25) with a join at
 * every level: 96 bytes per join before (job, {@code Pair}, the caller's two lambdas), 56 after,
 * at the same speed (benchmarks/results/2026-11-23-issue10h).
 *
 * <h2>One hot path per form</h2>
 * Each form has its own small hot path, so that the left side and the inline right side are
 * exact calls of the caller's lambdas: where the JIT inlines the path into the caller, they
 * inline too. The frame's own call of the right side ({@link Frame#run}, a switch on the form)
 * happens only when it runs as a job or is taken back by the cold path. The primitive forms
 * exist for this path too: with a {@code Supplier}, each side's value is boxed and the two go
 * back in a {@code Pair}, which escape analysis removes only where the whole recursion inlines;
 * fib(30) with a join at every level ran at 7.8-9.8 times the plain recursion with
 * {@code Supplier}s on one thread, 7.6-7.75 with {@code joinLong}
 * (benchmarks/results/2026-11-26-issue10y). Whether C2 inlines a hot path depends on the size of
 * its compiled code, near {@code -XX:InlineSmallCode}'s 2,500 bytes with G1 on JDK 17 (see
 * benchmarks/results/2026-11-23-issue10d). The five hot paths repeat one another down to their
 * handler for a join cut short, which must make no method call (below): the repetition is the
 * price of the inlining, and a change to one is a change to all five.
 *
 * <h2>Exceptions and stack overflow</h2>
 * If the left side throws, the right side still runs (here or on a thief) before the exception
 * leaves the join, with the right side's exception attached as suppressed (Rayon's
 * {@code join_recover_from_panic}); a left exception that takes no suppressed ones (the JVM's own
 * {@code StackOverflowError}) leaves alone and the right side's goes to the panic handler. Every
 * exception of either side leaves exactly once: out of the join, or to the panic handler. Once
 * the frame is given back, the join calls no method before its exception leaves (the give-back
 * is the last call; the throw is a plain {@code throw}), since an overflow at such a call would
 * replace the exception. The hot path reserves no stack ({@link StackGuard}), and
 * {@code popIfBottom} either takes {@code jobB} or changes nothing. {@link WorkerThread#push}
 * commits with the deque's bottom store and then wakes a sleeper, best effort: an overflow in
 * the wake-up is caught inside {@code push}, but any other failure would leave it with
 * {@code jobB} queued (an {@code OutOfMemoryError} queueing for a sleeper's lock did, on JDK 17,
 * until the sleep module's locks stopped allocating when the heap is full). So the push is inside the
 * handler's reach like every call after it, and a join that it cuts abandons its frame as any
 * other cut join does (a push that threw before its commit leaves a frame nobody queued, which
 * is then simply dropped). Until the soak on 16 cores found it, the push came before the
 * handler, and the wake-up was a call to a method that caught the overflow itself, which does
 * not guard the call (the JVM throws an overflow at a call's entry in the caller, past the
 * callee's handler): a join cut there left its frame queued and in the array, the next join at
 * that depth pushed the same frame again and replaced its closure, and a stray run of the first
 * entry set the latch that a later join then read as its own: a {@code joinLong} whose right
 * side came back {@code null} ({@code JoinPushFailureTest}).
 * Everything else (running a foreign job, waiting for a stolen {@code jobB}) is in the cold
 * methods, which reserve the stack first; if that overflows, or a call on the way to them does,
 * {@code jobB} is left to run on its own, marked {@link Frame#abandoned}, so that its exception,
 * which nobody will read, goes to the panic handler, and the error leaves the join at once. What
 * the abandoning join could not deliver (the exception its own side threw on the way into the
 * cold path, and the right side's if a thief finished it before it could see the mark) waits in
 * the worker's list of cut frames ({@code WorkerThread.cutFrames}) until the job that ran the
 * join returns and there is room: {@link Frame#reportIfCut} then hands it to the panic handler,
 * and a claim on the frame ({@code Frame.claimReport}) lets the thief or the owner report the
 * right side's exception, never both. Before the handler covered every call after the push, such an overflow left the frame in the
 * array: at the give-back in {@code leftFailed} after a thief had run the right side, or, on one
 * worker, before the right side was taken back (the worker's loop then ran it). Either way the
 * next join at that depth took the frame with its latch set and returned its old result, and a
 * frame still queued ran again with a cleared closure (found by the soak; {@code
 * StackOverflowTest.aJoinCutShortLeavesNoFrameToTheNextJoin}).
 */
final class Join {
    /**
     * The most frames a worker keeps, one per join depth: deeper joins allocate their frames
     * (about 40 bytes each) and drop them, rather than keep them for the pool's life.
     */
    static final int MAX_FRAMES = 256;

    private Join() {
    }

    /**
     * {@code join(Runnable, Runnable)} on the owner {@code w}.
     *
     * @param injected whether this join was injected from outside the pool (then both sides run
     *                 on another thread than the caller: "migrated")
     */
    static void join(WorkerThread w, Runnable a, Runnable b, boolean injected) {
        Frame jobB = Frame.take(w, b, Frame.RUNNABLE);
        try {
            w.push(jobB);
            try {
                a.run();
            } catch (Throwable errorA) {
                jobB.ownerError = errorA;
                leftFailed(w, jobB, errorA);
                throw errorA;
            }
            if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
                try {
                    b.run();
                } catch (Throwable errorB) {
                    jobB.ownerError = errorB;
                    jobB.recycle(w); // nobody else saw the frame
                    throw errorB;
                }
            } else {
                rightSideCold(w, jobB, injected);
            }
            jobB.release(w);
        } catch (Throwable cut) {
            // Left with the frame not given back (the depth is still above its slot): an
            // overflow at one of the calls above, or a push whose wake-up threw, cut the join
            // short while the frame may be queued or running on a thief. Abandon it, without a
            // method call.
            if (w.frameDepth != jobB.slot) {
                jobB.abandoned = true;
                if (jobB.slot < w.frames.length) {
                    w.frames[jobB.slot] = null;
                }
                if (jobB.ownerError == cut) {
                    jobB.ownerError = null; // it leaves the join: delivered
                }
                jobB.nextCut = w.cutFrames;
                w.cutFrames = jobB;
            }
            throw cut;
        }
    }

    /** {@code join(Supplier, Supplier)} on the owner {@code w}; see {@link #join(WorkerThread, Runnable, Runnable, boolean)}. */
    static <A, B> Pair<A, B> join(WorkerThread w, Supplier<A> a, Supplier<B> b, boolean injected) {
        Frame jobB = Frame.take(w, b, Frame.SUPPLIER);
        A resultA;
        B resultB;
        try {
            w.push(jobB);
            try {
                resultA = a.get();
            } catch (Throwable errorA) {
                jobB.ownerError = errorA;
                leftFailed(w, jobB, errorA);
                throw errorA;
            }
            if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
                try {
                    resultB = b.get();
                } catch (Throwable errorB) {
                    jobB.ownerError = errorB;
                    jobB.recycle(w); // nobody else saw the frame
                    throw errorB;
                }
            } else {
                resultB = rightSideCold(w, jobB, injected);
            }
            jobB.release(w);
        } catch (Throwable cut) {
            // Left with the frame not given back (the depth is still above its slot): an
            // overflow at one of the calls above, or a push whose wake-up threw, cut the join
            // short while the frame may be queued or running on a thief. Abandon it, without a
            // method call.
            if (w.frameDepth != jobB.slot) {
                jobB.abandoned = true;
                if (jobB.slot < w.frames.length) {
                    w.frames[jobB.slot] = null;
                }
                if (jobB.ownerError == cut) {
                    jobB.ownerError = null; // it leaves the join: delivered
                }
                jobB.nextCut = w.cutFrames;
                w.cutFrames = jobB;
            }
            throw cut;
        }
        return new Pair<>(resultA, resultB);
    }

    /** {@code joinContext} on the owner {@code w}; see {@link #join(WorkerThread, Runnable, Runnable, boolean)}. */
    static <A, B> Pair<A, B> joinContext(WorkerThread w, Function<FnContext, A> a, Function<FnContext, B> b,
                                         boolean injected) {
        Frame jobB = Frame.take(w, b, Frame.CONTEXT);
        A resultA;
        B resultB;
        try {
            w.push(jobB);
            FnContext here = FnContext.of(injected);
            try {
                resultA = a.apply(here);
            } catch (Throwable errorA) {
                jobB.ownerError = errorA;
                leftFailed(w, jobB, errorA);
                throw errorA;
            }
            if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
                try {
                    resultB = b.apply(here);
                } catch (Throwable errorB) {
                    jobB.ownerError = errorB;
                    jobB.recycle(w); // nobody else saw the frame
                    throw errorB;
                }
            } else {
                resultB = rightSideCold(w, jobB, injected);
            }
            jobB.release(w);
        } catch (Throwable cut) {
            // Left with the frame not given back (the depth is still above its slot): an
            // overflow at one of the calls above, or a push whose wake-up threw, cut the join
            // short while the frame may be queued or running on a thief. Abandon it, without a
            // method call.
            if (w.frameDepth != jobB.slot) {
                jobB.abandoned = true;
                if (jobB.slot < w.frames.length) {
                    w.frames[jobB.slot] = null;
                }
                if (jobB.ownerError == cut) {
                    jobB.ownerError = null; // it leaves the join: delivered
                }
                jobB.nextCut = w.cutFrames;
                w.cutFrames = jobB;
            }
            throw cut;
        }
        return new Pair<>(resultA, resultB);
    }

    /**
     * {@code joinLong} on the owner {@code w}: {@code combine(a, b)}, with neither value boxed
     * unless the right side runs as a job; see {@link #join(WorkerThread, Runnable, Runnable, boolean)}.
     */
    static long joinLong(WorkerThread w, LongSupplier a, LongSupplier b, LongBinaryOperator combine,
                         boolean injected) {
        Frame jobB = Frame.take(w, b, Frame.LONG);
        long resultA;
        long resultB;
        try {
            w.push(jobB);
            try {
                resultA = a.getAsLong();
            } catch (Throwable errorA) {
                jobB.ownerError = errorA;
                leftFailed(w, jobB, errorA);
                throw errorA;
            }
            if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
                try {
                    resultB = b.getAsLong();
                } catch (Throwable errorB) {
                    jobB.ownerError = errorB;
                    jobB.recycle(w); // nobody else saw the frame
                    throw errorB;
                }
            } else {
                resultB = Join.<Long>rightSideCold(w, jobB, injected);
            }
            jobB.release(w);
        } catch (Throwable cut) {
            // Left with the frame not given back (the depth is still above its slot): an
            // overflow at one of the calls above, or a push whose wake-up threw, cut the join
            // short while the frame may be queued or running on a thief. Abandon it, without a
            // method call.
            if (w.frameDepth != jobB.slot) {
                jobB.abandoned = true;
                if (jobB.slot < w.frames.length) {
                    w.frames[jobB.slot] = null;
                }
                if (jobB.ownerError == cut) {
                    jobB.ownerError = null; // it leaves the join: delivered
                }
                jobB.nextCut = w.cutFrames;
                w.cutFrames = jobB;
            }
            throw cut;
        }
        return combine.applyAsLong(resultA, resultB);
    }

    /** {@code joinDouble} on the owner {@code w}; see {@link #joinLong}. */
    static double joinDouble(WorkerThread w, DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine,
                             boolean injected) {
        Frame jobB = Frame.take(w, b, Frame.DOUBLE);
        double resultA;
        double resultB;
        try {
            w.push(jobB);
            try {
                resultA = a.getAsDouble();
            } catch (Throwable errorA) {
                jobB.ownerError = errorA;
                leftFailed(w, jobB, errorA);
                throw errorA;
            }
            if (!jobB.probe() && w.deque().popIfBottom(jobB)) {
                try {
                    resultB = b.getAsDouble();
                } catch (Throwable errorB) {
                    jobB.ownerError = errorB;
                    jobB.recycle(w); // nobody else saw the frame
                    throw errorB;
                }
            } else {
                resultB = Join.<Double>rightSideCold(w, jobB, injected);
            }
            jobB.release(w);
        } catch (Throwable cut) {
            // Left with the frame not given back (the depth is still above its slot): an
            // overflow at one of the calls above, or a push whose wake-up threw, cut the join
            // short while the frame may be queued or running on a thief. Abandon it, without a
            // method call.
            if (w.frameDepth != jobB.slot) {
                jobB.abandoned = true;
                if (jobB.slot < w.frames.length) {
                    w.frames[jobB.slot] = null;
                }
                if (jobB.ownerError == cut) {
                    jobB.ownerError = null; // it leaves the join: delivered
                }
                jobB.nextCut = w.cutFrames;
                w.cutFrames = jobB;
            }
            throw cut;
        }
        return combine.applyAsDouble(resultA, resultB);
    }

    /**
     * The left side threw {@code errorA}, which the caller then throws. The right side still runs
     * (here or on a thief) before that, and its exception is attached to {@code errorA} as
     * suppressed (or, if {@code errorA} takes none, handed to the panic handler), once it is
     * claimed ({@link Frame#claimReport}: a thief that finds the frame abandoned claims it too).
     * Without room to wait, returns with the frame not given back: the join's handler abandons
     * it.
     */
    private static void leftFailed(WorkerThread w, Frame jobB, Throwable errorA) {
        try {
            StackGuard.reserve(); // for the wait, and for delivering the right side's exception once claimed
            if (!jobB.probe()) {
                w.waitUntil(jobB);
            }
        } catch (StackOverflowError tooDeep) {
            return;
        }
        Throwable errorB = jobB.error;
        if (errorB != null && errorB != errorA && jobB.claimReport() && !Unwind.attach(errorA, errorB)) {
            // errorA takes no suppressed exceptions, or there is no memory to attach errorB:
            // the right side's goes to the panic handler
            jobB.ownerRegistry().handlePanic(errorB);
        }
        jobB.recycle(w);
    }

    /**
     * The right side is not at the bottom of the deque: it was stolen, or a job that the left
     * side spawned sits above it. Runs the jobs above it, then takes it back, or waits for the
     * thief.
     */
    @SuppressWarnings("unchecked") // the frame's result is what its closure, a B, returned
    private static <B> B rightSideCold(WorkerThread w, Frame jobB, boolean injected) {
        boolean takenBack = false;
        try {
            StackGuard.reserve();
            while (!jobB.probe()) {
                Job job = w.deque().pop();
                if (job == jobB) {
                    takenBack = true;
                    return (B) jobB.run(injected);
                }
                if (job == null) {
                    w.waitUntil(jobB);
                    break;
                }
                w.executeNested(job);
            }
        } catch (Throwable t) {
            if (takenBack) { // the right side threw, here: nobody else saw the frame
                jobB.ownerError = t;
                jobB.recycle(w);
            } // else no room to wait (a stack overflow): the join's handler abandons the frame
            throw t;
        }
        // The latch is set: the thief (or this worker's loop) ran the right side. After the
        // give-back, no method call before the exception leaves (a checked one thrown sneakily
        // excepted): an overflow there would replace it, and the frame no longer says so.
        Throwable error = jobB.error;
        Object result = jobB.result;
        jobB.recycle(w);
        if (error instanceof RuntimeException) {
            throw (RuntimeException) error;
        }
        if (error instanceof Error) {
            throw (Error) error;
        }
        if (error != null) {
            throw Unwind.rethrow(error);
        }
        return (B) result;
    }

    /**
     * The right side of a join, pushed on the owner's deque: popped back and run inline by the
     * owner, or run as a {@link Job} (by a thief, or by the owner's worker loop). It is its own
     * {@link SpinLatch}, and it is reused by its owner's later joins (see the class comment).
     *
     * <p>Written by the owner while nobody else can see it: {@code fn} and {@code form} in
     * {@link #take}; {@code fn} cleared in {@link #release}, and {@code fn}, {@code result},
     * {@code error}, {@code ownerError}, the claim and the latch in {@link #recycle};
     * {@code ownerError}, {@code abandoned} and {@code nextCut} on the exception paths. Written by
     * the thread that runs it as a job: {@code result} or {@code error}, then the latch (a
     * release). Read by the owner only after {@link #probe()} saw the latch set (an acquire). The
     * claim ({@code reported}) is a CAS by whichever of the owner and the thief reports the right
     * side's exception.
     */
    static final class Frame extends SpinLatch implements Job {
        /** {@code fn} is a {@code Runnable}. */
        static final int RUNNABLE = 0;
        /** {@code fn} is a {@code Supplier}. */
        static final int SUPPLIER = 1;
        /** {@code fn} is a {@code Function<FnContext, ?>}. */
        static final int CONTEXT = 2;
        /** {@code fn} is a {@code LongSupplier}; {@link #run} boxes its value. */
        static final int LONG = 3;
        /** {@code fn} is a {@code DoubleSupplier}; {@link #run} boxes its value. */
        static final int DOUBLE = 4;

        private Object fn;
        private int form;
        private Object result;
        private Throwable error;
        /**
         * Set by the owner when its join was left before the frame was given back (a stack
         * overflow): nobody will read this frame's outcome, so its exception goes to the panic
         * handler, and the frame is never reused. A plain volatile field, written without a
         * method call.
         */
        volatile boolean abandoned;
        /** This frame's join depth: its index in the owner's {@code frames}. */
        private final int slot;
        /** The next abandoned frame in the owner's {@code WorkerThread.cutFrames}; owner only. */
        Frame nextCut;
        /**
         * What the owner's own side threw (the left side, or the right side run inline) on its
         * way into the cold path, which a stack overflow may keep from running; owner only,
         * cleared by {@link #recycle} and when it is the exception leaving the join.
         */
        Throwable ownerError;
        /**
         * 1 once the right side's exception was claimed for the panic handler; see
         * {@link #claimReport}. Accessed through a field updater, not a {@code VarHandle}: both
         * uses run only after something failed, where a {@code VarHandle}'s first use would link
         * its call site, which allocates, with the heap perhaps full ({@code ScopeBase} says more).
         */
        @SuppressWarnings("unused") // accessed through REPORTED
        private volatile int reported;

        private Frame(WorkerThread owner, int slot) {
            super(owner);
            this.slot = slot;
        }

        /** A frame for the right side {@code fn} of the given form, at {@code w}'s join depth. */
        static Frame take(WorkerThread w, Object fn, int form) {
            int d = w.frameDepth;
            Frame[] frames = w.frames;
            Frame f;
            if (d >= frames.length || (f = frames[d]) == null) {
                f = make(w, d);
            }
            w.frameDepth = d + 1;
            f.fn = fn;
            f.form = form;
            return f;
        }

        private static Frame make(WorkerThread w, int d) {
            Frame f = new Frame(w, d);
            if (d < w.frames.length) {
                w.frames[d] = f;
            }
            return f;
        }

        /**
         * The join returns: drops the closure and gives the depth back. The latch is
         * {@code UNSET}: the owner took the frame back before anyone else saw it, or
         * {@link #rightSideCold} recycled it after seeing it set.
         */
        void release(WorkerThread w) {
            fn = null;
            w.frameDepth = slot;
        }

        /**
         * Nobody else can touch the frame any more and the owner has read its outcome (or the
         * join leaves with an exception): clears it, resets the latch, gives the depth back.
         */
        void recycle(WorkerThread w) {
            fn = null;
            result = null;
            error = null;
            ownerError = null;
            REPORTED.lazySet(this, 0); // only a thief of an abandoned frame claims too, and this one is not
            reset();
            w.frameDepth = slot;
        }

        /**
         * Runs the right side.
         *
         * @param migrated whether it runs on another thread than the caller of {@code join}
         * @return its result ({@code null} for a {@code Runnable}; boxed for the primitive forms)
         */
        @SuppressWarnings("unchecked") // form says which type fn has
        Object run(boolean migrated) {
            Object f = fn;
            switch (form) {
                case RUNNABLE:
                    ((Runnable) f).run();
                    return null;
                case SUPPLIER:
                    return ((Supplier<?>) f).get();
                case LONG:
                    return ((LongSupplier) f).getAsLong();
                case DOUBLE:
                    return ((DoubleSupplier) f).getAsDouble();
                default:
                    return ((Function<FnContext, ?>) f).apply(FnContext.of(migrated));
            }
        }

        /**
         * Run as a job (stolen, or found by the owner's loop): capture the outcome, set the
         * latch. From the set on, the owner may reuse the frame: only the outcome kept in a local
         * and {@code abandoned} (never cleared, and an abandoned frame is never reused) are read
         * after it.
         */
        @Override
        public void execute() {
            Throwable failed = null;
            try {
                result = run(true);
            } catch (Throwable t) {
                error = t;
                failed = t;
            }
            set();
            if (failed != null && abandoned && claimReport()) {
                ownerRegistry().handlePanic(failed);
            }
        }

        /**
         * The owner, once it has room again after abandoning this frame
         * ({@code WorkerThread.reportCutFrames}), hands the panic handler what the join could not
         * deliver: the exception its own side threw on the way into the cold path (the caller got
         * an overflow in its place; an overflow itself is not reported again), and the right
         * side's exception if a thief ran it and may have read {@code abandoned} before the owner
         * wrote it. That second report is one side of a Dekker pair: the thief sets the latch (a
         * full barrier) and then reads {@code abandoned}; the owner wrote {@code abandoned} and
         * reads the latch after a full fence; at least one sees the other, and
         * {@link #claimReport} lets only one of them report.
         */
        void reportIfCut() {
            Throwable own = ownerError;
            ownerError = null;
            if (own != null && !(own instanceof StackOverflowError)) {
                ownerRegistry().handlePanic(own);
            }
            VarHandle.fullFence();
            if (probe()) {
                Throwable failed = error;
                if (failed != null && claimReport()) {
                    ownerRegistry().handlePanic(failed);
                }
            }
        }

        /** Whether the caller is the one to report the right side's exception. */
        private boolean claimReport() {
            return REPORTED.compareAndSet(this, 0, 1);
        }

        private static final AtomicIntegerFieldUpdater<Frame> REPORTED =
                AtomicIntegerFieldUpdater.newUpdater(Frame.class, "reported");
    }
}
