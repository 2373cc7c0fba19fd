package io.github.rayon4j.iter.plumbing;

import io.github.rayon4j.core.FnContext;
import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import java.util.function.Function;

/**
 * Runs a producer into a consumer in parallel: both are split at the same index, recursively,
 * with {@link Rayon#joinContext}, until the adaptive splitter says stop; each leaf folds its part
 * sequentially and the results are reduced in order on the way back up (Rayon's
 * {@code bridge_producer_consumer} and {@code bridge_unindexed}).
 *
 * <h2>The adaptive splitter</h2>
 * The split budget starts at the pool's thread count ({@link Rayon#currentNumThreads()}; but see
 * the departures below for a pool of one thread and a saturated pool) and halves at every
 * split; no budget, no split. When a half was migrated (stolen by, or injected into, another
 * thread) other threads are idle, so its budget is reset to at least the thread count, but to
 * at most {@code MIGRATED_BUDGET} (see below). The length splitter adds the
 * producer's bounds: a part is never split below {@link Producer#minLen()} per half, and a part
 * longer than {@link Producer#maxLen()} is always split (the initial budget is also raised to
 * {@code len / maxLen}, as in Rayon).
 *
 * <p>Departure from Rayon: the reset on migration is capped at {@code MIGRATED_BUDGET}. Rayon
 * resets a stolen half to the whole thread count, so on 16 threads every steal cuts the stolen
 * part into 32 more leaves, and with 15 idle thieves nearly every one of those is stolen and cut
 * again: a call of increment-all over 10^6 ints made 180-200 stolen jobs and took 185-417 µs (the
 * parallel stream: 55-60). With the cap a stolen part is cut into eight, each of those that is
 * stolen into eight more, so a costly part still spreads over every thread after two generations
 * of steals, and the short call makes 150 jobs and takes 133-150 µs; sum of squares over 10^7
 * longs went from 604-816 to 516-565 µs, and balance on skewed work held: a range whose last
 * sixteenth costs 400 times the rest 524-578 → 464-498 µs, the same over a {@code List<Long>} (no
 * fused leaf, so the splitter alone balances it) 544-578 → 504-548, a triangular loop within its
 * noise (1,827-1,925 in four JVMs of five → 1,819-1,963). A cap of 2 left that list at 845 µs; no
 * reset at all (a part split past its budget instead while a thread was idle), at 2,983. With at
 * most four threads the cap is the thread count, so the rule is Rayon's there. (16 and 8 threads
 * of a 16-processor machine, medians of calls made back to back with {@code install} from outside;
 * benchmarks/results/2026-11-26-issue10x.)
 *
 * <p>Another departure from Rayon: run on a thread of a pool of one thread, the budget starts at
 * 0, not 1. No other thread could take a half there, so a split only costs (the halves, a join, a
 * second leaf with its accumulator, the reduction: about 100-150 ns on this project's machine),
 * and a pipeline called once per item of another pays it per item: P3b's nested n-body on one
 * thread ran 7-8 % over the same computation as loops with the split and 4-6 % without
 * (benchmarks/results/2026-11-26-issue10s). A part longer than {@code maxLen} still splits, and so
 * does a half that migrated (taken by a spare thread while the worker was in
 * {@code blockInPlace}), which resets the budget to 1 as before. Called from outside any pool
 * (the global pool then; of one thread on a one-processor machine or with {@code
 * -Drayon4j.numThreads=1}), the budget is 1, as in Rayon: a call enters the pool through its first
 * split ({@link Rayon#joinContext} from outside runs both halves on a worker), and with no split
 * it would run wholly on the caller, outside the pool (a first version of this rule did).
 *
 * <p>A third departure: a run started on a saturated pool ({@link Rayon#isPoolSaturated()}: the
 * caller's own queue already holds a job, or no other thread of its pool is idle) splits up
 * front once, or not at all when its producer's leaves share on demand
 * ({@link Producer#sharesOnDemand()}: the fused leaves of the primitive pipelines). The splits
 * Rayon makes there are cut for threads that are busy: each half waits until the caller takes it
 * back itself, unless a thread frees up meanwhile, and then one half is enough to give it work.
 * Balance comes from that half (a thread that frees up steals it, and a stolen half gets a
 * budget again, as any migrated half), from the caller's queued job, which a thief takes first,
 * and from leaves that share the rest of their range once a thread wants work. The common case
 * is a pipeline called once per item of another: P3b's nested n-body on two threads (its inner
 * reduction a {@code collect}, whose leaves do not share) took 32.0-33.3 ms against 33.5-41.7
 * before, scaling 1.87-1.96 from one thread (median 1.95) where it was 1.50-1.88 (median 1.85;
 * six alternating rounds; with no split at all, tried, 31.8-33.7 ms). What it gives up: a run
 * whose leaves do not share, started while the pool is saturated, has nothing left to give a
 * thread that frees up after its first half is done: a {@code join} of a list pipeline (about
 * 7 ms on two threads) with a job that held the other thread for 9 ms took 15.0-15.1 ms against
 * 12.5-12.7 (held 0, 3, 6 or 12 ms, within the runs' spread of the times before). An earlier
 * rule gave every such run a budget of 0 and was left out (issue10x: the flat n-body, whose
 * {@code forEach} leaves share, ran slower then); measured again with this rule, the flat form
 * is as fast as before. Not measured on many cores, where Rayon would cut such a run into twice
 * as many leaves as there are threads (benchmarks/results/2026-11-27-issue10af).
 *
 * <h2>A right half that was not stolen goes on from the left half's result</h2>
 * A join runs its left half on the calling thread and then, unless a thief took it, its right
 * half on the same thread ({@link io.github.rayon4j.core.FnContext#migrated()} false). The left
 * half's result is then finished and unshared, so for a consumer that is
 * {@link Consumer#resumable() resumable} the right half's first leaf goes on filling it
 * ({@link Consumer#resumeFolder}) and the join returns the right half's result unreduced. A
 * collect over two threads then makes one container per stolen part rather than one per leaf:
 * a {@code toMap} with a merge that made 16-62 maps a call and merged them all makes a few.
 *
 * <p>The protocol, per split ({@code CarryingHalf} holds its state): the left half records its
 * result and sets {@code done} when its run returns normally; the right half, given the left one
 * as {@code before} only when the consumer is resumable, and when it runs not migrated, reads them
 * (the same thread, later in program order: no fence needed) and passes the result down its
 * leftmost path as the carry, to the first leaf it reaches, and sets {@code absorbed}; the parent
 * reads {@code absorbed} after the join returned, which orders it after the right half's run on
 * whichever thread ran it (a stolen right half never sets it). A left half inherits its parent's
 * carry. A part that finds the consumer full returns its carry unchanged, as the reduction of the
 * carry with nothing would. A left half that threw never sets {@code done}.
 *
 * <h2>Failure</h2>
 * An exception thrown in a leaf (by the producer, the sink, making the folder or completing it)
 * or by a reduction of two parts cancels the consumer ({@link Consumer#cancel()}), so the other
 * leaves stop soon, and reaches the caller unchanged once both sides of every join finished.
 *
 * <pre>{@code
 * Long total = Bridge.bridge(myProducer, myConsumer);
 * }</pre>
 */
