package io.github.rayon4j.iter;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

/**
 * A view of the contiguous piece {@code [offset(), offset() + length())} of a {@code T[]} or of a
 * random-access {@code List<T>}: what {@link ParSlices} hands to each task (Rayon's
 * {@code &[T]} and {@code &mut [T]}). Nothing is copied: reads go to the array or list, and
 * writes go to the array or through {@link List#set}, so the pieces of a
 * {@link ParSlices#chunks(Object[], int) chunks} iteration update one big array or list in
 * place, in parallel, each task in its own piece. Writes made in a terminal operation's tasks are
 * visible to its caller once it returns. A backing list must keep its size during an iteration
 * and allow {@code set} at distinct indices from several threads ({@code ArrayList} and
 * {@code Arrays.asList} do); a list that refuses {@code set} makes writes throw as it does.
 *
 * <pre>{@code
 * String[] names = ...;
 * ParSlices.chunks(names, 1024).forEach(c -> c.replaceAll(String::trim));
 * }</pre>
 *
 * <p>It is a fixed-size {@link List} ({@code add} and {@code remove} throw, as for
 * {@link Arrays#asList}), with {@code List}'s content-based {@code equals}, {@code hashCode} and
 * {@code toString}, and {@link #get}, {@link #set}, {@link #sort}, {@link #replaceAll} working in
 * place with indices relative to the view. A read-only view ({@link ParSlices#windows(Object[], int)
 * windows}, {@link #asReadOnly()}) throws {@link UnsupportedOperationException} from every method
 * that writes.
 *
 * @param <T> the element type
 */
public final class Slice<T> extends AbstractList<T> implements RandomAccess {
    /** The backing array, or {@code null} when the backing is {@link #list}. */
    private final Object[] array;
    private final List<T> list;
    private final int from;
    private final int to;
    /** {@code null} when writable; otherwise the message of the exception a write throws. */
    private final String readOnly;

    private Slice(Object[] array, List<T> list, int from, int to, String readOnly) {
        this.array = array;
        this.list = list;
        this.from = from;
        this.to = to;
        this.readOnly = readOnly;
    }

    static <T> Slice<T> ofArray(T[] array, int from, int to, String readOnly) {
        return new Slice<>(array, null, from, to, readOnly);
    }

    static <T> Slice<T> ofList(List<T> list, int from, int to, String readOnly) {
        return new Slice<>(null, list, from, to, readOnly);
    }

    /**
     * A writable view of a whole array.
     *
     * <pre>{@code Slice<String> all = Slice.of(names); all.sort(null);}</pre>
     *
     * @param array the backing array
     * @param <T>   the element type
     * @return a view of {@code array[0, array.length)}
     */
    public static <T> Slice<T> of(T[] array) {
        Objects.requireNonNull(array, "array");
        return ofArray(array, 0, array.length, null);
    }

    /**
     * A writable view of {@code array[from, to)}.
     *
     * <pre>{@code Slice<String> middle = Slice.of(names, 10, 20);}</pre>
     *
     * @param array the backing array
     * @param from  the first index, inclusive
     * @param to    the last index, exclusive
     * @param <T>   the element type
     * @return the view
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= array.length}
     */
    public static <T> Slice<T> of(T[] array, int from, int to) {
        Objects.requireNonNull(array, "array");
        Objects.checkFromToIndex(from, to, array.length);
        return ofArray(array, from, to, null);
    }

    /**
     * A view of a whole list, writable through {@link List#set}.
     *
     * <pre>{@code Slice<String> all = Slice.of(arrayList); all.reverse();}</pre>
     *
     * @param list the backing list, {@link RandomAccess}
     * @param <T>  the element type
     * @return a view of {@code list[0, list.size())}
     * @throws IllegalArgumentException if the list is not {@link RandomAccess}
     */
    public static <T> Slice<T> of(List<T> list) {
        SliceSources.randomAccess(list);
        return ofList(list, 0, list.size(), null);
    }

