package io.github.rayon4j.benchmarks.peers;

/** Prints {@link Harness#heapNote()} in a JVM started by {@link HeapNoteTest} with the heap flags under test. */
public final class HeapNoteProbe {
    private HeapNoteProbe() {
    }

    public static void main(String[] args) {
        System.out.println(Harness.heapNote());
    }
}
