import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import io.github.rayon4j.iter.IntParIter;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.stream.IntStream;

/**
 * Where the time of P3's short job goes: increment-all of 10^7 longs handed every 20 ms to a
 * two-thread pool that fell asleep, cut into 153 chunks of 2^16 items (the pipeline runs over the
 * chunk numbers, each chunk a plain loop), each chunk stamped with its thread and its start and
 * end. Per job (medians and p10/p90 of 50 after 25 of warm-up): the wall time; "busy", the
 * chunks' summed time over the wall (at most 2); when the first chunk starts after the call;
 * when the other thread's first chunk starts after that; the gaps between one thread's chunks;
 * from the last chunk's end to the caller's return; and how many jobs the second thread never
 * joined ("alone"). For rayon4j also the pool's counters (sleeps, wake-ups, fruitless ones) per
 * job, summed.
 *
 *   java -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-26-issue10q/ShortJobAnatomy.java rayon4j
 *   java -cp benchmarks/target/benchmarks.jar benchmarks/results/2026-11-26-issue10q/ShortJobAnatomy.java stream
 *
 * "stream" is IntStream.range(..).parallel().forEach in a ForkJoinPool(2), entered as the peers'
 * baseline does (CompletableFuture.supplyAsync(.., pool).join()).
 */
public class ShortJobAnatomy {
    static final int N = 10_000_000;
    static final int SHIFT = 16;
    static final int CHUNKS = (N >> SHIFT) + 1;
    static final int WARM = 25;
    static final int MEASURED = 50;

    public static void main(String[] args) throws Exception {
        boolean stream = args.length > 0 && args[0].equals("stream");
        long[] a = new long[N];
        long[] start = new long[CHUNKS];
        long[] end = new long[CHUNKS];
        int[] thread = new int[CHUNKS];
        double[] wall = new double[MEASURED], busy = new double[MEASURED], first = new double[MEASURED],
                second = new double[MEASURED], gaps = new double[MEASURED], back = new double[MEASURED];
        int alone = 0;
        long sleeps = 0, wakeUps = 0, fruitless = 0;
        ThreadPool pool = stream ? null : new ThreadPoolBuilder().numThreads(2).build();
        ForkJoinPool fj = stream ? new ForkJoinPool(2) : null;
        long next = System.nanoTime();
        for (int j = 0; j < WARM + MEASURED; j++) {
            next += 20_000_000L;
            long wait = next - System.nanoTime();
            if (wait > 0) {
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            }
            PoolMetrics m0 = stream ? null : pool.metrics();
            long t0 = System.nanoTime();
            if (stream) {
                CompletableFuture.supplyAsync(() -> {
                    IntStream.range(0, CHUNKS).parallel().forEach(c -> chunk(a, c, start, end, thread,
                            ((ForkJoinWorkerThread) Thread.currentThread()).getPoolIndex()));
                    return null;
                }, fj).join();
            } else {
                pool.install(() -> IntParIter.range(0, CHUNKS).forEach(c -> chunk(a, c, start, end, thread,
                        Rayon.currentThreadIndex().getAsInt())));
            }
            long t1 = System.nanoTime();
            if (j < WARM) {
                continue;
            }
            int m = j - WARM;
            if (!stream) {
                PoolMetrics m1 = pool.metrics();
                sleeps += m1.sleeps() - m0.sleeps();
                wakeUps += m1.wakeUps() - m0.wakeUps();
                fruitless += m1.fruitlessWakeUps() - m0.fruitlessWakeUps();
            }
            // Per thread (pool indices as they come), its chunks in time order.
            int[] ids = IntStream.of(thread).distinct().toArray();
            long firstStart = Long.MAX_VALUE, lastEnd = 0, otherStart = Long.MAX_VALUE, gap = 0, work = 0;
            long[] starts = new long[ids.length];
            for (int t = 0; t < ids.length; t++) {
                int id = ids[t];
                long[][] mine = IntStream.range(0, CHUNKS).filter(c -> thread[c] == id)
                        .mapToObj(c -> new long[] {start[c], end[c]}).sorted((x, y) -> Long.compare(x[0], y[0]))
                        .toArray(long[][]::new);
                starts[t] = mine[0][0];
                for (int k = 0; k < mine.length; k++) {
                    work += mine[k][1] - mine[k][0];
                    lastEnd = Math.max(lastEnd, mine[k][1]);
                    if (k > 0) {
                        gap += Math.max(0, mine[k][0] - mine[k - 1][1]);
                    }
                }
            }
            Arrays.sort(starts);
            firstStart = starts[0];
            if (starts.length > 1) {
                otherStart = starts[1];
            } else {
                alone++;
            }
            wall[m] = (t1 - t0) / 1e3;
            busy[m] = work / (double) (t1 - t0);
            first[m] = (firstStart - t0) / 1e3;
            second[m] = otherStart == Long.MAX_VALUE ? Double.NaN : (otherStart - firstStart) / 1e3;
            gaps[m] = gap / 1e3;
            back[m] = (t1 - lastEnd) / 1e3;
        }
        if (pool != null) {
            pool.close();
        } else {
            fj.shutdown();
        }
        System.out.printf("%s: wall %s us | busy %s | first chunk after %s us | second thread after %s us | "
                        + "gaps %s us | last end to caller %s us | alone %d of %d%s%n",
                stream ? "stream " : "rayon4j", q(wall, 0), q(busy, 2), q(first, 0), q(second, 0), q(gaps, 0), q(back, 0),
                alone, MEASURED, stream ? "" : String.format(" | per job: sleeps %.1f, wake-ups %.1f, fruitless %.2f",
                        sleeps / (double) MEASURED, wakeUps / (double) MEASURED, fruitless / (double) MEASURED));
    }

    static void chunk(long[] a, int c, long[] start, long[] end, int[] thread, int who) {
        start[c] = System.nanoTime();
        thread[c] = who;
        int hi = Math.min(a.length, (c + 1) << SHIFT);
        for (int i = c << SHIFT; i < hi; i++) {
            a[i]++;
        }
        end[c] = System.nanoTime();
    }

    /** p10 / median / p90 of the values that are numbers; a job the second thread missed has none. */
    static String q(double[] v, int digits) {
        double[] s = Arrays.stream(v).filter(x -> !Double.isNaN(x)).sorted().toArray();
        if (s.length == 0) {
            return "-";
        }
        String f = "%." + digits + "f";
        return String.format(f + "/" + f + "/" + f, s[s.length / 10], s[s.length / 2], s[s.length * 9 / 10]);
    }
}