    /**
     * A view of {@code list[from, to)}, writable through {@link List#set}.
     *
     * <pre>{@code Slice<String> head = Slice.of(arrayList, 0, 10);}</pre>
     *
     * @param list the backing list, {@link RandomAccess}
     * @param from the first index, inclusive
     * @param to   the last index, exclusive
     * @param <T>  the element type
     * @return the view
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= list.size()}
     * @throws IllegalArgumentException  if the list is not {@link RandomAccess}
     */
    public static <T> Slice<T> of(List<T> list, int from, int to) {
        SliceSources.randomAccess(list);
        Objects.checkFromToIndex(from, to, list.size());
        return ofList(list, from, to, null);
    }

    /**
     * The number of elements, the same as {@link #size()}.
     *
     * <pre>{@code for (int i = 0; i < v.length(); i++) use(v.get(i));}</pre>
     *
     * @return the length
     */
    public int length() {
        return to - from;
    }

    /**
     * The number of elements.
     *
     * <pre>{@code int n = v.size();}</pre>
     *
     * @return the length
     */
    @Override
    public int size() {
        return to - from;
    }

    /**
     * Where the view starts in its backing array or list: element {@code i} of the view is
     * element {@code offset() + i} of the backing.
     *
     * <pre>{@code ParSlices.chunks(names, 100).forEach(c -> c.setAll(i -> "#" + (c.offset() + i)));}</pre>
     *
     * @return the index of element 0 in the backing array or list
     */
    public int offset() {
        return from;
    }

    /**
     * Whether writes throw {@link UnsupportedOperationException}.
     *
     * <pre>{@code assert ParSlices.windows(names, 2).allMatch(Slice::isReadOnly);}</pre>
     *
     * @return {@code true} for windows and {@link #asReadOnly()} views
     */
    public boolean isReadOnly() {
        return readOnly != null;
    }

    /**
     * The element at an index of the view.
     *
     * <pre>{@code String first = v.get(0);}</pre>
     *
     * @param index the index, {@code 0 <= index < length()}
     * @return element {@code offset() + index} of the backing
     * @throws IndexOutOfBoundsException if the index is outside the view
     */
    @Override
    @SuppressWarnings("unchecked") // the array is a T[]: only T values are stored in it
    public T get(int index) {
        if (index < 0 || index >= to - from) {
            throw outOfBounds(index);
        }
        return array != null ? (T) array[from + index] : list.get(from + index);
    }

    /**
     * Writes the element at an index of the view, in the backing array or list.
     *
     * <pre>{@code v.set(0, v.get(0).trim());}</pre>
     *
     * @param index the index, {@code 0 <= index < length()}
     * @param value the new value
     * @return the previous value
     * @throws IndexOutOfBoundsException     if the index is outside the view
     * @throws UnsupportedOperationException if the view is read-only
     * @throws ArrayStoreException           if the value does not fit the backing array's runtime type
     */
    @Override
    public T set(int index, T value) {
        writable();
        T old = get(index);
        if (array != null) {
            array[from + index] = value;
        } else {
            list.set(from + index, value);
        }
        return old;
    }

    /**
     * Exchanges two elements of the view.
     *
     * <pre>{@code v.swap(0, v.length() - 1);}</pre>
     *
     * @param i an index of the view
     * @param j an index of the view
     * @throws IndexOutOfBoundsException     if an index is outside the view
     * @throws UnsupportedOperationException if the view is read-only
     */
    public void swap(int i, int j) {
        set(i, set(j, get(i)));
    }

    /**
     * Sets every element to a value.
     *
     * <pre>{@code ParSlices.chunks(names, 1000).forEach(c -> c.fill(""));}</pre>
     *
     * @param value the value
     * @throws UnsupportedOperationException if the view is read-only
     */
    public void fill(T value) {
        writable();
        if (array != null) {
            Arrays.fill(array, from, to, value);
        } else {
            for (int i = from; i < to; i++) {
                list.set(i, value);
            }
        }
    }

