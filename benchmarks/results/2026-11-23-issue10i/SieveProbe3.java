import io.github.rayon4j.examples.Sieve;
/**
 * Seventy calls of the examples' segmented sieve ({@code Sieve.parallel(5 * 10^7)}, rayon4j) in
 * one JVM, each timed: run it with {@code -XX:+PrintCompilation} to see which compilation moves
 * the calls between about 80, 105 and 150 ms.
 *
 * <pre>
 * javac -cp benchmarks/target/benchmarks.jar -d /tmp SieveProbe3.java
 * java -XX:+PrintCompilation -Drayon4j.numThreads=2 -cp benchmarks/target/benchmarks.jar:/tmp SieveProbe3
 * </pre>
 */
public class SieveProbe3 {
    static volatile long sink;
    public static void main(String[] a) {
        int limit = 50_000_000;
        long start = System.nanoTime();
        for (int i = 0; i < 70; i++) { long t0 = System.nanoTime(); sink += Sieve.parallel(limit); System.out.printf("CALL %d at %d ms: %.1f%n", i, (t0 - start) / 1000000, (System.nanoTime() - t0) / 1e6); }
    }
}
