import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;

/**
 * When an increment-all call's items start and end, relative to the call, made from an outside
 * thread ({@code global}) or from a worker of the global pool ({@code scoped}, the whole loop in
 * one {@code Rayon.scope}). Every 16,384th item records its time and thread, which keeps the JIT
 * from vectorizing the loop: the job runs about ten times slower than the real kernel, so only its
 * start and its end are comparable with it. 20,000 calls after 5,000 of warm-up; p10/p50/p90 in µs
 * of: the first stamp, the first stamp of the other thread, the last stamp, the call, and the last
 * stamp to the call's return.
 *
 * <pre>
 * java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp benchmarks/target/benchmarks.jar \
 *     benchmarks/results/2026-11-26-issue10r/StampedCall.java global|scoped
 * </pre>
 */
public class StampedCall {
    static final int N = 1_000_000;
    static final int STEP = 1 << 14;
    static final int SLOTS = N / STEP + 1;
    static final long[] TIME = new long[SLOTS];
    static final Thread[] THREAD = new Thread[SLOTS];
    static final int[] A = new int[N];

    static void body(int i) {
        A[i]++;
        if ((i & (STEP - 1)) == 0) {
            TIME[i / STEP] = System.nanoTime();
            THREAD[i / STEP] = Thread.currentThread();
        }
    }

    public static void main(String[] args) {
        boolean scoped = args.length > 0 && args[0].equals("scoped");
        int calls = 20_000;
        long[][] r = new long[5][calls];
        Runnable loop = () -> {
            for (int c = -5_000; c < calls; c++) {
                long t0 = System.nanoTime();
                IntParIter.range(0, N).forEach(StampedCall::body);
                long t1 = System.nanoTime();
                if (c < 0) {
                    continue;
                }
                long first = Long.MAX_VALUE;
                long last = 0;
                Thread firstThread = null;
                for (int s = 0; s < SLOTS; s++) {
                    if (TIME[s] < first) {
                        first = TIME[s];
                        firstThread = THREAD[s];
                    }
                    last = Math.max(last, TIME[s]);
                }
                long other = Long.MAX_VALUE;
                for (int s = 0; s < SLOTS; s++) {
                    if (THREAD[s] != firstThread) {
                        other = Math.min(other, TIME[s]);
                    }
                }
                r[0][c] = first - t0;
                r[1][c] = other == Long.MAX_VALUE ? -1 : other - t0; // -1: one thread ran every stamped item
                r[2][c] = last - t0;
                r[3][c] = t1 - t0;
                r[4][c] = t1 - last;
            }
        };
        if (scoped) {
            Rayon.scope(s -> loop.run());
        } else {
            loop.run();
        }
        String[] names = {"first stamp", "other thread's first stamp", "last stamp", "call", "last stamp to return"};
        for (int k = 0; k < names.length; k++) {
            long[] x = r[k].clone();
            Arrays.sort(x);
            int none = 0;
            while (none < x.length && x[none] < 0) {
                none++;
            }
            int n = x.length - none;
            System.out.printf("%s,%s,%.1f,%.1f,%.1f%s%n", scoped ? "scoped" : "global", names[k],
                    x[none + n / 10] / 1e3, x[none + n / 2] / 1e3, x[none + n * 9 / 10] / 1e3,
                    none > 0 ? "," + none + " calls with one thread only" : "");
        }
    }
}
