import java.util.*;
import java.util.concurrent.locks.LockSupport;

public class WakeFromBusy {
    static volatile long woke, go;
    static long[] a = new long[10_000_000];
    public static void main(String[] args) throws Exception {
        Thread sib = new Thread(() -> {
            while (true) {
                while (go == 0) LockSupport.park();
                woke = System.nanoTime();
                go = 0;
            }
        });
        sib.setDaemon(true);
        sib.start();
        double[] lat = new double[60];
        for (int r = 0; r < 85; r++) {
            Thread.sleep(20);
            long t0 = System.nanoTime();
            woke = 0;
            go = 1;
            LockSupport.unpark(sib);
            // busy on memory for ~2 ms, no kernel entry
            for (int k = 0; k < 2; k++) for (int i = 0; i < a.length; i++) a[i]++;
            long w = woke;
            if (r >= 25) lat[r - 25] = w == 0 ? 99999 : (w - t0) / 1e3;
        }
        Arrays.sort(lat);
        System.out.printf("sibling starts %.0f us after its unpark (median), p10 %.0f, p90 %.0f%n", lat[30], lat[6], lat[54]);
    }
}