public final class Bridge {
    /**
     * The most a migrated half's budget is reset to: the thread count where that is smaller (see
     * the class comment, "Departure from Rayon").
     */
    static final int MIGRATED_BUDGET = 4;

    private Bridge() {
    }

    /**
     * Splits and folds an indexed producer into a consumer.
     *
     * @param producer the source
     * @param consumer the receiving end
     * @param <S>      the sink type
     * @param <R>      the result type
     * @return the consumer's result over all items
     */
    public static <S extends Sink, R> R bridge(Producer<S> producer, Consumer<S, R> consumer) {
        long len = producer.len();
        long min = Math.max(1, producer.minLen());
        long max = Math.max(1, producer.maxLen());
        int threads = Math.max(1, Rayon.currentNumThreads());
        long budget = initialBudget(threads, fromOutside(threads), saturated(threads), producer.sharesOnDemand(),
                len / max);
        return new LengthSplitter(threads, min, max).run(len, false, budget, producer, consumer, false, null);
    }

    /**
     * Splits and folds an unindexed producer into a consumer.
     *
     * @param producer the source
     * @param consumer the receiving end
     * @param <S>      the sink type
     * @param <R>      the result type
     * @return the consumer's result over all items
     */
    public static <S extends Sink, R> R bridgeUnindexed(UnindexedProducer<S> producer,
                                                        Consumer<S, R> consumer) {
        int threads = Math.max(1, Rayon.currentNumThreads());
        long budget = initialBudget(threads, fromOutside(threads), saturated(threads), false, 0);
        return runUnindexed(threads, false, budget, producer, consumer, false, null);
    }

    /**
     * Whether a run in a pool of {@code threads} comes from outside any pool, asked only where it
     * changes the budget (a pool of one thread), so that other calls do not look up their thread.
     */
    private static boolean fromOutside(int threads) {
        return threads == 1 && Rayon.currentThreadIndex().isEmpty();
    }

