package io.github.rayon4j.benchmarks.harness;

import io.github.rayon4j.iter.LongParIter;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.LongUnaryOperator;
import java.util.stream.LongStream;

/**
 * What a program pays for pipelines it runs only a few times, after the library is warm: the
 * latency of each of the first runs of twelve new pipeline shapes ({@code LongParIter.range(0,
 * 10^5).map(f).sum()}, one lambda each) in a JVM that has first run other pipelines for a few
 * seconds. Fused pipelines run on shared classes until a shape has earned its own copies (see
 * {@code Fuse} in rayon4j-iter, "One copy of the code per pipeline shape"); a copy starts cold,
 * so when a shape is copied decides which of its early runs are slow. One JVM per line: run it
 * several times, alternating the builds compared.
 *
 * <pre>{@code
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.harness.NewShapes --runs 10
 * java -cp ... NewShapes --runs 40 --impl stream --table
 * }</pre>
 *
 * <p>Prints, per JVM, one line: the total time of all runs of all twelve shapes, of runs 2 and
 * later, and the slowest call after each shape's first ({@code --table}: per run, the median,
 * the slowest and the total of the twelve calls). {@code --impl stream} times the same pipelines
 * as parallel streams, for reference.
 */
public final class NewShapes {
    private static final int ITEMS = 100_000;

    private NewShapes() {
    }

    public static void main(String[] args) {
        int runs = 10;
        double warmSeconds = 3;
        boolean stream = false;
        boolean table = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--warm-seconds" -> warmSeconds = Double.parseDouble(args[++i]);
                case "--impl" -> stream = switch (args[++i]) {
                    case "rayon4j" -> false;
                    case "stream" -> true;
                    default -> throw new IllegalArgumentException("--impl rayon4j|stream, not " + args[i]);
                };
                case "--table" -> table = true;
                default -> throw new IllegalArgumentException(
                        "usage: NewShapes [--runs N] [--warm-seconds S] [--impl rayon4j|stream] [--table]; not " + args[i]);
            }
        }
        if (runs < 2) {
            throw new IllegalArgumentException("--runs must be at least 2, not " + runs);
        }
        long check = 0;
        LongUnaryOperator[] warm = {x -> x + 1, x -> x ^ 5, x -> x * 9};
        long end = System.nanoTime() + (long) (warmSeconds * 1e9);
        while (System.nanoTime() < end) {
            for (LongUnaryOperator f : warm) {
                check += stream
                        ? LongStream.range(0, ITEMS).parallel().map(f).filter(x -> (x & 1) == 0).sum()
                                + LongStream.range(0, ITEMS).parallel().map(f).sum()
                        : LongParIter.range(0, ITEMS).map(f).filter(x -> (x & 1) == 0).sum()
                                + LongParIter.range(0, ITEMS).map(f).sum();
            }
        }
        LongUnaryOperator[] shapes = {x -> x * x % 7, x -> x * x % 11, x -> x * x % 13, x -> x * x % 17,
            x -> x * x % 19, x -> x * x % 23, x -> x * x % 29, x -> x * x % 31, x -> x * x % 37,
            x -> x * x % 41, x -> x * 3 % 7, x -> x * 5 % 7};
        double[][] ms = new double[runs][shapes.length];
        for (int r = 0; r < runs; r++) {
            for (int i = 0; i < shapes.length; i++) {
                long t0 = System.nanoTime();
                check += stream
                        ? LongStream.range(0, ITEMS).parallel().map(shapes[i]).sum()
                        : LongParIter.range(0, ITEMS).map(shapes[i]).sum();
                ms[r][i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        double all = 0;
        double later = 0;
        double worst = 0;
        StringBuilder rows = new StringBuilder();
        for (int r = 0; r < runs; r++) {
            double[] row = ms[r].clone();
            Arrays.sort(row);
            double sum = Arrays.stream(row).sum();
            all += sum;
            if (r > 0) {
                later += sum;
                worst = Math.max(worst, row[row.length - 1]);
            }
            rows.append(String.format(Locale.ROOT, "run %d: median %.2f max %.2f total %.1f ms%n",
                    r + 1, row[row.length / 2], row[row.length - 1], sum));
        }
        if (table) {
            System.out.print(rows);
        }
        System.out.printf(Locale.ROOT, "%s: all runs %.0f ms, runs 2..%d %.0f ms, slowest call after a first %.1f ms (check %d)%n",
                stream ? "stream" : "rayon4j", all, runs, later, worst, check & 0xff);
    }
}
