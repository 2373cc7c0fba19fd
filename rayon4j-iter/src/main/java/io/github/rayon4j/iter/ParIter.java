package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.iter.plumbing.Consumer;
import io.github.rayon4j.iter.plumbing.DoubleSink;
import io.github.rayon4j.iter.plumbing.Drivable;
import io.github.rayon4j.iter.plumbing.IntSink;
import io.github.rayon4j.iter.plumbing.LongSink;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.RandomAccess;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.Stream;

/**
 * A parallel iterator over objects, Rayon's {@code ParallelIterator}: a lazy pipeline of adaptors
 * over a splittable source, run by a terminal operation on the current rayon4j pool (the global
 * pool when called from outside any pool). Items are processed in parallel; terminals that are
 * ordered ({@link #toList()}, {@link #findFirst()}, {@link #reduce}, {@link #collect(Collector)})
 * give the result of the source order, the others do not promise an order.
 *
 * <pre>{@code
 * List<String> words = List.of("a", "bb", "ccc");
 * long letters = ParIter.of(words).mapToLong(String::length).sum();          // 6
 * List<String> upper = ParIter.of(words).map(String::toUpperCase).toList();   // [A, BB, CCC]
 * }</pre>
 *
 * <p>Sources with a known length and index-based splitting give an {@link IndexedParIter}, which
 * adds zip, enumerate, skip, take, rev, chunks and collection into a pre-sized array. Functions
 * must not be {@code null} ({@link NullPointerException} naming the argument, at the call). An
 * exception thrown by a function stops the remaining leaves soon and is rethrown to the caller of
 * the terminal, with its own stack trace. "Soon" means that a running leaf finishes the item at
 * hand when items are slow, and otherwise a batch of at most about 10 µs of work (at most 16,384
 * items; see {@link Sink}); the same
 * holds once the answer of {@link #findAny()}, {@link #anyMatch} and the like is known.
 *
 * @param <T> the item type
 */
public class ParIter<T> implements Drivable<ObjSink<T>> {
    private final Drivable<ObjSink<T>> driver;

    ParIter(Drivable<ObjSink<T>> driver) {
        this.driver = driver;
    }

    // ------------------------------------------------------------------ sources

    /**
     * A parallel iterator over a list, split by index: a {@link RandomAccess} list is read in
     * place (it must not change during the iteration); any other list (a {@code LinkedList}, say)
     * is copied once, at this call, into an array, as Rayon does for its linked list, because
     * splitting it by walking would cost more than the copy. The leaves over an {@code ArrayList}
     * (or a sub-list of one) read it through its own spliterators, batch by batch, so one
     * structurally modified by the pipeline's own functions makes the terminal throw
     * {@link java.util.ConcurrentModificationException}, as its parallel stream does.
     *
     * <pre>{@code ParIter.of(List.of(1, 2, 3)).map(x -> x * 2).toList(); // [2, 4, 6]}</pre>
     *
     * @param list the source
     * @param <T>  the item type
     * @return an indexed iterator
     */
    public static <T> IndexedParIter<T> of(List<T> list) {
        Objects.requireNonNull(list, "list");
        if (list instanceof RandomAccess) {
            return new IndexedParIter<>(new ObjSources.ListProducer<>(list, 0, list.size()));
        }
        @SuppressWarnings("unchecked")
        T[] copy = (T[]) list.toArray();
        return new IndexedParIter<>(new ObjSources.ArrayProducer<>(copy, 0, copy.length));
    }

    /** A collection's items through a fresh spliterator for each terminal operation. */
    private static <T> ParIter<T> ofSpliterators(Collection<T> c) {
        return fromUnindexedSupplier(() -> new ObjSources.SpliteratorProducer<ObjSink<T>, Spliterator<T>>(
                c.spliterator(), Spliterator::tryAdvance, Spliterator::forEachRemaining));
    }

    /**
     * A parallel iterator over any collection, through its spliterator (lists: see
     * {@link #of(List)}).
     *
     * <pre>{@code ParIter.of(new HashSet<>(names)).count();}</pre>
     *
     * @param collection the source
     * @param <T>        the item type
     * @return the iterator
     */
    public static <T> ParIter<T> of(Collection<T> collection) {
        Objects.requireNonNull(collection, "collection");
        if (collection instanceof List<T> l) {
            return of(l);
        }
        return ofSpliterators(collection);
    }

    /**
     * A parallel iterator over an array (not copied).
     *
     * <pre>{@code ParIter.of(new String[] {"x", "y"}).enumerate().toList();}</pre>
     *
     * @param array the source
     * @param <T>   the item type
     * @return an indexed iterator
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the producer only reads the array: nothing else is stored in it
    public static <T> IndexedParIter<T> of(T... array) {
        Objects.requireNonNull(array, "array");
        return new IndexedParIter<>(new ObjSources.ArrayProducer<>(array, 0, array.length));
    }

    /**
     * The values of a {@code int[]} as a primitive iterator (not copied): the same as
     * {@link IntParIter#of(int...)}. Without this overload {@code ParIter.of(int[])} would
     * pick {@link #of(Object...)} and give one item, the array.
     *
     * <pre>{@code int s = ParIter.of(new int[] {1, 2, 3}).sum(); // 6}</pre>
     *
     * @param values the source
     * @return an indexed int iterator
     */
    public static IndexedIntParIter of(int[] values) {
        return IntParIter.of(values);
    }

    /**
     * The values of a {@code long[]} as a primitive iterator (not copied): the same as
     * {@link LongParIter#of(long...)}. Without this overload {@code ParIter.of(long[])} would
     * pick {@link #of(Object...)} and give one item, the array.
     *
     * <pre>{@code long s = ParIter.of(new long[] {1, 2, 3}).sum(); // 6}</pre>
     *
     * @param values the source
     * @return an indexed long iterator
     */
    public static IndexedLongParIter of(long[] values) {
        return LongParIter.of(values);
    }

    /**
     * The values of a {@code double[]} as a primitive iterator (not copied): the same as
     * {@link DoubleParIter#of(double...)}. Without this overload {@code ParIter.of(double[])} would
     * pick {@link #of(Object...)} and give one item, the array.
     *
     * <pre>{@code double s = ParIter.of(new double[] {1, 2, 3}).sum(); // 6}</pre>
     *
     * @param values the source
     * @return an indexed double iterator
     */
    public static IndexedDoubleParIter of(double[] values) {
        return DoubleParIter.of(values);
    }

    /**
     * A parallel iterator over a spliterator, split with {@code trySplit}. Order is kept for
     * ordered spliterators.
     *
     * <pre>{@code ParIter.fromSpliterator(set.spliterator()).map(f).toList();}</pre>
     *
     * @param spliterator the source; used by a single terminal operation
     * @param <T>         the item type
     * @return the iterator
     */
    public static <T> ParIter<T> fromSpliterator(Spliterator<T> spliterator) {
        Objects.requireNonNull(spliterator, "spliterator");
        return oneShot(spliterator, ObjSources.readOnce("ParIter.fromSpliterator", spliterator));
    }

    private static <T> ParIter<T> oneShot(Spliterator<T> spliterator, ObjSources.ReadOnce once) {
        return fromUnindexedSupplier(() -> {
            once.claim();
            return new ObjSources.SpliteratorProducer<ObjSink<T>, Spliterator<T>>(
                    spliterator, Spliterator::tryAdvance, Spliterator::forEachRemaining);
        });
    }

    /**
     * Rayon's {@code par_bridge}: a parallel iterator over a sequential iterator. Threads take
     * batches of items from it; the order in which items reach the terminal is not promised, so
     * use it with unordered terminals (sum, count, forEach, unordered collectors).
     *
     * <pre>{@code long n = ParIter.fromIterator(lines.iterator()).filter(s -> s.isEmpty()).count();}</pre>
     *
     * @param iterator the source; used by a single terminal operation
     * @param <T>      the item type
     * @return the iterator
     */
    public static <T> ParIter<T> fromIterator(Iterator<T> iterator) {
        Objects.requireNonNull(iterator, "iterator");
        return oneShot(Spliterators.spliteratorUnknownSize(iterator, 0), ObjSources.readOnce("ParIter.fromIterator", iterator));
    }

