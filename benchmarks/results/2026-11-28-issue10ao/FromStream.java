import io.github.rayon4j.iter.*;
import java.util.stream.*;
public class FromStream {
    static double work(int x) { double d = x; for (int i = 0; i < 20; i++) d = Math.sqrt(d + i); return d; }
    public static void main(String[] args) {
        boolean stream = args[0].equals("s");
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long best = Long.MAX_VALUE; double sum = 0; int calls = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            double c = stream ? Stream.iterate(0, i -> i + 1).limit(100_000).parallel().mapToDouble(FromStream::work).sum()
                    : ParIter.fromStream(Stream.iterate(0, i -> i + 1).limit(100_000)).mapToDouble(FromStream::work).sum();
            best = Math.min(best, System.nanoTime() - t0); sum += c; calls++;
        }
        System.out.printf("%s best %.3f ms (%d calls)%n", args[0], best / 1e6, calls);
    }
}
