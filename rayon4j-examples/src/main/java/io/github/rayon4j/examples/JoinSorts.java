package io.github.rayon4j.examples;

import io.github.rayon4j.core.Rayon;

/**
 * Merge sort and quicksort written directly on {@link Rayon#join}: the two halves of each step are
 * independent, so one side is offered to idle workers and the other runs at once. (For everyday use,
 * the library's parallel sorts do this for you; these show how a divide-and-conquer algorithm maps onto
 * {@code join}.)
 */
public final class JoinSorts {
    /** Below this length a part is sorted sequentially. */
    public static final int SEQUENTIAL_CUTOFF = 4096;

    private JoinSorts() { }

    /** Stable merge sort of {@code a}, using one scratch array of the same length. */
    public static void mergeSort(int[] a) {
        int[] scratch = new int[a.length];
        mergeSort(a, scratch, 0, a.length);
    }

    private static void mergeSort(int[] a, int[] scratch, int lo, int hi) {
        if (hi - lo <= SEQUENTIAL_CUTOFF) {
            java.util.Arrays.sort(a, lo, hi);
            return;
        }
        int mid = (lo + hi) >>> 1;
        Rayon.join(() -> mergeSort(a, scratch, lo, mid), () -> mergeSort(a, scratch, mid, hi));
        merge(a, scratch, lo, mid, hi);
    }

    /**
     * Merges the sorted runs {@code a[lo, mid)} and {@code a[mid, hi)} through {@code scratch}.
     * Public so that benchmark peers written for other frameworks merge with the same code.
     */
    public static void merge(int[] a, int[] scratch, int lo, int mid, int hi) {
        System.arraycopy(a, lo, scratch, lo, hi - lo);
        int i = lo;
        int j = mid;
        int k = lo;
        while (i < mid && j < hi) {
            a[k++] = scratch[j] < scratch[i] ? scratch[j++] : scratch[i++];
        }
        while (i < mid) {
            a[k++] = scratch[i++];
        }
        while (j < hi) {
            a[k++] = scratch[j++];
        }
    }

    /** Quicksort: partition around a median of three, then sort both sides in parallel. */
    public static void quickSort(int[] a) {
        quickSort(a, 0, a.length);
    }

    private static void quickSort(int[] a, int lo, int hi) {
        if (hi - lo <= SEQUENTIAL_CUTOFF) {
            java.util.Arrays.sort(a, lo, hi);
            return;
        }
        int p = partition(a, lo, hi);
        Rayon.join(() -> quickSort(a, lo, p), () -> quickSort(a, p + 1, hi));
    }

    /** Lomuto partition after moving the median of three to the end; returns the pivot's index. */
    private static int partition(int[] a, int lo, int hi) {
        int mid = (lo + hi) >>> 1;
        int last = hi - 1;
        if (a[mid] < a[lo]) {
            swap(a, mid, lo);
        }
        if (a[last] < a[lo]) {
            swap(a, last, lo);
        }
        if (a[mid] < a[last]) {
            swap(a, mid, last);
        }
        int pivot = a[last];
        int store = lo;
        for (int i = lo; i < last; i++) {
            if (a[i] < pivot) {
                swap(a, i, store++);
            }
        }
        swap(a, store, last);
        return store;
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