    /**
     * A parallel iterator over the items of a stream (its spliterator), in order. The stream's
     * own stages run as its spliterator gives the items: a sequential stream with stages (a
     * {@code map}, a {@code limit}) has a spliterator that will not split, so its items are taken
     * in batches, in order, by the thread that splits, and this iterator's stages run on the
     * pool; a bare source ({@code Files.lines(p)}, {@code list.stream()}) splits as its
     * collection does. Taking the items one at a time from such a stream costs some 20 ns an
     * item on the thread that splits, so a cheap pipeline over it runs at that thread's pace: a
     * generated sequence of known length ({@code Stream.generate(s).limit(n)}) is better written
     * {@code IntParIter.range(0, n).mapToObj(i -> s.get())}, which splits
     * (benchmarks/results/2026-11-28-issue10aq, section 6).
     *
     * <pre>{@code ParIter.fromStream(Files.lines(p)).map(String::trim).toList();}</pre>
     *
     * @param stream the source
     * @param <T>    the item type
     * @return the iterator
     */
    public static <T> ParIter<T> fromStream(Stream<T> stream) {
        Objects.requireNonNull(stream, "stream");
        return oneShot(ObjSources.batching(stream.spliterator()), ObjSources.readOnce("ParIter.fromStream", stream));
    }

    /**
     * A parallel iterator over a user-written unindexed producer.
     *
     * <pre>{@code ParIter<Node> nodes = ParIter.fromUnindexed(new TreeProducer(root));}</pre>
     *
     * @param producer the source; used by a single terminal operation
     * @param <T>      the item type
     * @return the iterator
     */
    public static <T> ParIter<T> fromUnindexed(UnindexedProducer<ObjSink<T>> producer) {
        Objects.requireNonNull(producer, "producer");
        return fromUnindexedSupplier(() -> producer);
    }

    /**
     * A parallel iterator over a user-written producer.
     *
     * <pre>{@code IndexedParIter<Cell> cells = ParIter.fromProducer(new GridProducer(grid));}</pre>
     *
     * @param producer the source
     * @param <T>      the item type
     * @return an indexed iterator
     */
    public static <T> IndexedParIter<T> fromProducer(Producer<ObjSink<T>> producer) {
        return new IndexedParIter<>(Objects.requireNonNull(producer, "producer"));
    }

    static <T> ParIter<T> fromUnindexedSupplier(Supplier<? extends UnindexedProducer<ObjSink<T>>> s) {
        return new ParIter<>(Adapted.bridgedUnindexed(s));
    }

    // ------------------------------------------------------------------ plumbing

    /**
     * Runs this iterator into a consumer (Rayon's {@code drive_unindexed}); the terminals are
     * built on it, and so can be a user's.
     *
     * @param consumer the receiving end
     * @param <R>      the result type
     * @return the consumer's result
     */
    @Override
    public <R> R drive(Consumer<ObjSink<T>, R> consumer) {
        return driver.drive(Objects.requireNonNull(consumer, "consumer"));
    }

    <U> ParIter<U> adapt(Supplier<SinkAdapter<ObjSink<T>, ObjSink<U>>> perDrive) {
        return new ParIter<>(Adapted.drivable(this, perDrive, false));
    }

    <U> ParIter<U> oneToOne(SinkAdapter<ObjSink<T>, ObjSink<U>> adapter) {
        return new ParIter<>(Adapted.drivable(this, () -> adapter, true));
    }

    <S extends Sink> Drivable<S> oneToOneDrivable(SinkAdapter<ObjSink<T>, S> adapter) {
        return Adapted.drivable(this, () -> adapter, true);
    }

    // ------------------------------------------------------------------ adaptors

    /**
     * Applies a function to each item.
     *
     * <pre>{@code ParIter.of(words).map(String::length)}</pre>
     *
     * @param mapper the function
     * @param <U>    the new item type
     * @return the mapped iterator
     */
    public <U> ParIter<U> map(Function<? super T, ? extends U> mapper) {
        return oneToOne(ObjAdapters.map(Objects.requireNonNull(mapper, "mapper")));
    }

    /**
     * Maps with a per-leaf state made by {@code init} (Rayon's {@code map_init}); the state is
     * used by one thread at a time.
     *
     * <pre>{@code ParIter.of(xs).mapInit(() -> new Random(), (rnd, x) -> x + rnd.nextInt(10))}</pre>
     *
     * @param init   makes a state for each leaf
     * @param mapper the function
     * @param <S>    the state type
     * @param <U>    the new item type
     * @return the mapped iterator
     */
    public <S, U> ParIter<U> mapInit(Supplier<? extends S> init, BiFunction<? super S, ? super T, ? extends U> mapper) {
        return oneToOne(ObjAdapters.mapInit(Objects.requireNonNull(init, "init"),
                Objects.requireNonNull(mapper, "mapper")));
    }

    /**
     * Maps with a value shared by every leaf (Rayon's {@code map_with}, which clones it; Java has
     * no clone, so the value must be safe to use from several threads, such as a concurrent
     * queue).
     *
     * <pre>{@code ParIter.of(xs).mapWith(log, (q, x) -> { q.add(x); return x; })}</pre>
     *
     * @param value  the shared value
     * @param mapper the function
     * @param <S>    the value type
     * @param <U>    the new item type
     * @return the mapped iterator
     */
    public <S, U> ParIter<U> mapWith(S value, BiFunction<? super S, ? super T, ? extends U> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        return map(t -> mapper.apply(value, t));
    }

    /**
     * Calls an action on each item as it passes (Rayon's {@code inspect}).
     *
     * <pre>{@code ParIter.of(xs).peek(x -> seen.increment()).count()}</pre>
     *
     * @param action the action
     * @return an iterator of the same items
     */
    public ParIter<T> peek(java.util.function.Consumer<? super T> action) {
        return oneToOne(ObjAdapters.peek(Objects.requireNonNull(action, "action")));
    }

    /**
     * Keeps the items that match.
     *
     * <pre>{@code ParIter.of(xs).filter(x -> x % 2 == 0)}</pre>
     *
     * @param predicate the test
     * @return the filtered iterator
     */
    public ParIter<T> filter(Predicate<? super T> predicate) {
        SinkAdapter<ObjSink<T>, ObjSink<T>> a = ObjAdapters.filter(Objects.requireNonNull(predicate, "predicate"));
        return adapt(() -> a);
    }

    /**
     * Replaces each item by the items of a parallel iterator (Rayon's {@code flat_map}). An
     * indexed inner iterator (a list, an array, a range, their maps) is walked in the outer
     * item's leaf, and its rest handed to idle threads once it proves long or costly; any other
     * is run in parallel. So many small inner iterators cost about what a parallel stream's
     * {@code flatMap} costs, and a few large ones still spread over the pool.
     *
     * <pre>{@code ParIter.of(rows).flatMap(row -> ParIter.of(row.cells()))}</pre>
     *
     * @param mapper gives the inner iterator ({@code null} is taken as empty)
     * @param <U>    the new item type
     * @return the flattened iterator
     */
    public <U> ParIter<U> flatMap(Function<? super T, ? extends ParIter<U>> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        ParIter<T> self = this;
        return new ParIter<>(new Drivable<>() {
            @Override
            public <R> R drive(Consumer<ObjSink<U>, R> consumer) {
                return self.drive(new FlatMapConsumer<ObjSink<T>, ObjSink<U>, R>(consumer,
                        (c, f) -> new Chained.Obj<T, ObjSink<U>>(null) {
                            @Override
                            public void accept(T t) {
                                f.flat(mapper.apply(t));
                            }

                            @Override
                            public boolean full() {
                                return c.full();
                            }
                        }));
            }
        });
    }

    /**
     * Replaces each item by the items of an {@link Iterable}, walked sequentially (Rayon's
     * {@code flat_map_iter}): cheaper than {@link #flatMap} for small inner sequences.
     *
     * <pre>{@code ParIter.of(lines).flatMapIter(l -> List.of(l.split(" ")))}</pre>
     *
     * @param mapper gives the inner iterable ({@code null} is taken as empty)
     * @param <U>    the new item type
     * @return the flattened iterator
     */
    public <U> ParIter<U> flatMapIter(Function<? super T, ? extends Iterable<? extends U>> mapper) {
        SinkAdapter<ObjSink<T>, ObjSink<U>> a = ObjAdapters.flatMapIter(Objects.requireNonNull(mapper, "mapper"));
        return adapt(() -> a);
    }

