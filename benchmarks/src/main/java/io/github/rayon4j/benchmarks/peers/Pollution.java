package io.github.rayon4j.benchmarks.peers;

import io.github.rayon4j.iter.DoubleParIter;
import io.github.rayon4j.iter.IntParIter;
import io.github.rayon4j.iter.LongParIter;
import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * Target P1c of issue 10: a kernel timed in a JVM that has first run a dozen other pipelines through the
 * same library, as in an application, so that the library's shared call sites (sources, adaptors, sinks,
 * the splitter) carry polluted JIT profiles instead of the one-lambda profiles of a lone benchmark.
 *
 * <p>The dozen pipelines exist twice, once with rayon4j ({@link #rayon4j}) and once with parallel streams
 * ({@link #streams}), the same shapes on the same inputs, so each library is polluted alike; both return
 * the same checksum (tested). They differ from every timed kernel (other sources, lambdas and shapes:
 * int/long/double/object, map/filter/reduce/collect/groupingBy/sort/flatMap/distinct/find/forEach), and
 * run round-robin, {@link #ROUNDS} rounds of all twelve (about 10k pipeline calls, a few hundred ms on
 * 2 threads), which compiles them. Used by {@code --polluted} in {@link PeerCases}, {@link StreamCases}
 * and {@link PollutedBaseline}, and by the JMH kernels' {@code polluted} parameter.
 *
 * <p>Each method runs its pipelines where it is called: rayon4j inside the current pool (the global pool,
 * or the pool of an {@code install}), streams on the common pool or in the ForkJoinPool of the caller.
 */
public final class Pollution {
    /** Rounds of the twelve pipelines for a real run: 9600 pipeline calls. */
    public static final int ROUNDS = Integer.getInteger("pollute.rounds", 800);
    /** Pipelines per round. */
    public static final int PIPELINES = 12;

    private static final int N = 4096;

    private final int[] ints = new int[N];
    private final long[] longs = new long[N];
    private final double[] doubles = new double[N];
    private final List<String> words = new ArrayList<>(N);
    private final List<Integer> boxed = new ArrayList<>(N);
    private final int[] out = new int[N];

    /** The inputs: an xorshift64 stream from a seed other than the kernels'. */
    public Pollution() {
        long x = 0x2545F4914F6CDD1DL;
        for (int i = 0; i < N; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            ints[i] = (int) (x >>> 40);
            longs[i] = x;
            doubles[i] = (x >>> 11) / (double) (1L << 53);
            words.add("w" + (ints[i] % 1000));
            boxed.add(ints[i]);
        }
    }

    /** Runs the rayon4j pipelines {@code rounds} times round-robin; returns their checksum. */
    public long rayon4j(int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int p = 0; p < PIPELINES; p++) {
                sum += rayon4jPipeline(p);
            }
        }
        return sum;
    }

    /** Runs the stream pipelines {@code rounds} times round-robin; returns their checksum. */
    public long streams(int rounds) {
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            for (int p = 0; p < PIPELINES; p++) {
                sum += streamPipeline(p);
            }
        }
        return sum;
    }

    /** Pipeline {@code p} with rayon4j. */
    long rayon4jPipeline(int p) {
        switch (p) {
            case 0:
                return IntParIter.of(ints).map(x -> x * 31 + 7).filter(x -> (x & 3) != 0).sum();
            case 1:
                return LongParIter.range(0, N).map(x -> x ^ (x >>> 3) ^ 0x5DEECE66DL).reduce(Long.MIN_VALUE, Math::max);
            case 2:
                return DoubleParIter.of(doubles).map(Math::sqrt).filter(d -> d > 0.25).count();
            case 3:
                return ParIter.of(words).map(String::length).reduce(0, Integer::sum);
            case 4:
                return IntParIter.range(0, N).mapToObj(i -> "k" + (i % 97)).filter(s -> s.length() == 3).toList().size();
            case 5: {
                Map<Integer, Long> groups = ParIter.of(boxed).collect(
                        Collectors.groupingBy(x -> x % 16, Collectors.counting()));
                return groups.size() * 100_000L + groups.getOrDefault(3, 0L);
            }
            case 6:
                return IntParIter.of(ints).sorted().toArray()[N / 2];
            case 7:
                return IntParIter.range(0, 64).flatMap(i -> IntParIter.range(0, i * 4)).count();
            case 8:
                return LongParIter.of(longs).filter(x -> (x & 1023) == 5).findFirst().orElse(-1);
            case 9:
                IntParIter.range(0, N).forEach(i -> out[i] = ints[i] * 3);
                return out[N - 1];
            case 10:
                return (long) IntParIter.range(0, N).mapToDouble(i -> i * 0.5).summaryStatistics().getMax();
            case 11:
                return ParIter.of(words).min(Comparator.naturalOrder()).orElseThrow().hashCode()
                        + IntParIter.of(ints).map(x -> x & 255).distinct().count();
            default:
                throw new IllegalArgumentException("no pipeline " + p);
        }
    }

    /** Pipeline {@code p} with parallel streams: the same shape and result as {@link #rayon4jPipeline(int)}. */
    long streamPipeline(int p) {
        switch (p) {
            case 0:
                return Arrays.stream(ints).parallel().map(x -> x * 31 + 7).filter(x -> (x & 3) != 0).sum();
            case 1:
                return LongStream.range(0, N).parallel().map(x -> x ^ (x >>> 3) ^ 0x5DEECE66DL).reduce(Long.MIN_VALUE, Math::max);
            case 2:
                return DoubleStream.of(doubles).parallel().map(Math::sqrt).filter(d -> d > 0.25).count();
            case 3:
                return words.parallelStream().map(String::length).reduce(0, Integer::sum);
            case 4:
                return IntStream.range(0, N).parallel().mapToObj(i -> "k" + (i % 97)).filter(s -> s.length() == 3)
                        .collect(Collectors.toList()).size();
            case 5: {
                Map<Integer, Long> groups = boxed.parallelStream().collect(
                        Collectors.groupingBy(x -> x % 16, Collectors.counting()));
                return groups.size() * 100_000L + groups.getOrDefault(3, 0L);
            }
            case 6:
                return IntStream.of(ints).parallel().sorted().toArray()[N / 2];
            case 7:
                return IntStream.range(0, 64).parallel().flatMap(i -> IntStream.range(0, i * 4)).count();
            case 8:
                return LongStream.of(longs).parallel().filter(x -> (x & 1023) == 5).findFirst().orElse(-1);
            case 9:
                IntStream.range(0, N).parallel().forEach(i -> out[i] = ints[i] * 3);
                return out[N - 1];
            case 10:
                return (long) IntStream.range(0, N).parallel().mapToDouble(i -> i * 0.5).summaryStatistics().getMax();
            case 11:
                return words.parallelStream().min(Comparator.naturalOrder()).orElseThrow().hashCode()
                        + IntStream.of(ints).parallel().map(x -> x & 255).distinct().count();
            default:
                throw new IllegalArgumentException("no pipeline " + p);
        }
    }

    /** The '#' line a polluted run prints: how long the pollution took. */
    static String note(String library, int rounds, long nanos, long checksum) {
        return String.format(Locale.ROOT, "# polluted: %d %s pipelines x %d rounds in %.0f ms (checksum %d)",
                PIPELINES, library, rounds, nanos / 1e6, checksum);
    }
}
