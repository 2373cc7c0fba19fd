import io.github.rayon4j.core.*;
import java.lang.management.*;
import java.util.*;
import java.util.concurrent.*;

/** Per trivial call every 10 ms: caller CPU inside the call, submit-to-start and end-to-return. */
public class CallSplit {
    static volatile long started;
    public static void main(String[] a) throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String v = a[0];
        int n = Integer.parseInt(a[1]);
        ThreadPool pool = v.equals("fj") ? null : new ThreadPoolBuilder().numThreads(2).jmx(false).callerRuns(v.equals("guest")).build();
        ForkJoinPool f = v.equals("fj") ? new ForkJoinPool(2) : null;
        Runnable job = () -> started = System.nanoTime();
        Runnable call = f != null ? () -> f.submit(job).join() : () -> pool.install(job);
        long[] cpu = new long[n], toStart = new long[n], toReturn = new long[n];
        for (int i = 0; i < 200 + n; i++) {
            Thread.sleep(10);
            long c0 = mx.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            call.run();
            long t2 = System.nanoTime();
            long c1 = mx.getCurrentThreadCpuTime();
            if (i >= 200) { int k = i - 200; cpu[k] = c1 - c0; toStart[k] = started - t0; toReturn[k] = t2 - started; }
        }
        Arrays.sort(cpu); Arrays.sort(toStart); Arrays.sort(toReturn);
        System.out.printf("%s: caller CPU in call median %.1f us (p90 %.1f); submit->start %.1f us (p90 %.1f); end->return %.1f us (p90 %.1f)%n",
                v, cpu[n / 2] / 1e3, cpu[n * 9 / 10] / 1e3, toStart[n / 2] / 1e3, toStart[n * 9 / 10] / 1e3, toReturn[n / 2] / 1e3, toReturn[n * 9 / 10] / 1e3);
        if (pool != null) pool.close(); if (f != null) f.shutdown();
    }
}