    /**
     * Whether a run in a pool of {@code threads} starts on a saturated pool
     * ({@link Rayon#isPoolSaturated()}), asked only where it changes the budget (more than one
     * thread).
     */
    private static boolean saturated(int threads) {
        return threads > 1 && Rayon.isPoolSaturated();
    }

    /**
     * The budget a run starts with (see the class comment): the thread count; none on a thread
     * of a pool of one thread, one from outside it; on a saturated pool none if the producer's
     * leaves share on demand and one otherwise; raised to {@code len / maxLen} for an indexed
     * producer.
     *
     * @param threads        the pool's thread count
     * @param fromOutside    whether the caller is no pool's thread, asked for a pool of one
     *                       thread only (then the run must split once to enter the pool)
     * @param saturated      whether the caller's pool is saturated, asked for more than one
     *                       thread only
     * @param sharesOnDemand whether the producer's leaves share their rest when a thread wants
     *                       work ({@link Producer#sharesOnDemand()})
     * @param maxSplits      {@code len / maxLen}, or 0 where there is no length
     * @return the initial budget
     */
    static long initialBudget(int threads, boolean fromOutside, boolean saturated, boolean sharesOnDemand,
                              long maxSplits) {
        long upFront;
        if (threads == 1) {
            upFront = fromOutside ? 1 : 0;
        } else if (saturated) {
            upFront = sharesOnDemand ? 0 : 1;
        } else {
            upFront = threads;
        }
        return Math.max(upFront, maxSplits);
    }

    /** The budget after a split decision; negative when the part must not split. */
    static long nextBudget(int threads, long splits, boolean migrated) {
        if (migrated) {
            return Math.max(Math.min(threads, MIGRATED_BUDGET), splits / 2);
        }
        return splits > 0 ? splits / 2 : -1;
    }

