import io.github.rayon4j.core.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
/** Two workers: one loops blockInPlace(op that spawns a job and waits for it), the other loops quick blockInPlace calls (spares retiring all the time). */
public class Hole {
    public static void main(String[] a) throws Exception {
        int n = Integer.parseInt(a[0]);
        int spares = Integer.parseInt(a[1]);
        AtomicInteger timeouts = new AtomicInteger();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).maxBlockingSpares(spares).deadlockHandler(() -> {}).jmx(false).build()) {
            AtomicBoolean stop = new AtomicBoolean();
            pool.install(() -> Rayon.join(() -> {
                for (int i = 0; i < n && timeouts.get() == 0; i++) {
                    boolean ok = Rayon.blockInPlace(() -> {
                        CountDownLatch ran = new CountDownLatch(1);
                        Rayon.spawn(ran::countDown);
                        try { return ran.await(2, TimeUnit.SECONDS); } catch (InterruptedException e) { return false; }
                    });
                    if (!ok) { timeouts.incrementAndGet(); System.out.println("timeout at " + i); }
                }
                stop.set(true);
            }, () -> {
                while (!stop.get()) { Rayon.blockInPlace(() -> 1); }
            }));
        }
        System.out.println("timeouts " + timeouts);
    }
}
