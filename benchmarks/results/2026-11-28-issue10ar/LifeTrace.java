import io.github.rayon4j.core.*;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.examples.Life;
import java.util.stream.IntStream;
/** Per generation: when each thread started its first row and ended its last, relative to the call's start, and rows per thread. */
public class LifeTrace {
    static final int S = 1000;
    static final byte[] board = Life.random(S, 7);
    static final long[] startAt = new long[S], endAt = new long[S];
    static final long[] who = new long[S];
    public static void main(String[] args) {
        boolean stream = args[0].equals("stream");
        int calls = Integer.parseInt(args[1]);
        double[] sum = new double[8]; int n = 0;
        for (int c = 0; c < calls; c++) {
            byte[] cur = board.clone(), next = new byte[cur.length];
            for (int g = 0; g < 10; g++) {
                byte[] f = cur, t = next;
                long t0 = System.nanoTime();
                if (stream) IntStream.range(0, S).parallel().forEach(y -> { startAt[y] = System.nanoTime(); Life.row(f, t, S, y); endAt[y] = System.nanoTime(); who[y] = Thread.currentThread().getId(); });
                else IntParIter.range(0, S).forEach(y -> { startAt[y] = System.nanoTime(); Life.row(f, t, S, y); endAt[y] = System.nanoTime(); who[y] = Thread.currentThread().getId(); });
                long t1 = System.nanoTime();
                cur = t; next = f;
                if (c < calls / 2) continue;
                // two threads: a and b
                long a = who[0]; long aFirst = Long.MAX_VALUE, aLast = 0, bFirst = Long.MAX_VALUE, bLast = 0, aBusy = 0, bBusy = 0; int aRows = 0, bRows = 0, switches = 0;
                for (int y = 0; y < S; y++) {
                    if (y > 0 && who[y] != who[y - 1]) switches++;
                    if (who[y] == a) { aFirst = Math.min(aFirst, startAt[y]); aLast = Math.max(aLast, endAt[y]); aBusy += endAt[y] - startAt[y]; aRows++; }
                    else { bFirst = Math.min(bFirst, startAt[y]); bLast = Math.max(bLast, endAt[y]); bBusy += endAt[y] - startAt[y]; bRows++; }
                }
                long first = Math.min(aFirst, bFirst), second = Math.max(aFirst, bFirst), last = Math.max(aLast, bLast), early = Math.min(aLast, bLast);
                sum[0] += (t1 - t0) / 1e3; sum[1] += (first - t0) / 1e3; sum[2] += (second - t0) / 1e3; sum[3] += (last - early) / 1e3; sum[4] += (t1 - last) / 1e3;
                sum[5] += (aBusy + bBusy) / 1e3; sum[6] += switches; sum[7] += Math.abs(aRows - bRows); n++;
            }
        }
        System.out.printf("%s: call %.0f us, first row at %.0f, second thread's first row at %.0f, one thread idle at end %.0f, latch to return %.0f, busy sum %.0f, owner switches %.1f, |rowsA-rowsB| %.0f%n",
            args[0], sum[0] / n, sum[1] / n, sum[2] / n, sum[3] / n, sum[4] / n, sum[5] / n, sum[6] / n, sum[7] / n);
        System.exit(0);
    }
}
