import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * What waking a parked thread costs on this machine, without any pool: a thread parks in a loop;
 * every GAP µs main unparks it, 400 times after 100 of warm-up. Prints p10/p50/p90 in µs of the
 * unpark call itself (what a waker pays) and of the time until the woken thread runs (what the
 * woken work waits). Gaps of 1 ms and more are slept, shorter ones spun.
 *
 *   java benchmarks/results/2026-11-26-issue10q/UnparkCost.java GAP_MICROS
 */
public class UnparkCost {
    static final int REPS = 400;
    static volatile long woke;

    public static void main(String[] args) throws Exception {
        long gapNanos = Long.parseLong(args[0]) * 1000;
        long[] call = new long[REPS], latency = new long[REPS];
        Thread sleeper = new Thread(() -> {
            while (true) {
                LockSupport.park();
                woke = System.nanoTime();
            }
        });
        sleeper.setDaemon(true);
        sleeper.start();
        Thread.sleep(50);
        for (int r = -100; r < REPS; r++) {
            long before = woke;
            if (gapNanos >= 1_000_000) {
                Thread.sleep(gapNanos / 1_000_000);
            } else {
                long end = System.nanoTime() + gapNanos;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            }
            long t0 = System.nanoTime();
            LockSupport.unpark(sleeper);
            long t1 = System.nanoTime();
            while (woke == before) {
                Thread.onSpinWait();
            }
            if (r >= 0) {
                call[r] = t1 - t0;
                latency[r] = woke - t0;
            }
        }
        System.out.printf("gap %d us: unpark call %s us | until the woken thread runs %s us%n", gapNanos / 1000, q(call), q(latency));
    }

    static String q(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return String.format("%.1f/%.1f/%.1f", s[REPS / 10] / 1e3, s[REPS / 2] / 1e3, s[REPS * 9 / 10] / 1e3);
    }
}
