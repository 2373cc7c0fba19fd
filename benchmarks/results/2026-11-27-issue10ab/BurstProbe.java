import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.LongAdder;

/**
 * SleepPolicyHarness's burst case without its idle pauses: one job that spawns 10,000 trivial
 * jobs into a scope, back to back, on pools of each size given, beside ForkJoinPool's
 * fork-all-then-join-all; median and best of 200 bursts after 200 warm-up ones, with the pool's
 * counters per burst (over the 400 bursts of the second measurement, warm-up included). Run it under JFR to see where the time goes.
 *   javac -cp benchmarks/target/benchmarks.jar -d /tmp/bp BurstProbe.java
 *   java -cp benchmarks/target/benchmarks.jar:/tmp/bp BurstProbe 2 4 8 16
 */
public class BurstProbe {
    static final int JOBS = 10_000;

    public static void main(String[] args) {
        for (String a : args) {
            int threads = Integer.parseInt(a);
            try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
                Runnable burst = () -> {
                    LongAdder done = new LongAdder();
                    pool.install(() -> Rayon.scope(s -> {
                        for (int i = 0; i < JOBS; i++) {
                            s.spawn(t -> done.increment());
                        }
                    }));
                    if (done.sum() != JOBS) {
                        throw new AssertionError("lost jobs");
                    }
                };
                long[] t = time(burst);
                PoolMetrics m0 = pool.metrics();
                long[] t2 = time(burst);
                PoolMetrics m1 = pool.metrics();
                System.out.printf("rayon4j %2d threads: median %.3f ms best %.3f (again: %.3f / %.3f); per burst: stolen %d sleeps %d wakeUps %d%n",
                        threads, t[t.length / 2] / 1e6, t[0] / 1e6, t2[t2.length / 2] / 1e6, t2[0] / 1e6,
                        (m1.jobsStolen() - m0.jobsStolen()) / (2 * t2.length), (m1.sleeps() - m0.sleeps()) / (2 * t2.length),
                        (m1.wakeUps() - m0.wakeUps()) / (2 * t2.length));
            }
            ForkJoinPool fj = new ForkJoinPool(threads);
            long[] f = time(() -> fj.invoke(new Burst()));
            System.out.printf("FJP     %2d threads: median %.3f ms best %.3f%n", threads, f[f.length / 2] / 1e6, f[0] / 1e6);
            fj.shutdown();
        }
    }

    static long[] time(Runnable r) {
        for (int i = 0; i < 200; i++) {
            r.run();
        }
        long[] t = new long[200];
        for (int i = 0; i < t.length; i++) {
            long t0 = System.nanoTime();
            r.run();
            t[i] = System.nanoTime() - t0;
        }
        Arrays.sort(t);
        return t;
    }

    static final class Burst extends RecursiveAction {
        @Override
        protected void compute() {
            LongAdder done = new LongAdder();
            RecursiveAction[] forked = new RecursiveAction[JOBS];
            for (int i = 0; i < JOBS; i++) {
                RecursiveAction a = new RecursiveAction() {
                    @Override
                    protected void compute() {
                        done.increment();
                    }
                };
                a.fork();
                forked[i] = a;
            }
            for (RecursiveAction a : forked) {
                a.join();
            }
            if (done.sum() != JOBS) {
                throw new AssertionError("lost jobs");
            }
        }
    }
}
