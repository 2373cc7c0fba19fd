import io.github.rayon4j.iter.*;
import java.math.BigInteger;
import java.util.*;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.*;
import java.util.stream.*;
/**
 * A fifth steady-state survey: the classic demonstrations of parallel streams (prime counting,
 * Collatz lengths, a factorial, Monte Carlo pi, numeric integration, a map's entries filtered
 * into a new map, nCopies), timed with issue10ap's Steady.cmp. All cases in one JVM, or those
 * whose name starts with args[0] in a fresh one. Compile beside Steady.java.
 */
public class Steady5 {
    static boolean isPrime(long n) {
        if (n < 2) return false;
        for (long d = 2; d * d <= n; d++) if (n % d == 0) return false;
        return true;
    }
    static int collatz(long n) { int s = 0; while (n != 1) { n = (n & 1) == 0 ? n >> 1 : 3 * n + 1; s++; } return s; }
    public static void main(String[] args) {
        Steady.only = args.length > 0 ? args[0] : null;
        HashMap<String, Integer> map = new HashMap<>(); for (int i = 0; i < 200_000; i++) map.put("k" + i, i);
        List<String> copies = Collections.nCopies(1_000_000, "abc");
        Steady.cmp("primes count", () -> LongParIter.rangeClosed(2, 300_000).filter(Steady5::isPrime).count(), () -> LongStream.rangeClosed(2, 300_000).parallel().filter(Steady5::isPrime).count());
        Steady.cmp("collatz max", () -> LongParIter.range(1, 300_000).mapToInt(Steady5::collatz).max().getAsInt(), () -> LongStream.range(1, 300_000).parallel().mapToInt(Steady5::collatz).max().getAsInt());
        Steady.cmp("factorial", () -> LongParIter.rangeClosed(1, 3000).mapToObj(BigInteger::valueOf).reduce(BigInteger.ONE, BigInteger::multiply).bitLength(), () -> LongStream.rangeClosed(1, 3000).parallel().mapToObj(BigInteger::valueOf).reduce(BigInteger.ONE, BigInteger::multiply).bitLength());
        Steady.cmp("monte carlo pi", () -> LongParIter.range(0, 2_000_000).filter(i -> { ThreadLocalRandom r = ThreadLocalRandom.current(); double x = r.nextDouble(), y = r.nextDouble(); return x * x + y * y < 1; }).count() > 0, () -> LongStream.range(0, 2_000_000).parallel().filter(i -> { ThreadLocalRandom r = ThreadLocalRandom.current(); double x = r.nextDouble(), y = r.nextDouble(); return x * x + y * y < 1; }).count() > 0);
        Steady.cmp("integration", () -> Math.round(IntParIter.range(0, 2_000_000).mapToDouble(i -> { double x = (i + 0.5) / 2_000_000; return 4 / (1 + x * x); }).sum() / 2_000_000 * 1e9), () -> Math.round(IntStream.range(0, 2_000_000).parallel().mapToDouble(i -> { double x = (i + 0.5) / 2_000_000; return 4 / (1 + x * x); }).sum() / 2_000_000 * 1e9));
        Steady.cmp("map entries filter toMap", () -> ParIter.of(map.entrySet()).filter(e -> e.getValue() % 3 == 0).collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)).size(), () -> map.entrySet().parallelStream().filter(e -> e.getValue() % 3 == 0).collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)).size());
        Steady.cmp("ncopies map count", () -> ParIter.of(copies).map(String::length).filter(x -> x == 3).count(), () -> copies.parallelStream().map(String::length).filter(x -> x == 3).count());
        Steady.cmp("range sqrt sum", () -> Math.round(LongParIter.range(0, 5_000_000).mapToDouble(Math::sqrt).sum()), () -> Math.round(LongStream.range(0, 5_000_000).parallel().mapToDouble(Math::sqrt).sum()));
        Steady.cmp("range mapToObj String count", () -> IntParIter.range(0, 500_000).mapToObj(Integer::toString).filter(s -> s.endsWith("7")).count(), () -> IntStream.range(0, 500_000).parallel().mapToObj(Integer::toString).filter(s -> s.endsWith("7")).count());
    }
}