    /**
     * Replaces each item by the items of a sequential {@link Stream}, as {@link Stream#flatMap}
     * does; each inner stream is walked in order and closed after use.
     *
     * <pre>{@code ParIter.of(lines).flatMapStream(l -> Arrays.stream(l.split(" ")))}</pre>
     *
     * @param mapper gives the inner stream ({@code null} is taken as empty)
     * @param <U>    the new item type
     * @return the flattened iterator
     */
    public <U> ParIter<U> flatMapStream(Function<? super T, ? extends Stream<? extends U>> mapper) {
        SinkAdapter<ObjSink<T>, ObjSink<U>> a = ObjAdapters.flatMapStream(Objects.requireNonNull(mapper, "mapper"));
        return adapt(() -> a);
    }

    /**
     * Replaces each item by the values of a sequential {@code IntStream}, as
     * {@link Stream#flatMapToInt}; each inner stream is walked in order and closed after use.
     *
     * <pre>{@code ParIter.of(rows).flatMapToInt(row -> Arrays.stream(row.ints())).sum()}</pre>
     *
     * @param mapper gives the inner stream ({@code null} is taken as empty)
     * @return an unindexed int iterator
     */
    public IntParIter flatMapToInt(Function<? super T, ? extends java.util.stream.IntStream> mapper) {
        SinkAdapter<ObjSink<T>, IntSink> a = ObjAdapters.flatMapToInt(Objects.requireNonNull(mapper, "mapper"));
        return new IntParIter(Adapted.drivable(this, () -> a, false));
    }

    /**
     * Replaces each item by the values of a sequential {@code LongStream}, as
     * {@link Stream#flatMapToLong}; each inner stream is walked in order and closed after use.
     *
     * <pre>{@code ParIter.of(rows).flatMapToLong(row -> Arrays.stream(row.longs())).sum()}</pre>
     *
     * @param mapper gives the inner stream ({@code null} is taken as empty)
     * @return an unindexed long iterator
     */
    public LongParIter flatMapToLong(Function<? super T, ? extends java.util.stream.LongStream> mapper) {
        SinkAdapter<ObjSink<T>, LongSink> a = ObjAdapters.flatMapToLong(Objects.requireNonNull(mapper, "mapper"));
        return new LongParIter(Adapted.drivable(this, () -> a, false));
    }

    /**
     * Replaces each item by the values of a sequential {@code DoubleStream}, as
     * {@link Stream#flatMapToDouble}; each inner stream is walked in order and closed after use.
     *
     * <pre>{@code ParIter.of(rows).flatMapToDouble(row -> Arrays.stream(row.doubles())).sum()}</pre>
     *
     * @param mapper gives the inner stream ({@code null} is taken as empty)
     * @return an unindexed double iterator
     */
    public DoubleParIter flatMapToDouble(Function<? super T, ? extends java.util.stream.DoubleStream> mapper) {
        SinkAdapter<ObjSink<T>, DoubleSink> a = ObjAdapters.flatMapToDouble(Objects.requireNonNull(mapper, "mapper"));
        return new DoubleParIter(Adapted.drivable(this, () -> a, false));
    }

    /**
     * Maps each item to an {@code int}, without boxing after this step.
     *
     * <pre>{@code ParIter.of(words).mapToInt(String::length).max()}</pre>
     *
     * @param mapper the function
     * @return an int iterator
     */
    public IntParIter mapToInt(ToIntFunction<? super T> mapper) {
        return new IntParIter(oneToOneDrivable(ObjAdapters.mapToInt(Objects.requireNonNull(mapper, "mapper"))));
    }

    /**
     * Maps each item to a {@code long}: {@code ParIter.of(list).mapToLong(f).sum()}.
     *
     * <pre>{@code long total = ParIter.of(orders).mapToLong(Order::cents).sum();}</pre>
     *
     * @param mapper the function
     * @return a long iterator
     */
    public LongParIter mapToLong(ToLongFunction<? super T> mapper) {
        return new LongParIter(oneToOneDrivable(ObjAdapters.mapToLong(Objects.requireNonNull(mapper, "mapper"))));
    }

    /**
     * Maps each item to a {@code double}.
     *
     * <pre>{@code double mean = ParIter.of(points).mapToDouble(Point::x).average().orElse(0);}</pre>
     *
     * @param mapper the function
     * @return a double iterator
     */
    public DoubleParIter mapToDouble(ToDoubleFunction<? super T> mapper) {
        return new DoubleParIter(oneToOneDrivable(ObjAdapters.mapToDouble(Objects.requireNonNull(mapper, "mapper"))));
    }

    /**
     * Folds each leaf's items into one value that starts as {@code identity.get()} (Rayon's
     * {@code fold}): the result has one item per leaf, to be reduced or collected.
     *
     * <p><b>Not a terminal.</b> {@code fold} returns a {@code ParIter<A>}, not an {@code A}: follow
     * it with {@link #reduce(Object, BinaryOperator)} (or {@code reduce(BinaryOperator)}, or a
     * {@code collect}) to get one value, as Rayon's {@code fold(..).reduce(..)}. For one value in
     * one call, as {@code Stream.reduce(identity, accumulator, combiner)} gives it, use
     * {@link #reduce(Object, BiFunction, BinaryOperator)}.
     *
     * <pre>{@code int total = ParIter.of(xs).fold(() -> 0, (a, x) -> a + x).reduce(0, Integer::sum);}</pre>
     *
     * @param identity makes the start value of a leaf
     * @param folder   adds an item to the accumulated value
     * @param <A>      the accumulated type
     * @return an iterator of per-leaf values, in order
     */
    public <A> ParIter<A> fold(Supplier<? extends A> identity, BiFunction<A, ? super T, A> folder) {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(folder, "folder");
        ParIter<T> self = this;
        return new ParIter<>(new Drivable<>() {
            @Override
            public <R> R drive(Consumer<ObjSink<A>, R> consumer) {
                return self.drive(new FoldConsumer<>(consumer, identity, folder));
            }
        });
    }

    /**
     * {@link #fold} starting every leaf from the same {@code init} value (Rayon's
     * {@code fold_with}, which clones it): meant for immutable values.
     *
     * <pre>{@code ParIter.of(xs).foldWith(0L, (a, x) -> a + x).reduce(0L, Long::sum)}</pre>
     *
     * @param init   the start value of every leaf
     * @param folder adds an item
     * @param <A>    the accumulated type
     * @return an iterator of per-leaf values
     */
    public <A> ParIter<A> foldWith(A init, BiFunction<A, ? super T, A> folder) {
        return fold(() -> init, folder);
    }

    /**
     * The items of this iterator, then those of {@code other}.
     *
     * <pre>{@code ParIter.of(a).chain(ParIter.of(b)).toList()}</pre>
     *
     * @param other what follows
     * @return the chained iterator (indexed when both are)
     */
    public ParIter<T> chain(ParIter<T> other) {
        Objects.requireNonNull(other, "other");
        return new ParIter<>(Adapted.chain(this, other));
    }

