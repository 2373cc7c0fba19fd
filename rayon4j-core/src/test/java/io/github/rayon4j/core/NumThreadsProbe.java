package io.github.rayon4j.core;

/**
 * Run in a child JVM by {@link DefaultNumThreadsTest}: prints the global pool's size and the
 * processors the JVM sees, so the test can set {@code RAYON_NUM_THREADS}, which a running JVM
 * cannot change for itself.
 */
public final class NumThreadsProbe {
    private NumThreadsProbe() {
    }

    /**
     * Prints {@code <global pool size> <available processors>}.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        System.out.println(Rayon.currentNumThreads() + " " + Runtime.getRuntime().availableProcessors());
    }
}
