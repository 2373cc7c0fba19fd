// issue10al: javac -cp benchmarks/target/benchmarks.jar -d /tmp/inc IncProbe.java;
// java -Xms2g -Xmx2g -XX:+AlwaysPreTouch [-XX:StartFlightRecording=filename=inc.jfr,settings=profile] -cp benchmarks/target/benchmarks.jar:/tmp/inc IncProbe 20000
import io.github.rayon4j.iter.IntParIter;
import java.util.*;
/** issue10al: increment-all of 10^6 ints from main, back to back; per-call times. */
public class IncProbe {
    public static void main(String[] args) {
        int[] a = new int[1_000_000];
        int calls = Integer.parseInt(args[0]);
        long[] t = new long[calls];
        for (int c = -calls; c < calls; c++) {
            long t0 = System.nanoTime();
            IntParIter.range(0, a.length).forEach(i -> a[i]++);
            long t1 = System.nanoTime();
            if (c >= 0) t[c] = t1 - t0;
        }
        long[] s = t.clone(); Arrays.sort(s);
        long med = s[calls / 2]; int slow = 0; long slowSum = 0;
        for (long x : t) if (x > 1.5 * med) { slow++; slowSum += x; }
        System.out.printf("median %.1f us, p90 %.1f, p99 %.1f, mean %.1f; slow %d of %d (mean %.1f us)%n", med / 1e3, s[calls * 9 / 10] / 1e3, s[calls * 99 / 100] / 1e3,
            Arrays.stream(t).average().getAsDouble() / 1e3, slow, calls, slow == 0 ? 0 : slowSum / 1e3 / slow);
    }
}
