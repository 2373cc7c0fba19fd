import io.github.rayon4j.core.*;
import java.util.concurrent.*;
/** Splits a call of 10^4 tiny spawns into the spawning loop and the rest, for rayon4j and ForkJoinPool. */
public class SpawnPhase {
    static long mix(int k) { return k * 0x9E3779B97F4A7C15L; }
    static final class Leaf extends RecursiveAction { final long[] out; final int k; Leaf(long[] o,int k){out=o;this.k=k;} protected void compute(){ out[k]=mix(k);} }
    static long loopNs;
    static final class Spawner extends RecursiveAction { final long[] out; Spawner(long[] o){out=o;}
        protected void compute(){ long t0 = System.nanoTime(); ForkJoinTask<?>[] l=new ForkJoinTask<?>[out.length]; for(int i=0;i<out.length;i++) l[i]=new Leaf(out,i).fork(); loopNs += System.nanoTime() - t0; for(int i=out.length-1;i>=0;i--) l[i].join(); } }
    public static void main(String[] a) {
        int n = 10000; long[] out = new long[n]; long secs = Long.parseLong(a[0]);
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(Integer.getInteger("t", 2)).build()) {
            PoolMetrics m0 = pool.metrics();
            long end = System.nanoTime() + secs * 1_000_000_000L, ops = 0, t0 = System.nanoTime();
            loopNs = 0;
            while (System.nanoTime() < end) {
                pool.install(() -> Rayon.scope(s -> { long l0 = System.nanoTime(); for (int i = 0; i < n; i++) { int k = i; s.spawn(t -> out[k] = mix(k)); } loopNs += System.nanoTime() - l0; }));
                ops++;
            }
            long total = System.nanoTime() - t0; PoolMetrics m1 = pool.metrics();
            System.out.printf("rayon4j: %.1f ns/job; spawning loop %.1f ns/spawn; stolen %.0f%n", total / (double) ops / n, loopNs / (double) ops / n, (m1.jobsStolen() - m0.jobsStolen()) / (double) ops);
        }
        ForkJoinPool pool = new ForkJoinPool(Integer.getInteger("t", 2));
        long s0 = pool.getStealCount(), end = System.nanoTime() + secs * 1_000_000_000L, ops = 0, t0 = System.nanoTime();
        loopNs = 0;
        while (System.nanoTime() < end) { pool.invoke(new Spawner(out)); ops++; }
        long total = System.nanoTime() - t0;
        System.out.printf("forkjoin: %.1f ns/job; forking loop %.1f ns/fork; stolen %.0f%n", total / (double) ops / n, loopNs / (double) ops / n, (pool.getStealCount() - s0) / (double) ops);
    }
}
