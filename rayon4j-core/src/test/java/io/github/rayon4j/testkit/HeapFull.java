package io.github.rayon4j.testkit;

/**
 * The heap filled with live data, for the probes that run the library out of memory in a child
 * JVM with a small heap (rayon4j-core's {@code OutOfMemoryJobErrorProbe},
 * {@code OutOfMemorySpareProbe} and {@code sleep.OutOfMemoryWakeProbe}; rayon4j-iter's
 * {@code OutOfMemoryPipelineProbe}, through rayon4j-core's test jar). A probe fills the heap at
 * the moment it wants the library to find no memory, and lets it go once the step under test is
 * over. A package of its own: the test jar is on rayon4j-iter's class path beside the
 * {@code io.github.rayon4j.core} module, which would hide a helper in that package.
 *
 * <pre>{@code
 * HeapFull.fill();              // from here on no allocation succeeds
 * stepUnderTest();              // must not need memory
 * HeapFull.letGo();             // memory again, the collector has taken the chain back
 * }</pre>
 */
public final class HeapFull {
    /** The filled heap, a chain of arrays; {@code null} once let go. */
    public static volatile Object[] hog;

    private HeapFull() {
    }

    /**
     * Allocates until not even the smallest array fits, and keeps it all in {@link #hog}. The
     * calling thread's allocation buffer is spent too, so its next allocation fails as well.
     */
    public static void fill() {
        Object[] head = null;
        int size = 1 << 16;
        while (true) {
            try {
                Object[] chunk = new Object[size];
                chunk[0] = head;
                head = chunk;
            } catch (OutOfMemoryError e) {
                if (size > 1) {
                    size >>>= 1;
                    continue;
                }
                hog = head;
                return;
            }
        }
    }

    /**
     * Lets the filled heap go, and waits until the collector has taken it back: a probe's own
     * allocations from here on must not depend on how soon that happens (on JDK 25 the first one
     * failed in about one run of eight, and {@code System.gc()} itself did too).
     */
    public static void letGo() {
        hog = null;
        for (int tries = 0; ; tries++) {
            try {
                System.gc();
                Object[] room = new Object[1 << 16];
                if (room.length == 0) {
                    throw new AssertionError();
                }
                return;
            } catch (OutOfMemoryError notYet) {
                if (tries == 100) {
                    throw notYet;
                }
            }
        }
    }
}