    /**
     * Folds a leaf: {@code producer.foldWith} into a new folder of {@code consumer}, or, when
     * {@code carrying}, into one that goes on from {@code carry}, the preceding part's result.
     */
    private static <S extends Sink, R> R fold(Consumer<S, R> consumer, Producer<S> producer,
                                              boolean carrying, R carry) {
        try {
            Folder<S, R> folder = carrying ? consumer.resumeFolder(carry) : consumer.intoFolder();
            producer.foldWith(folder.sink());
            return folder.complete();
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    /** {@link #fold(Consumer, Producer, boolean, Object)} for an unindexed producer. */
    private static <S extends Sink, R> R fold(Consumer<S, R> consumer, UnindexedProducer<S> producer,
                                              boolean carrying, R carry) {
        try {
            Folder<S, R> folder = carrying ? consumer.resumeFolder(carry) : consumer.intoFolder();
            producer.foldWith(folder.sink());
            return folder.complete();
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    /**
     * The result of a part that is not folded because the consumer is already full: the carry
     * where there is one, else an empty folder's result.
     */
    private static <S extends Sink, R> R nothing(Consumer<S, R> consumer, boolean carrying, R carry) {
        if (carrying) {
            return carry;
        }
        try {
            return consumer.intoFolder().complete();
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    /**
     * Reduces two adjacent results with the consumer's reducer; a reducer that throws cancels
     * the consumer first, as a failing leaf does, so the other parts stop soon. For drivers that
     * run two parts themselves (a {@code chain} of two sources, say) and combine their results.
     *
     * <pre>{@code
     * Pair<R, R> r = Rayon.join(() -> first.drive(consumer.splitOffLeft()), () -> second.drive(consumer));
     * return Bridge.reduce(consumer, r.left(), r.right());
     * }</pre>
     *
     * @param consumer the consumer whose splits gave the two results
     * @param left     the result of the left part
     * @param right    the result of the right part
     * @param <R>      the result type
     * @return the reduced result
     */
    public static <R> R reduce(Consumer<?, R> consumer, R left, R right) {
        try {
            return consumer.reduce(left, right);
        } catch (Throwable t) {
            consumer.cancel();
            throw t;
        }
    }

    /**
     * Splits or folds an unindexed part; {@code carrying} says that {@code carry}, the result of
     * the part before this one, is to be continued by this part's first leaf (see the class
     * comment), and then the result returned includes it.
     */
    private static <S extends Sink, R> R runUnindexed(int threads, boolean migrated, long splits,
                                                      UnindexedProducer<S> producer,
                                                      Consumer<S, R> consumer, boolean carrying, R carry) {
        if (consumer.full()) {
            return nothing(consumer, carrying, carry);
        }
        long next = nextBudget(threads, splits, migrated);
        if (next >= 0) {
            UnindexedProducer<S> left = producer.split();
            if (left != null) {
                Consumer<S, R> leftConsumer = consumer.splitOffLeft();
                UnindexedHalf<S, R> first = new UnindexedHalf<>(threads, next, left, leftConsumer, null);
                first.carrying = carrying;
                first.carry = carry;
                UnindexedHalf<S, R> second = new UnindexedHalf<>(threads, next, producer, consumer,
                        consumer.resumable() ? first : null);
                Pair<R, R> both = Rayon.joinContext(first, second);
                return second.absorbed ? both.right() : reduce(consumer, both.left(), both.right());
            }
        }
        return fold(consumer, producer, carrying, carry);
    }

    /*
     * The halves of a split are classes rather than lambdas: a program's first pipeline makes
     * them, and a lambda's first evaluation spins a class at run time, a named class is only read
     * from the jar (rayon4j-core's WorkerOps says what that saves).
     */

    /**
     * One half of a split, run by {@code joinContext}, with the carry protocol's state (class
     * comment): {@code carrying}/{@code carry} set before the join on a left half, or by the half
     * itself when it takes over {@code before}'s result; {@code result}/{@code done} written by
     * the thread that ran it, read by its right sibling on the same thread; {@code absorbed}
     * read by the parent after the join. Subclasses say how to run the part.
     */
    private abstract static class CarryingHalf<R> implements Function<FnContext, R> {
        private final CarryingHalf<R> before;
        boolean carrying;
        R carry;
        private R result;
        private boolean done;
        boolean absorbed;

        /** @param before the left sibling whose result this half may go on from, or {@code null} */
        CarryingHalf(CarryingHalf<R> before) {
            this.before = before;
        }

        @Override
        public final R apply(FnContext ctx) {
            boolean migrated = ctx.migrated();
            CarryingHalf<R> b = before;
            if (b != null && !migrated && b.done) {
                carrying = true;
                carry = b.result;
                absorbed = true;
            }
            R r = run(migrated, carrying, carry);
            carry = null;
            result = r;
            done = true;
            return r;
        }

        /** Splits or folds this half's part; with {@code carrying}, its result includes {@code carry}. */
        abstract R run(boolean migrated, boolean carrying, R carry);
    }

    /** One half of an unindexed split. */
    private static final class UnindexedHalf<S extends Sink, R> extends CarryingHalf<R> {
        private final int threads;
        private final long splits;
        private final UnindexedProducer<S> producer;
        private final Consumer<S, R> consumer;

        UnindexedHalf(int threads, long splits, UnindexedProducer<S> producer, Consumer<S, R> consumer,
                      UnindexedHalf<S, R> before) {
            super(before);
            this.threads = threads;
            this.splits = splits;
            this.producer = producer;
            this.consumer = consumer;
        }

        @Override
        R run(boolean migrated, boolean carrying, R carry) {
            return runUnindexed(threads, migrated, splits, producer, consumer, carrying, carry);
        }
    }

    private record LengthSplitter(int threads, long min, long max) {
        <S extends Sink, R> R run(long len, boolean migrated, long splits, Producer<S> producer,
                                  Consumer<S, R> consumer, boolean carrying, R carry) {
            if (consumer.full()) {
                return nothing(consumer, carrying, carry);
            }
            long mid = len / 2;
            if (mid >= min) {
                long next = nextBudget(threads, splits, migrated);
                if (next < 0 && len > max) {
                    next = 0;
                }
                if (next >= 0) {
                    Pair<Producer<S>, Producer<S>> parts = producer.splitAt(mid);
                    Consumer<S, R> leftConsumer = consumer.splitOffLeftAt(mid);
                    Half<S, R> first = new Half<>(this, mid, next, parts.left(), leftConsumer, null);
                    first.carrying = carrying;
                    first.carry = carry;
                    Half<S, R> second = new Half<>(this, len - mid, next, parts.right(), consumer,
                            consumer.resumable() ? first : null);
                    Pair<R, R> both = Rayon.joinContext(first, second);
                    return second.absorbed ? both.right() : reduce(consumer, both.left(), both.right());
                }
            }
            return fold(consumer, producer, carrying, carry);
        }
    }

    /** One half of an indexed split. */
    private static final class Half<S extends Sink, R> extends CarryingHalf<R> {
        private final LengthSplitter splitter;
        private final long len;
        private final long splits;
        private final Producer<S> producer;
        private final Consumer<S, R> consumer;

        Half(LengthSplitter splitter, long len, long splits, Producer<S> producer, Consumer<S, R> consumer,
             Half<S, R> before) {
            super(before);
            this.splitter = splitter;
            this.len = len;
            this.splits = splits;
            this.producer = producer;
            this.consumer = consumer;
        }

        @Override
        R run(boolean migrated, boolean carrying, R carry) {
            return splitter.run(len, migrated, splits, producer, consumer, carrying, carry);
        }
    }
}