    /**
     * Sets every element to a function of its index in the view (as {@link Arrays#setAll}).
     *
     * <pre>{@code ParSlices.chunks(labels, 100).forEach(c -> c.setAll(i -> "item " + (c.offset() + i)));}</pre>
     *
     * @param generator the value of element {@code i}, from {@code i}
     * @throws UnsupportedOperationException if the view is read-only
     */
    public void setAll(IntFunction<? extends T> generator) {
        Objects.requireNonNull(generator, "generator");
        writable();
        for (int i = 0; i < to - from; i++) {
            set(i, generator.apply(i));
        }
    }

    /**
     * Replaces every element by a function of it, in place.
     *
     * <pre>{@code ParSlices.chunks(names, 1000).forEach(c -> c.replaceAll(String::trim));}</pre>
     *
     * @param operator the new value, from the old one
     * @throws UnsupportedOperationException if the view is read-only
     */
    @Override
    public void replaceAll(UnaryOperator<T> operator) {
        Objects.requireNonNull(operator, "operator");
        writable();
        for (int i = 0; i < to - from; i++) {
            set(i, operator.apply(get(i)));
        }
    }

    /**
     * Reverses the order of the elements in place (Rayon's {@code slice.reverse()}).
     *
     * <pre>{@code ParSlices.chunks(names, 2).forEach(Slice::reverse);}</pre>
     *
     * @throws UnsupportedOperationException if the view is read-only
     */
    public void reverse() {
        writable();
        for (int i = 0, j = to - from - 1; i < j; i++, j--) {
            swap(i, j);
        }
    }

    /**
     * Sorts the elements in place, stably ({@link Arrays#sort(Object[], int, int, Comparator)}):
     * by the comparator, or by natural order when it is {@code null}.
     *
     * <pre>{@code ParSlices.chunks(names, 1 << 12).forEach(c -> c.sort(Comparator.naturalOrder()));}</pre>
     *
     * @param comparator the order, or {@code null} for natural order
     * @throws UnsupportedOperationException if the view is read-only
     */
    @Override
    @SuppressWarnings("unchecked") // the sorted elements are T values, whatever the array's runtime type
    public void sort(Comparator<? super T> comparator) {
        writable();
        if (array != null) {
            Arrays.sort((T[]) array, from, to, comparator);
        } else {
            Object[] copy = list.subList(from, to).toArray();
            Arrays.sort((T[]) copy, comparator);
            for (int i = 0; i < copy.length; i++) {
                list.set(from + i, (T) copy[i]);
            }
        }
    }

    /**
     * A view of part of this view, {@code [from, to)} in this view's indices, writable when
     * this one is. Unlike {@link #subList}, it is a {@code Slice} with an {@link #offset()}
     * into the backing array or list.
     *
     * <pre>{@code Slice<String> inner = v.slice(1, v.length() - 1);}</pre>
     *
     * @param from the first index, inclusive
     * @param to   the last index, exclusive
     * @return the view
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= length()}
     */
    public Slice<T> slice(int from, int to) {
        Objects.checkFromToIndex(from, to, length());
        return new Slice<>(array, list, this.from + from, this.from + to, readOnly);
    }

    /**
     * A view of part of this view: the same as {@link #slice}.
     *
     * <pre>{@code List<String> tail = v.subList(1, v.size());}</pre>
     *
     * @param from the first index, inclusive
     * @param to   the last index, exclusive
     * @return the view
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= length()}
     */
    @Override
    public Slice<T> subList(int from, int to) {
        return slice(from, to);
    }

    /**
     * A read-only view of the same elements.
     *
     * <pre>{@code consumer.accept(v.asReadOnly());}</pre>
     *
     * @return a view whose writes throw {@link UnsupportedOperationException}
     */
    public Slice<T> asReadOnly() {
        return readOnly != null ? this
                : new Slice<>(array, list, from, to, "this view is read-only (made by asReadOnly())");
    }

    private void writable() {
        if (readOnly != null) {
            throw new UnsupportedOperationException(readOnly);
        }
    }

    private IndexOutOfBoundsException outOfBounds(int index) {
        return new IndexOutOfBoundsException("index " + index + " out of bounds for a view of length "
                + (to - from) + " (at offset " + from + " of the backing "
                + (array != null ? "array of length " + array.length : "list of size " + list.size()) + ")");
    }
}
