import io.github.rayon4j.benchmarks.peers.PeerCases;
import io.github.rayon4j.core.PoolMetrics;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.List;

/** Per call of nbodyPar: wall, each worker's CPU, the pool's steal/sleep/wake counts. */
public class SeqProbe {
    static long gcTime() {
        long t = 0;
        for (var g : ManagementFactory.getGarbageCollectorMXBeans()) {
            t += g.getCollectionTime();
        }
        return t;
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        Method make = PeerCases.class.getDeclaredMethod("makeBodies", int.class);
        make.setAccessible(true);
        Method par = PeerCases.class.getDeclaredMethod(args.length > 1 ? args[1] : "nbodyPar", double[][].class);
        par.setAccessible(true);
        Method loops = PeerCases.class.getDeclaredMethod("nbodyLoops", double[][].class);
        loops.setAccessible(true);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            List<Long> ids = pool.broadcast(ctx -> Thread.currentThread().getId());
            for (int r = 0; r < rounds; r++) {
                double[][] b0 = (double[][]) make.invoke(null, 2000);
                loops.invoke(null, (Object) b0); // 60 ms sequential between calls, as in NestedNbody
                double[][] b = (double[][]) make.invoke(null, 2000);
                long c0 = mx.getThreadCpuTime(ids.get(0)), c1 = mx.getThreadCpuTime(ids.get(1));
                PoolMetrics m0 = pool.metrics();
                long jit0 = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
                long gc0 = gcTime();
                long t0 = System.nanoTime();
                pool.install(() -> {
                    try {
                        return par.invoke(null, (Object) b);
                    } catch (ReflectiveOperationException e) {
                        throw new IllegalStateException(e);
                    }
                });
                long t1 = System.nanoTime();
                PoolMetrics m1 = pool.metrics();
                long jit = ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jit0;
                long gc = gcTime() - gc0;
                long d0 = mx.getThreadCpuTime(ids.get(0)) - c0, d1 = mx.getThreadCpuTime(ids.get(1)) - c1;
                System.out.printf("%d wall %.1f cpu0 %.1f cpu1 %.1f steals %d sleeps %d wakes %d fruitless %d jit_ms %d gc_ms %d%n", r,
                        (t1 - t0) / 1e6, d0 / 1e6, d1 / 1e6, m1.jobsStolen() - m0.jobsStolen(), m1.sleeps() - m0.sleeps(),
                        m1.wakeUps() - m0.wakeUps(), m1.fruitlessWakeUps() - m0.fruitlessWakeUps(), jit, gc);
            }
        }
    }
}
