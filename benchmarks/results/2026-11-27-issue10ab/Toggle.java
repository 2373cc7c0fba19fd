import io.github.rayon4j.iter.ParSort;
import java.util.*;
public class Toggle {
    public static void main(String[] args) {
        long[] lr = new Random(5).longs(10_000_000).toArray();
        List<Long> on = new ArrayList<>(), off = new ArrayList<>();
        for (int round = 0; round < 16; round++) {
            for (int mode = 0; mode < 2; mode++) {
                System.setProperty("nocheck", mode == 1 ? "true" : "false");
                for (int k = 0; k < 3; k++) {
                    long[] x = lr.clone();
                    long t0 = System.nanoTime();
                    ParSort.sortUnstable(x);
                    long t = System.nanoTime() - t0;
                    if (round >= 4) (mode == 0 ? on : off).add(t);
                }
            }
        }
        Collections.sort(on); Collections.sort(off);
        System.out.printf("with check: median %.2f best %.2f   without: median %.2f best %.2f%n",
            on.get(on.size()/2)/1e6, on.get(0)/1e6, off.get(off.size()/2)/1e6, off.get(0)/1e6);
    }
}
