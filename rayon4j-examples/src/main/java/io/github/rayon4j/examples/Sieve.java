package io.github.rayon4j.examples;

import io.github.rayon4j.iter.IntParIter;
import java.util.BitSet;

/**
 * Counting primes below a limit with a segmented sieve of Eratosthenes: the primes up to √limit are
 * found first, then each segment of {@link #SEGMENT} numbers is sieved on its own (a cache-sized bit set
 * per segment), so segments are independent and the parallel version counts them with a parallel
 * map-and-sum.
 */
public final class Sieve {
    static final int SEGMENT = 1 << 18;

    private Sieve() { }

    public static long sequential(int limit) {
        int[] small = smallPrimes(limit);
        long count = 0;
        for (int s = 0; s < segments(limit); s++) {
            count += countSegment(small, s, limit);
        }
        return count;
    }

    public static long parallel(int limit) {
        int[] small = smallPrimes(limit);
        return IntParIter.range(0, segments(limit)).mapToLong(s -> countSegment(small, s, limit)).sum();
    }

    /** The same count with a parallel stream over the segments. */
    public static long stream(int limit) {
        int[] small = smallPrimes(limit);
        return java.util.stream.IntStream.range(0, segments(limit)).parallel()
                .mapToLong(s -> countSegment(small, s, limit)).sum();
    }

    public static int segments(int limit) {
        return (int) (((long) limit + SEGMENT - 1) / SEGMENT);
    }

    /** Primes up to √limit by the plain sieve. */
    public static int[] smallPrimes(int limit) {
        int root = (int) Math.sqrt(limit) + 1;
        BitSet composite = new BitSet(root + 1);
        for (int p = 2; (long) p * p <= root; p++) {
            if (!composite.get(p)) {
                for (int m = p * p; m <= root; m += p) {
                    composite.set(m);
                }
            }
        }
        return java.util.stream.IntStream.rangeClosed(2, root).filter(i -> !composite.get(i)).toArray();
    }

    /** Primes in {@code [s·SEGMENT, min((s+1)·SEGMENT, limit))}. */
    public static long countSegment(int[] small, int s, int limit) {
        long lo = (long) s * SEGMENT;
        long hi = Math.min(lo + SEGMENT, limit);
        BitSet composite = new BitSet((int) (hi - lo));
        for (int p : small) {
            long pp = (long) p * p;
            if (pp >= hi) {
                break;
            }
            long first = Math.max(pp, (lo + p - 1) / p * p);
            for (long m = first; m < hi; m += p) {
                composite.set((int) (m - lo));
            }
        }
        long count = 0;
        for (long i = Math.max(lo, 2); i < hi; i++) {
            if (!composite.get((int) (i - lo))) {
                count++;
            }
        }
        return count;
    }
}
