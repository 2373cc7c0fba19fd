package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.iter.plumbing.Bridge;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.Drivable;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.Producer;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A parallel iterator of known length whose source splits at any index (Rayon's
 * {@code IndexedParallelIterator}): arrays, random-access lists, ranges, and the one-to-one
 * adaptors over them. It adds positional operations: {@link #zip}, {@link #enumerate},
 * {@link #skip}, {@link #take}, {@link #stepBy}, {@link #rev}, {@link #chunks},
 * {@link #interleave}, {@code position*}, leaf-length bounds, and {@link #toList()} straight into
 * a pre-sized array.
 *
 * <pre>{@code
 * String[] names = {"ann", "bob", "cy"};
 * List<Pair<Long, String>> numbered = ParIter.of(names).enumerate().toList();  // [(0, ann), (1, bob), (2, cy)]
 * List<String> backwards = ParIter.of(names).rev().toList();                   // [cy, bob, ann]
 * }</pre>
 *
 * @param <T> the item type
 */
public final class IndexedParIter<T> extends ParIter<T> {
    private final Producer<ObjSink<T>> producer;

    IndexedParIter(Producer<ObjSink<T>> producer) {
        super(Adapted.bridged(producer));
        this.producer = producer;
    }

    /**
     * The producer behind this iterator (Rayon's {@code with_producer}), for users who write
     * their own consumers or adaptors.
     *
     * @return the producer
     */
    public Producer<ObjSink<T>> producer() {
        return producer;
    }

    /**
     * The number of items.
     *
     * <pre>{@code long n = ParIter.of(names).len();}</pre>
     *
     * @return the length
     */
    public long len() {
        return producer.len();
    }

    @Override
    <U> IndexedParIter<U> oneToOne(SinkAdapter<ObjSink<T>, ObjSink<U>> adapter) {
        return new IndexedParIter<>(new Adapted.AdaptedProducer<>(producer, adapter));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public <U> IndexedParIter<U> map(Function<? super T, ? extends U> mapper) {
        return oneToOne(ObjAdapters.map(Objects.requireNonNull(mapper, "mapper")));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public <S, U> IndexedParIter<U> mapInit(Supplier<? extends S> init, BiFunction<? super S, ? super T, ? extends U> mapper) {
        return oneToOne(ObjAdapters.mapInit(Objects.requireNonNull(init, "init"),
                Objects.requireNonNull(mapper, "mapper")));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public <S, U> IndexedParIter<U> mapWith(S value, BiFunction<? super S, ? super T, ? extends U> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return map(t -> mapper.apply(value, t));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public IndexedParIter<T> peek(java.util.function.Consumer<? super T> action) {
        return oneToOne(ObjAdapters.peek(Objects.requireNonNull(action, "action")));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public IndexedIntParIter mapToInt(ToIntFunction<? super T> mapper) {
        return new IndexedIntParIter(new Adapted.AdaptedProducer<>(producer,
                ObjAdapters.mapToInt(Objects.requireNonNull(mapper, "mapper"))));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public IndexedLongParIter mapToLong(ToLongFunction<? super T> mapper) {
        return new IndexedLongParIter(new Adapted.AdaptedProducer<>(producer,
                ObjAdapters.mapToLong(Objects.requireNonNull(mapper, "mapper"))));
    }

    /** {@inheritDoc} Keeps the length. */
    @Override
    public IndexedDoubleParIter mapToDouble(ToDoubleFunction<? super T> mapper) {
        return new IndexedDoubleParIter(new Adapted.AdaptedProducer<>(producer,
                ObjAdapters.mapToDouble(Objects.requireNonNull(mapper, "mapper"))));
    }

    /**
     * {@inheritDoc} Indexed when {@code other} is indexed.
     *
     * @throws ArithmeticException if both are indexed and their lengths add up to more than
     *                             {@code Long.MAX_VALUE}
     */
    @Override
    public ParIter<T> chain(ParIter<T> other) {
        Objects.requireNonNull(other, "other");
        if (other instanceof IndexedParIter<T> o) {
            return chain(o);
        }
        return super.chain(other);
    }

    /**
     * The items of this iterator, then those of {@code other}, as an indexed iterator.
     *
     * <pre>{@code ParIter.of(a).chain(ParIter.of(b)).len()}</pre>
     *
     * @param other what follows
     * @return the chained iterator
     * @throws ArithmeticException if the two lengths add up to more than {@code Long.MAX_VALUE}
     */
    public IndexedParIter<T> chain(IndexedParIter<T> other) {
        Objects.requireNonNull(other, "other");
        ObjSources.lengthOfBoth("chain", len(), other.len());
        return new IndexedParIter<>(new ObjSources.ChainProducer<>(producer, other.producer));
    }

    /**
     * Pairs items at the same index; as long as the shorter of the two.
     *
     * <pre>{@code ParIter.of(keys).zip(ParIter.of(values)).toList()}</pre>
     *
     * @param other the right-hand items
     * @param <U>   their type
     * @return an iterator of {@link Pair}s
     */
    public <U> IndexedParIter<Pair<T, U>> zip(IndexedParIter<U> other) {
        Objects.requireNonNull(other, "other");
        long n = Math.min(len(), other.len());
        return new IndexedParIter<>(new ObjSources.ZipProducer<>(take(n).producer, other.take(n).producer));
    }

    /**
     * {@link #zip} of two iterators that must have the same length.
     *
     * <pre>{@code ParIter.of(xs).zipEq(ParIter.of(ys)).map(p -> p.left() * p.right())}</pre>
     *
     * @param other the right-hand items
     * @param <U>   their type
     * @return an iterator of {@link Pair}s
     * @throws IllegalArgumentException if the lengths differ
     */
    public <U> IndexedParIter<Pair<T, U>> zipEq(IndexedParIter<U> other) {
        Objects.requireNonNull(other, "other");
        if (len() != other.len()) {
            throw new IllegalArgumentException("zipEq of unequal lengths: " + len() + " and " + other.len());
        }
        return zip(other);
    }

    /**
     * Pairs each item with its index.
     *
     * <pre>{@code ParIter.of(names).enumerate().forEach(p -> System.out.println(p.left() + ": " + p.right()));}</pre>
     *
     * @return an iterator of (index, item)
     */
    public IndexedParIter<Pair<Long, T>> enumerate() {
        return new IndexedParIter<>(new ObjSources.EnumerateProducer<>(producer, 0));
    }

    /**
     * Leaves out the first {@code n} items.
     *
     * <pre>{@code ParIter.of(xs).skip(10)}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return the rest
     * @throws IllegalArgumentException if {@code n < 0}
     */
    @Override // by index: nothing is collected
    public IndexedParIter<T> skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("skip count must be >= 0: " + n);
        }
        return new IndexedParIter<>(producer.splitAt(Math.min(n, len())).right());
    }

    /**
     * {@inheritDoc} Over an array or a random-access list read in place (an iterator made by
     * {@code of}, or a {@link #skip}, {@link #take} or {@link #limit} of one) nothing is
     * collected: when a terminal runs, the first failing index is searched for in parallel
     * (each item tested at most once, the search stopping soon after it is found), and the
     * terminal runs on the items before it, read in place again, as {@link #take} of that many.
     * {@code ParIter.of(list).takeWhile(..).count()} over 10^6 {@code Integer}s whose first
     * 300,000 match, on two threads: 4.0-7.0 → 0.19-0.30 ms, the parallel stream 1.4-2.5;
     * {@code .toList()} 3.9-6.3 → 2.3-3.1, the stream 2.4-2.9 (issue10ap). Any other indexed
     * iterator collects, as {@link ParIter#takeWhile} says: reading its items again would call
     * its functions again.
     *
     * <pre>{@code ParIter.of(sortedTimes).takeWhile(t -> t < deadline).count()}</pre>
     */
    @Override
    public ParIter<T> takeWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        if (!ObjSources.readsStoredItems(producer)) {
            return super.takeWhile(predicate);
        }
        return deferred(() -> take(ObjSources.matchingPrefix(producer, predicate)));
    }

    /**
     * {@inheritDoc} Over an array or a random-access list read in place, nothing is collected,
     * as for {@link #takeWhile}: the terminal runs on the items from the first failing one on,
     * as {@link #skip} of that many.
     *
     * <pre>{@code ParIter.of(lines).dropWhile(l -> l.startsWith("#")).toList()}</pre>
     */
    @Override
    public ParIter<T> dropWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        if (!ObjSources.readsStoredItems(producer)) {
            return super.dropWhile(predicate);
        }
        return deferred(() -> skip(ObjSources.matchingPrefix(producer, predicate)));
    }

    /** {@inheritDoc} By index, nothing is collected: the same as {@link #take}. */
    @Override
    public IndexedParIter<T> limit(long n) {
        return take(n);
    }

    /**
     * Keeps the first {@code n} items.
     *
     * <pre>{@code ParIter.of(xs).take(10)}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return the first items
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public IndexedParIter<T> take(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("take count must be >= 0: " + n);
        }
        if (n >= len()) {
            return this;
        }
        return new IndexedParIter<>(producer.splitAt(n).left());
    }

    /**
     * Every {@code step}-th item, starting with the first. Stepping is by index: the items in
     * between are never produced (functions of earlier stages are not called on them), so
     * {@code LongParIter.range(0, 1L << 40).boxed().stepBy(1L << 30)} costs 1,024 items.
     *
     * <pre>{@code ParIter.of(xs).stepBy(3)}</pre>
     *
     * @param step the distance, {@code >= 1}
     * @return the thinned iterator
     * @throws IllegalArgumentException if {@code step < 1}
     */
    public IndexedParIter<T> stepBy(long step) {
        if (step < 1) {
            throw new IllegalArgumentException("step must be >= 1: " + step);
        }
        return new IndexedParIter<>(new ObjSources.StepByProducer<>(producer, step));
    }

    /**
     * The items in reverse order.
     *
     * <pre>{@code ParIter.of(xs).rev().toList()}</pre>
     *
     * @return the reversed iterator
     */
    public IndexedParIter<T> rev() {
        return new IndexedParIter<>(new ObjSources.RevProducer<>(producer));
    }

    /**
     * Groups consecutive items into lists of {@code size} (the last may be shorter).
     *
     * <pre>{@code ParIter.of(xs).chunks(100).map(batch -> store(batch))}</pre>
     *
     * @param size the chunk length, {@code >= 1}
     * @return an iterator of chunks
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public IndexedParIter<List<T>> chunks(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("chunk size must be >= 1: " + size);
        }
        return new IndexedParIter<>(new ObjSources.ChunksProducer<>(producer, size, ObjSources::chunkToList));
    }

    /**
     * Folds each chunk of {@code size} consecutive items into one value (Rayon's
     * {@code fold_chunks}).
     *
     * <pre>{@code ParIter.of(xs).foldChunks(64, () -> 0, (a, x) -> a + x).toList()}</pre>
     *
     * @param size     the chunk length, {@code >= 1}
     * @param identity makes the start value of each chunk
     * @param folder   adds an item
     * @param <A>      the value type
     * @return an iterator of one value per chunk
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public <A> IndexedParIter<A> foldChunks(int size, Supplier<? extends A> identity, BiFunction<A, ? super T, A> folder) {
        if (size < 1) {
            throw new IllegalArgumentException("chunk size must be >= 1: " + size);
        }
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(folder, "folder");
        return new IndexedParIter<>(new ObjSources.ChunksProducer<T, A>(producer, size, (p, leaf) -> {
            ObjSources.ChunkFold<A, T> f = new ObjSources.ChunkFold<>(identity.get(), folder, leaf);
            p.foldWith(f);
            return f.acc;
        }));
    }

    /**
     * Alternates items of this and {@code other}, then the rest of the longer one.
     *
     * <pre>{@code ParIter.of("a", "b", "c").interleave(ParIter.of("1", "2")).toList() // [a, 1, b, 2, c]}</pre>
     *
     * @param other the other items
     * @return the interleaved iterator
     * @throws ArithmeticException if the two lengths add up to more than {@code Long.MAX_VALUE}
     */
    public IndexedParIter<T> interleave(IndexedParIter<T> other) {
        Objects.requireNonNull(other, "other");
        ObjSources.lengthOfBoth("interleave", len(), other.len());
        return new IndexedParIter<>(new ObjSources.InterleaveProducer<>(producer, other.producer, true));
    }

    /**
     * Asks leaves to hold at least {@code min} items: fewer splits for cheap items.
     *
     * <pre>{@code ParIter.of(xs).withMinLen(1000).map(f)}</pre>
     *
     * @param min the least leaf length, {@code >= 0}
     * @return the same items
     * @throws IllegalArgumentException if {@code min < 0}
     */
    public IndexedParIter<T> withMinLen(long min) {
        if (min < 0) {
            throw new IllegalArgumentException("min length must be >= 0: " + min);
        }
        return new IndexedParIter<>(Adapted.BoundedProducer.withMin(producer, min));
    }

    /**
     * Asks leaves to hold at most {@code max} items: more splits for costly or uneven items.
     *
     * <pre>{@code ParIter.of(tasks).withMaxLen(1).forEach(Task::run)}</pre>
     *
     * @param max the greatest leaf length, {@code >= 1}
     * @return the same items
     * @throws IllegalArgumentException if {@code max < 1}
     */
    public IndexedParIter<T> withMaxLen(long max) {
        if (max < 1) {
            throw new IllegalArgumentException("max length must be >= 1: " + max);
        }
        return new IndexedParIter<>(Adapted.BoundedProducer.withMax(producer, max));
    }

    /**
     * Runs the items as a sequence of parallel blocks of {@code size} items each, one block after
     * the other (Rayon's {@code by_uniform_blocks}): within a block the work is split as usual,
     * and the next block starts only when the previous one is done. With an early-exit terminal
     * ({@code findFirst}, {@code anyMatch}...) the blocks after the answer are never started, so
     * an answer near the front costs little.
     *
     * <pre>{@code Optional<Row> first = ParIter.of(rows).byUniformBlocks(10_000).filter(Row::matches).findFirst();}</pre>
     *
     * @param size items per block, {@code >= 1}
     * @return the same items, in the same order
     * @throws IllegalArgumentException if {@code size < 1}
     */
    public ParIter<T> byUniformBlocks(long size) {
        if (size < 1) {
            throw new IllegalArgumentException("block size must be >= 1: " + size);
        }
        return new ParIter<>(new Blocked<>(this, done -> size));
    }

    /**
     * Runs the items as a sequence of parallel blocks of growing size, each block as large as
     * all the blocks before it together (1, 1, 2, 4, 8, ... items; Rayon's
     * {@code by_exponential_blocks}): an answer near the front is found after little work, and
     * the number of blocks stays logarithmic.
     *
     * <pre>{@code OptionalLong i = ParIter.of(xs).byExponentialBlocks().filter(p).findFirst();}</pre>
     *
     * @return the same items, in the same order
     */
    public ParIter<T> byExponentialBlocks() {
        return new ParIter<>(new Blocked<>(this, done -> Math.max(1, done)));
    }

    /**
     * The driver of the block adaptors: the block of items {@code [done, done + size)} is
     * driven into a consumer split off the left of the remaining one, at the block's length, and
     * the block results are reduced in order; once the consumer is full the remaining blocks are
     * not started (the rest gets the empty result of an empty part).
     */
    private record Blocked<T>(IndexedParIter<T> items, java.util.function.LongUnaryOperator blockSize)
            implements Drivable<ObjSink<T>> {
        @Override
        public <R> R drive(Consumer<ObjSink<T>, R> consumer) {
            long n = items.len();
            long done = 0;
            R acc = null;
            boolean has = false;
            while (done < n && !consumer.full()) {
                long size = Math.min(blockSize.applyAsLong(done), n - done);
                IndexedParIter<T> block = items.skip(done).take(size);
                R r = done + size < n ? block.drive(consumer.splitOffLeftAt(size)) : block.drive(consumer);
                acc = has ? Bridge.reduce(consumer, acc, r) : r;
                has = true;
                done += size;
                if (done == n) {
                    return acc;
                }
            }
            R rest = items.take(0).drive(consumer);
            return has ? Bridge.reduce(consumer, acc, rest) : rest;
        }
    }

    /**
     * Compares this iterator's items with another's lexicographically (Rayon's {@code cmp}): the
     * first unequal pair decides; if one iterator is a prefix of the other, the shorter is less.
     * The pairs are compared in parallel, and the search stops soon after the first difference.
     *
     * <pre>{@code int c = ParIter.of(a).cmp(ParIter.of(b), Comparator.naturalOrder());}</pre>
     *
     * @param other      the other items
     * @param comparator the order of two items
     * @return a negative number, zero or a positive number as this is less than, equal to or
     *         greater than {@code other}
     */
    public int cmp(IndexedParIter<T> other, Comparator<? super T> comparator) {
        Objects.requireNonNull(other, "other");
        Objects.requireNonNull(comparator, "comparator");
        java.util.Optional<Integer> first = zip(other).map(p -> Integer.signum(comparator.compare(p.left(), p.right())))
                .filter(c -> c != 0).findFirst();
        return first.orElseGet(() -> Long.compare(len(), other.len()));
    }

    /**
     * Whether both iterators have the same length and equal items ({@link Objects#equals}) at
     * every index (Rayon's {@code eq}); stops soon after the first difference.
     *
     * <pre>{@code boolean same = ParIter.of(a).eq(ParIter.of(b));}</pre>
     *
     * @param other the other items
     * @return {@code true} if equal
     */
    public boolean eq(IndexedParIter<?> other) {
        Objects.requireNonNull(other, "other");
        return len() == other.len() && zip(other).allMatch(p -> Objects.equals(p.left(), p.right()));
    }

    /**
     * The negation of {@link #eq} (Rayon's {@code ne}).
     *
     * <pre>{@code boolean changed = ParIter.of(before).ne(ParIter.of(after));}</pre>
     *
     * @param other the other items
     * @return {@code true} if they differ
     */
    public boolean ne(IndexedParIter<?> other) {
        return !eq(other);
    }

    /**
     * Whether this is lexicographically less than {@code other} (Rayon's {@code lt}; see
     * {@link #cmp}).
     *
     * <pre>{@code boolean before = ParIter.of(a).lt(ParIter.of(b), Comparator.naturalOrder());}</pre>
     *
     * @param other      the other items
     * @param comparator the order of two items
     * @return {@code cmp(other, comparator) < 0}
     */
    public boolean lt(IndexedParIter<T> other, Comparator<? super T> comparator) {
        return cmp(other, comparator) < 0;
    }

    /**
     * Whether this is lexicographically less than or equal to {@code other} (Rayon's {@code le}).
     *
     * <pre>{@code boolean notAfter = ParIter.of(a).le(ParIter.of(b), Comparator.naturalOrder());}</pre>
     *
     * @param other      the other items
     * @param comparator the order of two items
     * @return {@code cmp(other, comparator) <= 0}
     */
    public boolean le(IndexedParIter<T> other, Comparator<? super T> comparator) {
        return cmp(other, comparator) <= 0;
    }

    /**
     * Whether this is lexicographically greater than {@code other} (Rayon's {@code gt}).
     *
     * <pre>{@code boolean after = ParIter.of(a).gt(ParIter.of(b), Comparator.naturalOrder());}</pre>
     *
     * @param other      the other items
     * @param comparator the order of two items
     * @return {@code cmp(other, comparator) > 0}
     */
    public boolean gt(IndexedParIter<T> other, Comparator<? super T> comparator) {
        return cmp(other, comparator) > 0;
    }

    /**
     * Whether this is lexicographically greater than or equal to {@code other} (Rayon's
     * {@code ge}).
     *
     * <pre>{@code boolean notBefore = ParIter.of(a).ge(ParIter.of(b), Comparator.naturalOrder());}</pre>
     *
     * @param other      the other items
     * @param comparator the order of two items
     * @return {@code cmp(other, comparator) >= 0}
     */
    public boolean ge(IndexedParIter<T> other, Comparator<? super T> comparator) {
        return cmp(other, comparator) >= 0;
    }

    /**
     * The index of the first item that matches (Rayon's {@code position_first}).
     *
     * <pre>{@code OptionalLong i = ParIter.of(xs).positionFirst(x -> x < 0);}</pre>
     *
     * @param predicate the test
     * @return its index, empty if none matches
     */
    public OptionalLong positionFirst(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return toIndex(enumerate().filter(p -> predicate.test(p.right())).findFirst());
    }

    /**
     * The index of the last item that matches (Rayon's {@code position_last}).
     *
     * <pre>{@code OptionalLong i = ParIter.of(xs).positionLast(x -> x < 0);}</pre>
     *
     * @param predicate the test
     * @return its index, empty if none matches
     */
    public OptionalLong positionLast(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return toIndex(enumerate().filter(p -> predicate.test(p.right())).findLast());
    }

    /**
     * The index of some item that matches (Rayon's {@code position_any}); stops soon after.
     *
     * <pre>{@code OptionalLong i = ParIter.of(xs).positionAny(x -> x < 0);}</pre>
     *
     * @param predicate the test
     * @return an index, empty if none matches
     */
    public OptionalLong positionAny(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return toIndex(enumerate().filter(p -> predicate.test(p.right())).findAny());
    }

    private static OptionalLong toIndex(java.util.Optional<? extends Pair<Long, ?>> p) {
        return p.isPresent() ? OptionalLong.of(p.get().left()) : OptionalLong.empty();
    }

    /**
     * The items as a sequential {@link Stream}, in order, computed lazily in parts as the stream
     * reaches them (see {@link #iterator()}): {@code stream().limit(10)} computes only the first
     * parts. The stream knows its size.
     *
     * <pre>{@code ParIter.of(ids).map(db::load).stream().filter(Row::active).findFirst();}</pre>
     *
     * @return a sequential stream over the items
     */
    @Override
    public Stream<T> stream() {
        return StreamSupport.stream(Spliterators.spliterator(iterator(), len(), Spliterator.ORDERED), false);
    }

    /**
     * A sequential iterator over the items in order, as {@link java.util.stream.Stream#iterator()},
     * computed lazily in parts: each part in parallel when the iteration reaches it, the first as
     * long as the pool has threads and each next one four times as long, up to 262,144 items. So the
     * first item comes after about one item's time, and an iteration that stops early leaves the
     * rest uncomputed: reading ten items of {@code LongParIter.range(0, Long.MAX_VALUE).mapToObj(f)}
     * calls {@code f} at most a few dozen times. Each part is computed in the pool of the thread that
     * asks for it ({@code hasNext} or {@code next}); an exception from a part reaches that call.
     *
     * <pre>{@code
     * Iterator<Row> rows = ParIter.of(ids).map(db::load).iterator();
     * while (rows.hasNext() && shown < 20) { show(rows.next()); shown++; }
     * }</pre>
     *
     * @return an iterator over the items
     */
    @Override
    public Iterator<T> iterator() {
        LazyParts<ObjSink<T>> parts = new LazyParts<>(producer);
        return new Iterator<>() {
            private List<T> part = List.of();
            private int next;

            @Override
            public boolean hasNext() {
                while (next == part.size()) {
                    Producer<ObjSink<T>> p = parts.next();
                    if (p == null) {
                        return false;
                    }
                    part = new IndexedParIter<>(p).toList();
                    next = 0;
                }
                return true;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return part.get(next++);
            }
        };
    }

    /** {@inheritDoc} Written straight into one pre-sized array, no copy. */
    @Override
    public List<T> toList() {
        @SuppressWarnings("unchecked")
        T[] out = (T[]) new Object[arrayLength()];
        fill(out);
        return Collections.unmodifiableList(Arrays.asList(out));
    }

    /** {@inheritDoc} Written straight into the array, no copy. */
    @Override
    public Object[] toArray() {
        Object[] out = new Object[arrayLength()];
        fill(out);
        return out;
    }

    /** {@inheritDoc} Written straight into the array, no copy. */
    @Override
    public <A> A[] toArray(IntFunction<A[]> generator) {
        Objects.requireNonNull(generator, "generator");
        A[] out = generator.apply(arrayLength());
        if (out.length != arrayLength()) {
            throw new IllegalStateException("generator made an array of length " + out.length + ", not " + len());
        }
        fill(out);
        return out;
    }

    private int arrayLength() {
        long n = len();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many items for an array: " + n);
        }
        return (int) n;
    }

    private void fill(Object[] out) {
        drive(new IntoArray.Positional<ObjSink<T>>(0, out.length, (from, to, stop) -> new IntoArray.ObjWriter<T>(out, from, to, stop)));
    }
}
