import io.github.rayon4j.core.*;
import java.util.concurrent.*;

public class FutureOomProbe {
    static volatile Object[] hog;
    static final IllegalStateException FAILURE = new IllegalStateException("the job's failure");
    static Integer fillAndThrow() {
        Object[] head = null; int size = 1 << 16;
        while (true) {
            try { Object[] c = new Object[size]; c[0] = head; head = c; }
            catch (OutOfMemoryError e) { if (size > 1) { size >>>= 1; continue; } hog = head; throw FAILURE; }
        }
    }
    public static void main(String[] a) throws Exception {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(1).panicHandler(t -> { }).build();
        boolean install = a[0].equals("installAsync");
        (install ? pool.installAsync(() -> 1) : pool.spawnFuture(() -> 1)).get();
        CompletableFuture<Integer> f = install ? pool.installAsync(FutureOomProbe::fillAndThrow) : pool.spawnFuture(FutureOomProbe::fillAndThrow);
        long end = System.nanoTime() + 5_000_000_000L;
        while (!f.isDone() && System.nanoTime() < end) Thread.sleep(1);
        boolean done = f.isDone();
        hog = null; System.gc();
        Throwable got = null;
        if (done) { try { f.get(); } catch (ExecutionException e) { got = e.getCause(); } }
        System.out.println(a[0] + ": " + (done ? "completed, cause " + (got == FAILURE ? "the job's failure" : String.valueOf(got)) : "NEVER COMPLETED (5 s)"));
        System.exit(0);
    }
}
