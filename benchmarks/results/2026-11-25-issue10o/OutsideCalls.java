import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;

/**
 * Increment-all of 10^6 longs submitted from outside a pool in a loop (2 x 20,000 calls), timed
 * in three parts: injection to the job's start on a worker, the job, its end to the caller's
 * return (medians of the second 20,000). Run with a recording to count the workers' sleeps:
 *
 *   java -XX:StartFlightRecording=filename=calls.jfr -cp benchmarks/target/benchmarks.jar \
 *       benchmarks/results/2026-11-25-issue10o/OutsideCalls.java 2
 *   jfr summary calls.jfr | grep WorkerSleep
 */
public class OutsideCalls {
    static final int N = 1_000_000;
    static final long[] A = new long[N];

    static double medianMicros(long[] t) {
        long[] c = t.clone();
        Arrays.sort(c);
        return c[c.length / 2] / 1e3;
    }

    public static void main(String[] args) {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int reps = 20_000;
        long[] in = new long[reps], run = new long[reps], back = new long[reps], total = new long[reps];
        long[] marks = new long[2];
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            for (int round = 0; round < 2; round++) {
                for (int r = 0; r < reps; r++) {
                    long t0 = System.nanoTime();
                    pool.install(() -> {
                        marks[0] = System.nanoTime();
                        IntParIter.range(0, N).forEach(i -> A[i]++);
                        marks[1] = System.nanoTime();
                        return null;
                    });
                    long t1 = System.nanoTime();
                    in[r] = marks[0] - t0;
                    run[r] = marks[1] - marks[0];
                    back[r] = t1 - marks[1];
                    total[r] = t1 - t0;
                }
            }
        }
        System.out.printf("threads %d: total %.1f us: injection to start %.1f, job %.1f, end to caller %.1f%n",
                threads, medianMicros(total), medianMicros(in), medianMicros(run), medianMicros(back));
    }
}
