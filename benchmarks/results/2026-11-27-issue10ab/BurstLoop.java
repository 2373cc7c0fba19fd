/** 12 s of back-to-back bursts (10,000 trivial spawns into a scope) on a pool of args[0] threads, to run under JFR:
 *   java -XX:FlightRecorderOptions:stackdepth=256 -XX:StartFlightRecording=filename=burst.jfr,settings=profile \
 *        -cp benchmarks/target/benchmarks.jar:/tmp/bl BurstLoop 2
 *   jfr print --stack-depth 300 --events jdk.ExecutionSample burst.jfr */
import io.github.rayon4j.core.*;
import java.util.concurrent.atomic.LongAdder;
public class BurstLoop {
    public static void main(String[] a) {
        ThreadPool pool = new ThreadPoolBuilder().numThreads(Integer.parseInt(a[0])).build();
        long end = System.nanoTime() + 12_000_000_000L;
        int n = 0;
        while (System.nanoTime() < end) {
            LongAdder done = new LongAdder();
            pool.install(() -> Rayon.scope(s -> { for (int i = 0; i < 10_000; i++) s.spawn(t -> done.increment()); }));
            n++;
        }
        System.out.println(n + " bursts, " + 12000.0 / n + " ms each");
    }
}
