import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * P1's increment-all as a program calls it: IntParIter.range(0, n).forEach(i -> a[i]++) on the
 * global pool from main in a loop, 3 x 20,000 calls; p10, median and p90 of the last 20,000 in µs.
 * "stream" runs IntStream.range(0, n).parallel().forEach instead. The first line's label is the
 * value of -Dproto.joinspin (the prototype's switch; "1" is the build as it was).
 *
 *   java [-Dproto.joinspin=1|8] -cp JAR benchmarks/results/2026-11-26-issue10q/GlobalCalls.java 1000000 [stream]
 */
public class GlobalCalls {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        boolean stream = args.length > 1 && args[1].equals("stream");
        int[] a = new int[n];
        int reps = 20_000;
        long[] t = new long[reps];
        for (int round = 0; round < 3; round++) {
            for (int r = 0; r < reps; r++) {
                long t0 = System.nanoTime();
                if (stream) {
                    IntStream.range(0, n).parallel().forEach(i -> a[i]++);
                } else {
                    IntParIter.range(0, n).forEach(i -> a[i]++);
                }
                t[r] = System.nanoTime() - t0;
            }
        }
        Arrays.sort(t);
        System.out.printf("%s n=%d: median %.1f us, p10 %.1f, p90 %.1f%n",
                stream ? "stream" : System.getProperty("proto.joinspin", "1"), n, t[reps / 2] / 1e3, t[reps / 10] / 1e3,
                t[reps * 9 / 10] / 1e3);
    }
}