    /**
     * Takes items while the predicate holds; once it fails anywhere, the iteration stops taking
     * soon (Rayon's {@code take_any_while}): which items are taken depends on timing, but all of
     * them satisfy the predicate.
     *
     * <pre>{@code ParIter.of(xs).takeAnyWhile(x -> x < 100).count()}</pre>
     *
     * @param predicate the test
     * @return an iterator of some items that satisfy it
     */
    public ParIter<T> takeAnyWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return adapt(() -> ObjAdapters.takeAnyWhile(predicate, new Stop()));
    }

    /**
     * Skips items while the predicate holds; once it fails anywhere, all items from then on pass
     * (Rayon's {@code skip_any_while}).
     *
     * <pre>{@code ParIter.of(xs).skipAnyWhile(x -> x < 100).count()}</pre>
     *
     * @param predicate the test
     * @return the remaining items
     */
    public ParIter<T> skipAnyWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return adapt(() -> ObjAdapters.skipAnyWhile(predicate, new Stop()));
    }

    // ------------------------------------------------------------------ stream-style ordered operations

    /**
     * An iterator whose items are made when a terminal runs: each terminal calls {@code make}
     * once and drives what it returns. The ordered stream operations below use it to collect
     * the upstream items in order (in parallel) and then work on that array.
     */
    static <T> ParIter<T> deferred(Supplier<? extends ParIter<T>> make) {
        return new ParIter<>(new Drivable<ObjSink<T>>() {
            @Override
            public <R> R drive(Consumer<ObjSink<T>, R> consumer) {
                return make.get().drive(consumer);
            }
        });
    }

    /**
     * A deferred iterator over an array that {@code make} builds afresh for every terminal (the
     * sorted items, the distinct ones, a prefix): it drives as {@code of(array)} does, and its
     * {@link #toList()} and {@link #toArray()} hand that array out instead of copying it again,
     * since nothing else holds it. {@code sorted().toList()} of 10^6 items copied them twice more
     * after the sort: into a leaf's arrays, then into the list's
     * (benchmarks/results/2026-11-27-issue10aa).
     */
    static <T> ParIter<T> deferredArray(Supplier<T[]> make) {
        return new ParIter<>(new FreshArray<>(make));
    }

    /** The driver of {@link #deferredArray}. */
    private record FreshArray<T>(Supplier<T[]> make) implements Drivable<ObjSink<T>> {
        @Override
        public <R> R drive(Consumer<ObjSink<T>, R> consumer) {
            return of(make.get()).drive(consumer);
        }

        /** A new array of the items, of the class {@code toArray()} promises. */
        Object[] items() {
            Object[] a = make.get();
            return a.getClass() == Object[].class ? a : Arrays.copyOf(a, a.length, Object[].class);
        }
    }

    /** The items in order, in a new array (an {@code Object[]} typed for this class's use). */
    @SuppressWarnings("unchecked")
    T[] itemArray() {
        return (T[]) toArray();
    }

    /**
     * The length of the longest prefix of {@code items[lo, hi)} whose items all match: the first
     * failing index less {@code lo}, found in parallel over the indices with early exit (each
     * item tested at most once, nothing allocated per item).
     */
    static <T> int prefixMatching(T[] items, int lo, int hi, Predicate<? super T> predicate) {
        return IntParIter.range(lo, hi).filter(i -> !predicate.test(items[i])).findFirst().orElse(hi) - lo;
    }

    /**
     * The items sorted by their natural order, stably, with a parallel merge sort, as
     * {@link Stream#sorted()}. The upstream items are collected in order first (in parallel),
     * when a terminal runs.
     *
     * <pre>{@code ParIter.of(words).map(String::toLowerCase).sorted().toList()}</pre>
     *
     * @return the sorted iterator
     * @throws ClassCastException (from the terminal) if the items are not {@link Comparable}
     */
    public ParIter<T> sorted() {
        @SuppressWarnings("unchecked")
        Comparator<? super T> natural = (Comparator<? super T>) Comparator.naturalOrder();
        return sorted(natural);
    }

    /**
     * The items sorted by a comparator, stably, with a parallel merge sort, as
     * {@link Stream#sorted(Comparator)}.
     *
     * <pre>{@code ParIter.of(people).sorted(Comparator.comparing(Person::age)).toList()}</pre>
     *
     * @param comparator the order
     * @return the sorted iterator
     */
    public ParIter<T> sorted(Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator, "comparator");
        return deferredArray(() -> {
            T[] items = itemArray();
            ParSort.sort(items, comparator);
            return items;
        });
    }

    /**
     * The items without repeats ({@link Object#equals}), keeping the first of each in order, as
     * {@link Stream#distinct()} on an ordered stream; {@code null} is an item like any other.
     * Works in parallel: each part of the work that a thread starts afresh keeps the first of
     * each of its items in an insertion-ordered set (a part that follows on the same thread goes
     * on filling the set before it), and the parts' sets, merged in order, lose the items an
     * earlier set holds ({@code ObjFolders.disjointUnion}: lookups, no item inserted twice).
     *
     * <pre>{@code ParIter.of(3, 1, 3, 2, 1).distinct().toList() // [3, 1, 2]}</pre>
     *
     * @return the iterator of distinct items
     */
    @SuppressWarnings("unchecked")
    public ParIter<T> distinct() {
        return deferredArray(() -> (T[]) ObjFolders.concatenated(drive(
                new Terminal.Folding<ObjSink<T>, ArrayList<LinkedHashSet<T>>>(ObjFolders.DistinctPart::new,
                        ObjFolders::disjointUnion, ObjFolders.DistinctPart::new))));
    }

    /**
     * The first {@code n} items in order, as {@link Stream#limit}. An {@link IndexedParIter} takes
     * them by index. On an unindexed iterator, when a terminal runs, the upstream items are
     * collected in order in parallel, and collecting stops early: each part of the work keeps
     * at most {@code n} items and stops once it has them (an item after the {@code n}-th of its
     * own part cannot be among the first {@code n}), and a part that has them stops every part
     * after it. So {@code filter(..).limit(10)} over a million items whose every third matches
     * tests a few hundred of them, not a million.
     *
     * <pre>{@code ParIter.of(lines).filter(l -> l.startsWith("#")).limit(10).toList()}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return the first items
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public ParIter<T> limit(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("limit must be >= 0: " + n);
        }
        return deferredArray(() -> firstItems(n));
    }

    /** The first {@code n} items in order, collected with early exit ({@link Terminal.Prefix}). */
    @SuppressWarnings("unchecked")
    T[] firstItems(long n) {
        if (n == 0) {
            return (T[]) new Object[0];
        }
        int cap = (int) Math.min(n, Integer.MAX_VALUE - 8);
        ArrayList<T> items = drive(new Terminal.Prefix<ObjSink<T>, ArrayList<T>>(
                (cut, lo, hi) -> new ObjFolders.Limited<T>(cut, lo, hi, cap),
                (a, b) -> ObjFolders.Limited.concat(a, b, cap)));
        return (T[]) items.toArray();
    }

    /**
     * All but the first {@code n} items in order, as {@link Stream#skip}. On an unindexed
     * iterator the upstream items are collected in order first; an {@link IndexedParIter} skips
     * them by index.
     *
     * <pre>{@code ParIter.of(lines).filter(l -> !l.isBlank()).skip(1).toList()}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return the rest
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public ParIter<T> skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("skip count must be >= 0: " + n);
        }
        return deferred(() -> of(itemArray()).skip(n));
    }

    /**
     * The longest prefix whose items all match, as {@link Stream#takeWhile} on an ordered stream.
     * When a terminal runs, the items are tested and collected in order in parallel, with early
     * exit: a part stops at its first failing item, and stops every part after it (as
     * {@link #limit} does); the predicate is called at most once per item. An iterator over an
     * array or a random-access list read in place searches for the first failing index instead,
     * and collects nothing ({@link IndexedParIter#takeWhile}).
     *
     * <pre>{@code ParIter.of(sortedTimes).takeWhile(t -> t < deadline).count()}</pre>
     *
     * @param predicate the test
     * @return the prefix
     */
    public ParIter<T> takeWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return deferredArray(() -> firstMatching(predicate));
    }

    /** The items before the first that fails {@code predicate}, collected with early exit. */
    @SuppressWarnings("unchecked")
    T[] firstMatching(Predicate<? super T> predicate) {
        return (T[]) drive(new Terminal.Prefix<ObjSink<T>, ObjFolders.TakingWhile<T>>(
                (cut, lo, hi) -> new ObjFolders.TakingWhile<T>(cut, lo, hi, predicate),
                ObjFolders.TakingWhile::then)).items.toArray();
    }

    /**
     * The items after the longest prefix whose items all match, as {@link Stream#dropWhile} on an
     * ordered stream: the upstream items are collected in order when a terminal runs, and the
     * first failing index is searched for in parallel (an iterator over an array or a
     * random-access list read in place only searches: {@link IndexedParIter#dropWhile}).
     *
     * <pre>{@code ParIter.of(lines).dropWhile(l -> l.startsWith("#")).toList()}</pre>
     *
     * @param predicate the test
     * @return the rest
     */
    public ParIter<T> dropWhile(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return deferred(() -> {
            T[] items = itemArray();
            return of(items).skip(prefixMatching(items, 0, items.length, predicate));
        });
    }

    /**
     * Replaces each item by the items it passes to a sink, as {@link Stream#mapMulti}: cheaper
     * than {@link #flatMap} when an item gives few items or none.
     *
     * <pre>{@code ParIter.of(orders).<Item>mapMulti((order, out) -> order.items().forEach(out)).count()}</pre>
     *
     * @param mapper receives an item and the sink for its replacements
     * @param <U>    the new item type
     * @return the flattened iterator
     */
    public <U> ParIter<U> mapMulti(BiConsumer<? super T, ? super java.util.function.Consumer<U>> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        SinkAdapter<ObjSink<T>, ObjSink<U>> a = d -> new Chained.Obj<T, ObjSink<U>>(d) {
            @Override
            public void accept(T t) {
                mapper.accept(t, down);
            }
        };
        return adapt(() -> a);
    }

    /**
     * An iterator of no items.
     *
     * <pre>{@code ParIter<String> none = ParIter.empty();}</pre>
     *
     * @param <T> the item type
     * @return an empty indexed iterator
     */
    public static <T> IndexedParIter<T> empty() {
        @SuppressWarnings("unchecked")
        T[] none = (T[]) new Object[0];
        return of(none);
    }

    /**
     * The items of {@code a}, then those of {@code b}, as {@link Stream#concat}; the same as
     * {@code a.chain(b)}, indexed when both are.
     *
     * <pre>{@code ParIter.concat(ParIter.of(xs), ParIter.of(ys)).toList()}</pre>
     *
     * @param a   the first items
     * @param b   the items after them
     * @param <T> the item type
     * @return the concatenation
     */
    public static <T> ParIter<T> concat(ParIter<T> a, ParIter<T> b) {
        return Objects.requireNonNull(a, "a").chain(Objects.requireNonNull(b, "b"));
    }

    /**
     * The items of two indexed iterators, one after the other, as an indexed iterator.
     *
     * <pre>{@code long n = ParIter.concat(ParIter.of(xs), ParIter.of(ys)).len();}</pre>
     *
     * @param a   the first items
     * @param b   the items after them
     * @param <T> the item type
     * @return the concatenation
     */
    public static <T> IndexedParIter<T> concat(IndexedParIter<T> a, IndexedParIter<T> b) {
        return Objects.requireNonNull(a, "a").chain(Objects.requireNonNull(b, "b"));
    }

    // ------------------------------------------------------------------ terminals

    /**
     * Calls an action on every item, in no particular order, on several threads.
     *
     * <pre>{@code ParIter.of(files).forEach(f -> process(f));}</pre>
     *
     * @param action the action
     */
    public void forEach(java.util.function.Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        drive(new Terminal.Folding<ObjSink<T>, Void>(stop -> new ObjFolders.ForEach<>(stop, action), (a, b) -> null));
    }

    /**
     * Calls {@code action(value, item)} for every item with one shared value (Rayon's
     * {@code for_each_with}; the value must be thread-safe).
     *
     * <pre>{@code ParIter.of(xs).forEachWith(queue, Queue::add);}</pre>
     *
     * @param value  the shared value
     * @param action the action
     * @param <S>    the value type
     */
    public <S> void forEachWith(S value, BiConsumer<? super S, ? super T> action) {
        Objects.requireNonNull(action, "action");
        forEach(t -> action.accept(value, t));
    }

    /**
     * Calls {@code action(state, item)} with a state made per leaf by {@code init} (Rayon's
     * {@code for_each_init}).
     *
     * <pre>{@code ParIter.of(xs).forEachInit(StringBuilder::new, (sb, x) -> sb.append(x));}</pre>
     *
     * @param init   makes a state for each leaf
     * @param action the action
     * @param <S>    the state type
     */
    public <S> void forEachInit(Supplier<? extends S> init, BiConsumer<? super S, ? super T> action) {
        Objects.requireNonNull(init, "init");
        Objects.requireNonNull(action, "action");
        this.<S, Void>mapInit(init, (s, t) -> {
            action.accept(s, t);
            return null;
        }).forEach(x -> { });
    }

    /**
     * Calls the action on items until it returns {@code false} for one; then the other leaves
     * stop soon (Rayon's {@code try_for_each}).
     *
     * <pre>{@code boolean allWritten = ParIter.of(rows).tryForEach(r -> writer.write(r));}</pre>
     *
     * @param action returns {@code false} to stop
     * @return {@code true} if it returned {@code true} for every item
     */
    public boolean tryForEach(Predicate<? super T> action) {
        Objects.requireNonNull(action, "action");
        return drive(new Terminal.Folding<ObjSink<T>, Boolean>(stop -> new ObjFolders.TryForEach<>(stop, action),
                (a, b) -> a && b));
    }

    /**
     * Reduces with an identity and an associative operator, in order.
     *
     * <pre>{@code int sum = ParIter.of(xs).reduce(0, Integer::sum);}</pre>
     *
     * @param identity the identity of {@code op}
     * @param op       an associative operator
     * @return the reduction ({@code identity} when empty)
     */
    public T reduce(T identity, BinaryOperator<T> op) {
        Objects.requireNonNull(op, "op");
        return drive(new Terminal.Folding<ObjSink<T>, T>(stop -> new ObjFolders.Reduce<T, T>(stop, identity, op), op::apply));
    }

    /**
     * Reduces with an associative operator, in order.
     *
     * <pre>{@code Optional<String> longest = ParIter.of(words).reduce((a, b) -> a.length() >= b.length() ? a : b);}</pre>
     *
     * @param op an associative operator
     * @return the reduction, empty when there are no items
     * @throws NullPointerException if the result is {@code null}
     */
    public Optional<T> reduce(BinaryOperator<T> op) {
        Objects.requireNonNull(op, "op");
        Box<T> r = drive(new Terminal.Folding<ObjSink<T>, Box<T>>(stop -> new ObjFolders.ReduceOpt<>(stop, op),
                (a, b) -> a == null ? b : b == null ? a : new Box<>(op.apply(a.value(), b.value()))));
        return r == null ? Optional.empty() : Optional.of(r.value());
    }

    /**
     * Reduces into another type, as {@link Stream#reduce(Object, BiFunction, BinaryOperator)}.
     *
     * <pre>{@code int letters = ParIter.of(words).reduce(0, (n, w) -> n + w.length(), Integer::sum);}</pre>
     *
     * @param identity    the start of every leaf and the identity of {@code combiner}
     * @param accumulator adds an item
     * @param combiner    combines two partial results
     * @param <U>         the result type
     * @return the reduction
     */
    public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        return drive(new Terminal.Folding<ObjSink<T>, U>(stop -> new ObjFolders.Reduce<>(stop, identity, accumulator),
                combiner::apply));
    }

    /**
     * Reduces while {@code op} succeeds; an empty result of {@code op} is a failure that stops
     * the other leaves soon (Rayon's {@code try_reduce}).
     *
     * <pre>{@code Optional<Integer> sum = ParIter.of(xs).tryReduce(() -> 0, (a, b) -> checkedAdd(a, b));}</pre>
     *
     * @param identity makes the identity of {@code op}
     * @param op       an associative operator that may fail
     * @return the reduction, or empty if {@code op} failed
     */
    public Optional<T> tryReduce(Supplier<? extends T> identity, BiFunction<T, T, Optional<T>> op) {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(op, "op");
        Box<T> r = drive(new Terminal.Folding<ObjSink<T>, Box<T>>(stop -> new ObjFolders.TryReduce<>(stop, identity, op),
                (a, b) -> {
                    if (a == null || b == null) {
                        return null;
                    }
                    Optional<T> c = op.apply(a.value(), b.value());
                    return c.isPresent() ? new Box<>(c.get()) : null;
                }));
        return r == null ? Optional.empty() : Optional.of(r.value());
    }

    /**
     * Collects with a {@link Collector}: one container per part that a thread starts afresh,
     * filled sequentially, combined in order up the tree, finished once. A leaf that runs right
     * after the part before it, on the same thread (its half of a split was not stolen), goes on
     * filling that part's container, so the supplier and the combiner run about once per stolen
     * part, not once per leaf: a {@code toMap} with a merge over 200,000 words on two threads
     * makes 2-16 maps a call where it made 16-63 and merged them all. A container that is a
     * {@link java.util.StringJoiner} ({@code Collectors.joining}), or a map whose values are
     * ({@code groupingBy(f, joining())}), is the exception: every leaf fills one of its own and
     * merges it into the one before, because that merge joins the leaf's strings into one, work
     * that the finisher would otherwise do alone on the calling thread once every leaf is done
     * (200,000 short strings on two threads: 2.3-3.4 ms a call this way, 3.7-4.3 going on, the
     * parallel stream 2.5-3.1). A collector that is both
     * {@link Collector.Characteristics#CONCURRENT CONCURRENT} and
     * {@link Collector.Characteristics#UNORDERED UNORDERED} ({@code Collectors.toConcurrentMap},
     * {@code groupingByConcurrent}) is used as a parallel stream uses it: one container, made
     * once, filled by every thread at the same time, never combined.
     *
     * <pre>{@code Map<Integer, List<String>> byLength = ParIter.of(words).collect(Collectors.groupingBy(String::length));}</pre>
     *
     * @param collector the collector
     * @param <A>       its container type
     * @param <R>       its result type
     * @return the result
     */
    public <A, R> R collect(Collector<? super T, A, R> collector) {
        Objects.requireNonNull(collector, "collector");
        Supplier<A> supplier = collector.supplier();
        BiConsumer<A, ? super T> acc = collector.accumulator();
        java.util.Set<Collector.Characteristics> ch = collector.characteristics();
        if (ch.contains(Collector.Characteristics.CONCURRENT) && ch.contains(Collector.Characteristics.UNORDERED)) {
            A shared = supplier.get();
            forEach(t -> acc.accept(shared, t));
            return finish(collector, shared);
        }
        BinaryOperator<A> combiner = collector.combiner();
        A container = drive(new Terminal.Folding<ObjSink<T>, A>(stop -> new ObjFolders.Collect<A, T>(stop, supplier.get(), acc),
                combiner::apply, (stop, before) -> ObjFolders.Collect.after(stop, before, supplier, acc, combiner)));
        return finish(collector, container);
    }

    private static <A, R> R finish(Collector<?, A, R> collector, A container) {
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            @SuppressWarnings("unchecked")
            R r = (R) container;
            return r;
        }
        return collector.finisher().apply(container);
    }

    /**
     * Collects into a mutable container, as {@link Stream#collect(Supplier, BiConsumer, BiConsumer)}.
     *
     * <pre>{@code ArrayList<String> l = ParIter.of(words).collect(ArrayList::new, ArrayList::add, ArrayList::addAll);}</pre>
     *
     * @param supplier    makes a container for each part that a thread starts afresh (see
     *                    {@link #collect(Collector)}: a leaf that follows on the same thread goes
     *                    on filling the container before it, unless that is a
     *                    {@code StringJoiner} or a map of them)
     * @param accumulator adds an item
     * @param combiner    moves the second container's contents into the first
     * @param <R>         the container type
     * @return the combined container
     */
    public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
        Objects.requireNonNull(supplier, "supplier");
        Objects.requireNonNull(accumulator, "accumulator");
        Objects.requireNonNull(combiner, "combiner");
        BinaryOperator<R> combined = (a, b) -> {
            combiner.accept(a, b);
            return a;
        };
        return drive(new Terminal.Folding<ObjSink<T>, R>(stop -> new ObjFolders.Collect<R, T>(stop, supplier.get(), accumulator),
                combined::apply, (stop, before) -> ObjFolders.Collect.after(stop, before, supplier, accumulator, combined)));
    }

    /**
     * The items in order, as an unmodifiable list (it may hold {@code null}s).
     *
     * <pre>{@code List<Integer> lengths = ParIter.of(words).map(String::length).toList();}</pre>
     *
     * @return the list
     */
    @SuppressWarnings("unchecked") // the array holds only items of this iterator
    public List<T> toList() {
        return (List<T>) Collections.unmodifiableList(Arrays.asList(toArray()));
    }

    /** The items in order in a new array: each leaf's in arrays it fills, copied once at the end. */
    private Object[] collectedArray() {
        return ObjFolders.joinedArray(drive(new Terminal.Folding<ObjSink<T>, ArrayList<ObjFolders.Piece>>(
                ObjFolders.ListPart<T>::new, ObjFolders::joined, ObjFolders.ListPart<T>::new)));
    }

    /**
     * The items in order, in an array.
     *
     * <pre>{@code Object[] a = ParIter.of(words).toArray();}</pre>
     *
     * @return a new array
     */
    public Object[] toArray() {
        return driver instanceof FreshArray<?> fresh ? fresh.items() : collectedArray();
    }

    /**
     * The items in order, in an array made by {@code generator}.
     *
     * <pre>{@code String[] a = ParIter.of(words).map(String::trim).toArray(String[]::new);}</pre>
     *
     * @param generator makes an array of the given length
     * @param <A>       the array's component type
     * @return the array
     */
    public <A> A[] toArray(IntFunction<A[]> generator) {
        Objects.requireNonNull(generator, "generator");
        return toList().toArray(generator.apply(0));
    }

    /**
     * The number of items.
     *
     * <pre>{@code long n = ParIter.of(words).filter(String::isEmpty).count();}</pre>
     *
     * @return the count
     */
    public long count() {
        return drive(new Terminal.Folding<ObjSink<T>, Long>(ObjFolders.Count::new, Long::sum));
    }

    /**
     * The least item; of equal least items, the first.
     *
     * <pre>{@code Optional<String> first = ParIter.of(words).min(Comparator.naturalOrder());}</pre>
     *
     * @param comparator the order
     * @return the least item, empty when there are none
     * @throws NullPointerException if the least item is {@code null}
     */
    public Optional<T> min(Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator, "comparator");
        return reduce((a, b) -> comparator.compare(a, b) <= 0 ? a : b);
    }

    /**
     * The greatest item; of equal greatest items, the first (as {@link Stream#max}).
     *
     * <pre>{@code Optional<String> last = ParIter.of(words).max(Comparator.naturalOrder());}</pre>
     *
     * @param comparator the order
     * @return the greatest item, empty when there are none
     */
    public Optional<T> max(Comparator<? super T> comparator) {
        Objects.requireNonNull(comparator, "comparator");
        return reduce((a, b) -> comparator.compare(a, b) >= 0 ? a : b);
    }

    /**
     * The item with the least key (Rayon's {@code min_by_key}); of equal keys, the first.
     *
     * <pre>{@code Optional<String> shortest = ParIter.of(words).minByKey(String::length);}</pre>
     *
     * @param key the key
     * @param <K> the key type
     * @return the item, empty when there are none
     */
    public <K extends Comparable<? super K>> Optional<T> minByKey(Function<? super T, ? extends K> key) {
        Objects.requireNonNull(key, "key");
        return min(Comparator.comparing(key));
    }

    /**
     * The item with the greatest key (Rayon's {@code max_by_key}); of equal keys, the first.
     *
     * <pre>{@code Optional<String> longest = ParIter.of(words).maxByKey(String::length);}</pre>
     *
     * @param key the key
     * @param <K> the key type
     * @return the item, empty when there are none
     */
    public <K extends Comparable<? super K>> Optional<T> maxByKey(Function<? super T, ? extends K> key) {
        Objects.requireNonNull(key, "key");
        return max(Comparator.comparing(key));
    }

    /**
     * Whether any item matches; stops the other leaves soon after a match (Rayon's {@code any}).
     *
     * <pre>{@code boolean hasEmpty = ParIter.of(words).anyMatch(String::isEmpty);}</pre>
     *
     * @param predicate the test
     * @return {@code true} if one matches
     */
    public boolean anyMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return drive(new Terminal.Folding<ObjSink<T>, Boolean>(stop -> new ObjFolders.AnyMatch<>(stop, predicate),
                (a, b) -> a || b));
    }

    /**
     * Whether all items match; stops soon after a mismatch (Rayon's {@code all}).
     *
     * <pre>{@code boolean allShort = ParIter.of(words).allMatch(w -> w.length() < 10);}</pre>
     *
     * @param predicate the test
     * @return {@code true} if none fails (also when empty)
     */
    public boolean allMatch(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        return !anyMatch(predicate.negate());
    }

    /**
     * Whether no item matches.
     *
     * <pre>{@code boolean noneEmpty = ParIter.of(words).noneMatch(String::isEmpty);}</pre>
     *
     * @param predicate the test
     * @return {@code true} if none matches
     */
    public boolean noneMatch(Predicate<? super T> predicate) {
        return !anyMatch(Objects.requireNonNull(predicate, "predicate"));
    }

    /**
     * Some item, whichever is found first in time; the other leaves stop soon.
     *
     * <pre>{@code Optional<Path> any = ParIter.of(paths).filter(Files::isDirectory).findAny();}</pre>
     *
     * @return an item, empty when there are none
     * @throws NullPointerException if the item found is {@code null}
     */
    public Optional<T> findAny() {
        Box<T> r = drive(new Terminal.Folding<ObjSink<T>, Box<T>>(ObjFolders.FindAny::new, (a, b) -> a != null ? a : b));
        return r == null ? Optional.empty() : Optional.of(r.value());
    }

    /**
     * The first item in order; leaves to the right of a found item stop soon.
     *
     * <pre>{@code Optional<Integer> firstBig = ParIter.of(xs).filter(x -> x > 1000).findFirst();}</pre>
     *
     * @return the first item, empty when there are none
     * @throws NullPointerException if that item is {@code null}
     */
    public Optional<T> findFirst() {
        Box<T> r = drive(new Terminal.Find<ObjSink<T>, Box<T>>(true, ObjFolders.Find::new));
        return r == null ? Optional.empty() : Optional.of(r.value());
    }

    /**
     * The last item in order (Rayon's {@code find_last}); leaves to the left of a found item stop
     * soon.
     *
     * <pre>{@code Optional<Integer> lastBig = ParIter.of(xs).filter(x -> x > 1000).findLast();}</pre>
     *
     * @return the last item, empty when there are none
     * @throws NullPointerException if that item is {@code null}
     */
    public Optional<T> findLast() {
        Box<T> r = drive(new Terminal.Find<ObjSink<T>, Box<T>>(false, ObjFolders.Find::new));
        return r == null ? Optional.empty() : Optional.of(r.value());
    }

    /**
     * Splits the items in two lists, in order: those that match, those that do not.
     *
     * <pre>{@code Pair<List<Integer>, List<Integer>> evenOdd = ParIter.of(xs).partition(x -> x % 2 == 0);}</pre>
     *
     * @param predicate the test
     * @return (matching, not matching)
     */
    public Pair<List<T>, List<T>> partition(Predicate<? super T> predicate) {
        Objects.requireNonNull(predicate, "predicate");
        Pair<ArrayList<T>, ArrayList<T>> r = collect(
                () -> new Pair<>(new ArrayList<>(), new ArrayList<>()),
                (p, t) -> (predicate.test(t) ? p.left() : p.right()).add(t),
                (a, b) -> {
                    a.left().addAll(b.left());
                    a.right().addAll(b.right());
                });
        return new Pair<>(r.left(), r.right());
    }

    /**
     * Maps every item to a left or a right value and collects each side in order (Rayon's
     * {@code partition_map}).
     *
     * <pre>{@code Pair<List<Integer>, List<String>> r = ParIter.of(inputs).partitionMap(s -> isNumber(s) ? Either.left(parse(s)) : Either.right(s));}</pre>
     *
     * @param mapper gives an {@link Either} for each item; must not return {@code null}
     * @param <L>    the left type
     * @param <R>    the right type
     * @return the lefts and the rights, each in item order
     */
    public <L, R> Pair<List<L>, List<R>> partitionMap(Function<? super T, ? extends Either<? extends L, ? extends R>> mapper) {
        Objects.requireNonNull(mapper, "mapper");
        Pair<ArrayList<L>, ArrayList<R>> r = collect(
                () -> new Pair<>(new ArrayList<L>(), new ArrayList<R>()),
                (p, t) -> {
                    Either<? extends L, ? extends R> e = mapper.apply(t);
                    if (e instanceof Either.Left<? extends L, ? extends R> l) {
                        p.left().add(l.value());
                    } else if (e instanceof Either.Right<? extends L, ? extends R> rt) {
                        p.right().add(rt.value());
                    } else {
                        throw new NullPointerException("partitionMap's function returned null instead of an Either");
                    }
                },
                (a, b) -> {
                    a.left().addAll(b.left());
                    a.right().addAll(b.right());
                });
        return new Pair<>(r.left(), r.right());
    }

    /**
     * Adds the items, in order, to an existing collection (Rayon's {@code par_extend}). The items
     * are computed in parallel and collected first; then {@code addAll} runs on the calling
     * thread, so the target needs no thread safety.
     *
     * <pre>{@code List<String> all = new ArrayList<>(header); ParIter.of(rows).map(Row::render).collectInto(all);}</pre>
     *
     * @param target the collection to extend
     * @param <C>    its type
     * @return {@code target}
     */
    public <C extends Collection<? super T>> C collectInto(C target) {
        Objects.requireNonNull(target, "target");
        target.addAll(toList());
        return target;
    }

    /**
     * Any {@code n} items (Rayon's {@code take_any}): not necessarily the first ones; once
     * {@code n} items passed, the leaves stop soon. Use {@link #limit} for the first {@code n}.
     *
     * <pre>{@code List<Path> sample = ParIter.of(files).filter(Files::isRegularFile).takeAny(10).toList();}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return an iterator of at most {@code n} items
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public ParIter<T> takeAny(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("takeAny count must be >= 0: " + n);
        }
        return adapt(() -> {
            java.util.concurrent.atomic.AtomicLong taken = new java.util.concurrent.atomic.AtomicLong();
            return d -> new Chained.Obj<T, ObjSink<T>>(d) {
                @Override
                public void accept(T t) {
                    if (taken.get() < n && taken.getAndIncrement() < n) {
                        down.accept(t);
                    }
                }

                @Override
                public boolean full() {
                    return taken.get() >= n || down.full();
                }
            };
        });
    }

    /**
     * All items but any {@code n} of them (Rayon's {@code skip_any}): which ones are skipped
     * depends on timing. Use {@link #skip} to skip the first {@code n}.
     *
     * <pre>{@code long rest = ParIter.of(xs).skipAny(100).count(); // xs.size() - 100}</pre>
     *
     * @param n how many, {@code >= 0}
     * @return an iterator without {@code n} of the items
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public ParIter<T> skipAny(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("skipAny count must be >= 0: " + n);
        }
        return adapt(() -> {
            java.util.concurrent.atomic.AtomicLong skipped = new java.util.concurrent.atomic.AtomicLong();
            return d -> new Chained.Obj<T, ObjSink<T>>(d) {
                @Override
                public void accept(T t) {
                    if (skipped.get() >= n || skipped.getAndIncrement() >= n) {
                        down.accept(t);
                    }
                }
            };
        });
    }

    /**
     * Puts {@code separator} between every two items, in order (Rayon's {@code intersperse}).
     *
     * <pre>{@code String csv = String.join("", ParIter.of(cells).intersperse(",").toList());}</pre>
     *
     * @param separator the item to put between items
     * @return the interspersed iterator
     */
    public ParIter<T> intersperse(T separator) {
        return deferred(() -> {
            T[] items = itemArray();
            // item k at position 2k, the separators at the odd positions between them
            return LongParIter.range(0, Math.max(0, 2L * items.length - 1))
                    .mapToObj(i -> (i & 1) == 0 ? items[(int) (i >>> 1)] : separator);
        });
    }

    /**
     * The values of an iterator of {@code Optional}s until an empty one (Rayon's
     * {@code while_some}): once an empty {@code Optional} is seen anywhere, the leaves stop soon;
     * which values passed before that depends on timing, as in Rayon.
     *
     * <pre>{@code List<Row> rows = ParIter.whileSome(ParIter.of(lines).map(Row::tryParse)).toList();}</pre>
     *
     * @param iterator the optional values
     * @param <T>      the value type
     * @return the present values up to the first empty one seen
     */
    public static <T> ParIter<T> whileSome(ParIter<Optional<T>> iterator) {
        Objects.requireNonNull(iterator, "iterator");
        return iterator.adapt(() -> {
            Stop none = new Stop();
            return d -> new Chained.Obj<Optional<T>, ObjSink<T>>(d) {
                @Override
                public void accept(Optional<T> o) {
                    if (none.stopped) {
                        return;
                    }
                    if (o.isPresent()) {
                        down.accept(o.get());
                    } else {
                        none.stop();
                    }
                }

                @Override
                public boolean full() {
                    return none.stopped || down.full();
                }
            };
        });
    }

    /**
     * The pieces of a splittable value (Rayon's {@code split}): {@code splitter} cuts a piece in
     * two, a left part and, if it can be cut, a right part; a piece that gives no right part is
     * not cut again. The pieces are the items, in left-to-right order; how far the cutting goes
     * follows the adaptive splitter (more pieces when threads are idle), so the pieces' number
     * depends on the pool.
     *
     * <pre>{@code
     * record Span(long lo, long hi) { }
     * long total = ParIter.split(new Span(0, 1_000_000), s -> s.hi() - s.lo() < 1000
     *         ? new Pair<>(s, Optional.empty())
     *         : new Pair<>(new Span(s.lo(), (s.lo() + s.hi()) / 2), Optional.of(new Span((s.lo() + s.hi()) / 2, s.hi()))))
     *     .mapToLong(s -> s.hi() - s.lo()).sum();   // 1_000_000
     * }</pre>
     *
     * @param data     the whole value
     * @param splitter cuts a piece: the left part and, if cut, the right part
     * @param <T>      the value type
     * @return an unindexed iterator of the pieces
     */
    public static <T> ParIter<T> split(T data, Function<? super T, Pair<T, Optional<T>>> splitter) {
        Objects.requireNonNull(splitter, "splitter");
        return fromUnindexedSupplier(() -> new SplitProducer<T>(data, splitter));
    }

    /** The producer of {@link #split}: holds one piece; splitting gives away the left part. */
    private static final class SplitProducer<T> implements UnindexedProducer<ObjSink<T>> {
        private final Function<? super T, Pair<T, Optional<T>>> splitter;
        private T piece;
        private boolean whole;

        SplitProducer(T piece, Function<? super T, Pair<T, Optional<T>>> splitter) {
            this.piece = piece;
            this.splitter = splitter;
        }

        @Override
        public UnindexedProducer<ObjSink<T>> split() {
            if (whole) {
                return null;
            }
            Pair<T, Optional<T>> cut = Objects.requireNonNull(splitter.apply(piece),
                    "split's splitter returned null instead of a Pair");
            Optional<T> right = Objects.requireNonNull(cut.right(),
                    "split's splitter returned a Pair whose right side is null, not an Optional");
            if (right.isEmpty()) {
                piece = cut.left();
                whole = true;
                return null;
            }
            SplitProducer<T> left = new SplitProducer<>(cut.left(), splitter);
            piece = right.get();
            return left;
        }

        @Override
        public void foldWith(ObjSink<T> sink) {
            if (!sink.full()) {
                sink.accept(piece);
            }
        }
    }

    /**
     * The nodes of a tree in prefix order: a node, then the subtrees of its children in the
     * order {@code children} gives them (Rayon's {@code walk_tree_prefix}). Ordered terminals
     * ({@link #toList()}, {@link #forEachOrdered}, {@link #findFirst()}) see that order; the
     * subtrees are walked in parallel. {@code children} returns an {@link Iterable} because the
     * children of a node are usually a collection already ({@code node.children()},
     * {@code List.of(left, right)}); it is called once per node, from any thread, and must
     * return an empty collection, not {@code null}, for a leaf.
     *
     * <p>A node with several children lets the walk split, so unbalanced trees are fine; a
     * chain of nodes with one child each is walked in a loop, not by recursion, so any depth is
     * fine too (only its walk is sequential: a chain has nothing to split).
     *
     * <pre>{@code
     * //      4            prefix order: 4, 2, 3, 1, 2
     * //     / \
     * //    2   3
     * //       / \
     * //      1   2
     * List<Integer> nodes = ParIter.walkTreePrefix(4, e -> e <= 2 ? List.of() : List.of(e / 2, e / 2 + 1)).toList();
     * long leaves = ParIter.walkTreePrefix(root, Node::children).filter(n -> n.children().isEmpty()).count();
     * }</pre>
     *
     * @param root     the root node
     * @param children the children of a node, in order
     * @param <T>      the node type
     * @return the nodes, in prefix order
     */
    public static <T> ParIter<T> walkTreePrefix(T root, Function<? super T, ? extends Iterable<? extends T>> children) {
        Objects.requireNonNull(children, "children");
        return fromUnindexedSupplier(() -> new WalkTree.Prefix<T>(root, children));
    }

    /**
     * The nodes of a tree in postfix order: the subtrees of a node's children, in the order
     * {@code children} gives them, then the node (Rayon's {@code walk_tree_postfix}). As
     * {@link #walkTreePrefix} otherwise: ordered terminals see that order, subtrees are walked in
     * parallel, {@code children} is called once per node, and deep chains need no stack.
     *
     * <pre>{@code
     * //      4            postfix order: 2, 1, 2, 3, 4
     * //     / \
     * //    2   3
     * //       / \
     * //      1   2
     * List<Integer> nodes = ParIter.walkTreePostfix(4, e -> e <= 2 ? List.of() : List.of(e / 2, e / 2 + 1)).toList();
     * }</pre>
     *
     * @param root     the root node
     * @param children the children of a node, in order
     * @param <T>      the node type
     * @return the nodes, in postfix order
     */
    public static <T> ParIter<T> walkTreePostfix(T root, Function<? super T, ? extends Iterable<? extends T>> children) {
        Objects.requireNonNull(children, "children");
        return fromUnindexedSupplier(() -> new WalkTree.Postfix<T>(root, children));
    }

    /**
     * The nodes of a tree in an order left unspecified, for terminals that do not care (Rayon's
     * {@code walk_tree}); today it is the postfix walk of {@link #walkTreePostfix}.
     *
     * <pre>{@code long size = ParIter.walkTree(root, Node::children).mapToLong(Node::weight).sum();}</pre>
     *
     * @param root     the root node
     * @param children the children of a node
     * @param <T>      the node type
     * @return the nodes
     */
    public static <T> ParIter<T> walkTree(T root, Function<? super T, ? extends Iterable<? extends T>> children) {
        return walkTreePostfix(root, children);
    }

    /**
     * {@code n} copies of a value (Rayon's {@code repeat_n}).
     *
     * <pre>{@code List<String> blanks = ParIter.repeatN("", 3).toList(); // ["", "", ""]}</pre>
     *
     * @param value the value
     * @param n     how many, {@code >= 0}
     * @param <T>   the value type
     * @return an indexed iterator of {@code n} items
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public static <T> IndexedParIter<T> repeatN(T value, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("repeat count must be >= 0: " + n);
        }
        return LongParIter.range(0, n).mapToObj(i -> value);
    }

    /**
     * A value repeated without end in practice ({@code Long.MAX_VALUE} times; Rayon's
     * {@code repeat}): meant to be {@code zip}ped with a finite iterator or cut with
     * {@code take}.
     *
     * <pre>{@code ParIter.of(names).zip(ParIter.repeat(prefix)).map(p -> p.right() + p.left()).toList()}</pre>
     *
     * @param value the value
     * @param <T>   the value type
     * @return an indexed iterator of length {@code Long.MAX_VALUE}
     */
    public static <T> IndexedParIter<T> repeat(T value) {
        return repeatN(value, Long.MAX_VALUE);
    }

    /**
     * Splits every item in two and collects each side in order (Rayon's {@code unzip}; on an
     * iterator of pairs use {@code unzip(p -> p)}).
     *
     * <pre>{@code Pair<List<String>, List<Integer>> kv = ParIter.of(entries).unzip(e -> new Pair<>(e.getKey(), e.getValue()));}</pre>
     *
     * @param splitter gives the two parts of an item
     * @param <A>      the left type
     * @param <B>      the right type
     * @return the two lists
     */
    public <A, B> Pair<List<A>, List<B>> unzip(Function<? super T, ? extends Pair<? extends A, ? extends B>> splitter) {
        Objects.requireNonNull(splitter, "splitter");
        Pair<ArrayList<A>, ArrayList<B>> r = collect(
                () -> new Pair<>(new ArrayList<>(), new ArrayList<>()),
                (p, t) -> {
                    Pair<? extends A, ? extends B> ab = splitter.apply(t);
                    p.left().add(ab.left());
                    p.right().add(ab.right());
                },
                (a, b) -> {
                    a.left().addAll(b.left());
                    a.right().addAll(b.right());
                });
        return new Pair<>(r.left(), r.right());
    }

    /**
     * Calls an action on every item, one at a time, in order, on the calling thread, as
     * {@link Stream#forEachOrdered}: the items are computed in parallel and collected in order
     * first. Use {@link #forEach} when the order does not matter: it runs the action in parallel.
     *
     * <pre>{@code ParIter.of(files).map(Parser::parse).forEachOrdered(report::append);}</pre>
     *
     * @param action the action
     */
    public void forEachOrdered(java.util.function.Consumer<? super T> action) {
        Objects.requireNonNull(action, "action");
        for (T t : toList()) {
            action.accept(t);
        }
    }

    /**
     * A sequential iterator over the items in order, as {@link Stream#iterator()}. Without
     * indices (after a {@code filter}, say) the items are computed in parallel and collected
     * first; an indexed iterator ({@link IndexedParIter#iterator()}) computes them lazily, in
     * parts.
     *
     * <pre>{@code for (Iterator<Row> it = ParIter.of(rows).map(f).iterator(); it.hasNext(); ) { ... }}</pre>
     *
     * @return an iterator over the items
     */
    public Iterator<T> iterator() {
        return toList().iterator();
    }

    /**
     * The items as a sequential {@link Stream}, in order. Without indices they are computed in
     * parallel first; an indexed iterator's stream ({@link IndexedParIter#stream()}) computes
     * them lazily, in parts, as its {@link #iterator()} does.
     *
     * <pre>{@code ParIter.of(xs).map(f).stream().forEachOrdered(System.out::println);}</pre>
     *
     * @return a stream over the items
     */
    public Stream<T> stream() {
        return toList().stream();
    }
}
