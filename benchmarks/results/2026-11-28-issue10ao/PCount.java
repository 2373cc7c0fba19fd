import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.stream.*;
public class PCount {
    record P(String name, int age, double score) { }
    public static void main(String[] args) {
        Random rnd = new Random(1);
        List<P> people = IntStream.range(0, 1_000_000).mapToObj(i -> new P("p" + (i % 10_000), rnd.nextInt(100), rnd.nextDouble())).collect(Collectors.toList());
        boolean stream = args[0].equals("s");
        long end = System.nanoTime() + Long.parseLong(args[1]) * 1_000_000_000L; long best = Long.MAX_VALUE; long sum = 0;
        while (System.nanoTime() < end) {
            long t0 = System.nanoTime();
            long c = stream ? people.stream().filter(p -> p.score() < 0.5).count() : ParIter.of(people).filter(p -> p.score() < 0.5).count();
            best = Math.min(best, System.nanoTime() - t0); sum += c;
        }
        System.out.printf("%s best %.3f ms (%d)%n", args[0], best / 1e6, sum);
    }
}
