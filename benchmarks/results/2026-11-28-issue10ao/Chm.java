import io.github.rayon4j.iter.*;
import java.util.concurrent.*;
public class Chm {
    public static void main(String[] args) {
        ConcurrentHashMap<Integer, Integer> chm = new ConcurrentHashMap<>(); for (int i = 0; i < 200_000; i++) chm.put(i, i);
        boolean stream = args[0].equals("s");
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long best = Long.MAX_VALUE; long sum = 0; int calls = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            long c = stream ? chm.keySet().parallelStream().filter(x -> x % 3 == 0).count() : ParIter.of(chm.keySet()).filter(x -> x % 3 == 0).count();
            best = Math.min(best, System.nanoTime() - t0); sum += c; calls++;
        }
        System.out.printf("%s best %.3f ms (%d calls)%n", args[0], best / 1e6, calls);
    }
}
