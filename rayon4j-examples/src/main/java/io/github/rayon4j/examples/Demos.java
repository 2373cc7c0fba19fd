package io.github.rayon4j.examples;

import io.github.rayon4j.iter.ParSort;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Random;

/** What each command runs: the inputs, the timed pair, and the printed result. */
final class Demos {
    private Demos() { }

    static void nbody(Timing t, int bodies) {
        int steps = 10;
        double[] energies = t.compare("nbody: " + bodies + " bodies, " + steps + " steps",
                () -> simulate(bodies, steps, false), () -> simulate(bodies, steps, true),
                (a, b) -> Math.abs(a[1] - b[1]) <= 1e-9 * Math.abs(a[1]));
        t.out().printf("    energy %.9f -> %.9f (drift %.2e)%n", energies[0], energies[1],
                Math.abs(energies[1] - energies[0]) / Math.abs(energies[0]));
    }

    /** Energy before and after {@code steps} steps. */
    static double[] simulate(int bodies, int steps, boolean parallel) {
        NBody sim = NBody.random(bodies, 42);
        double before = parallel ? sim.energyParallel() : sim.energySequential();
        for (int s = 0; s < steps; s++) {
            if (parallel) {
                sim.stepParallel();
            } else {
                sim.stepSequential();
            }
        }
        return new double[] {before, parallel ? sim.energyParallel() : sim.energySequential()};
    }

    static void mandelbrot(Timing t, int width) {
        int[] counts = t.compare("mandelbrot: " + width + " x " + Mandelbrot.height(width),
                () -> Mandelbrot.sequential(width), () -> Mandelbrot.parallel(width), Arrays::equals);
        Path file = Path.of("mandelbrot.png");
        try {
            Mandelbrot.writePng(counts, width, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        t.out().println("    wrote " + file.toAbsolutePath());
    }

    static void life(Timing t, int side) {
        int generations = 50;
        byte[] board = Life.random(side, 7);
        byte[] end = t.compare("life: " + side + " x " + side + ", " + generations + " generations",
                () -> Life.sequential(board, side, generations), () -> Life.parallel(board, side, generations),
                Arrays::equals);
        int alive = 0;
        for (byte b : end) {
            alive += b;
        }
        t.out().println("    cells alive at the end: " + alive);
    }

    static void sort(Timing t, int count) {
        int[] input = new Random(1).ints(count).toArray();
        t.compare("sort: " + count + " ints, ParSort vs Arrays.sort",
                () -> sorted(input, Arrays::sort), () -> sorted(input, ParSort::sort), Arrays::equals);
        t.compare("sort: " + count + " ints, merge sort on join",
                () -> sorted(input, Arrays::sort), () -> sorted(input, JoinSorts::mergeSort), Arrays::equals);
        t.compare("sort: " + count + " ints, quicksort on join",
                () -> sorted(input, Arrays::sort), () -> sorted(input, JoinSorts::quickSort), Arrays::equals);
    }

    private static int[] sorted(int[] input, java.util.function.Consumer<int[]> sorter) {
        int[] copy = input.clone();
        sorter.accept(copy);
        return copy;
    }

    static void wordfreq(Timing t, int lines) {
        List<String> text = WordFreq.generate(lines, 3);
        var counts = t.compare("wordfreq: " + lines + " lines", () -> WordFreq.sequential(text),
                () -> WordFreq.parallel(text), Objects::equals);
        var top = counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue())).limit(5).toList();
        t.out().println("    most frequent: " + top);
    }

    static void matmul(Timing t, int n) {
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        t.compare("matmul: " + n + " x " + n, () -> MatMul.sequential(a, b, n), () -> MatMul.parallel(a, b, n),
                Arrays::equals);
    }

    static void sieve(Timing t, int limit) {
        long primes = t.compare("sieve: primes below " + limit, () -> Sieve.sequential(limit),
                () -> Sieve.parallel(limit), Long::equals);
        t.out().println("    primes found: " + primes);
    }

    static void tsp(Timing t, int cities) {
        int[][] dist = Tsp.randomCities(cities, 11);
        int best = t.compare("tsp: " + cities + " cities", () -> Tsp.sequential(dist), () -> Tsp.parallel(dist),
                Integer::equals);
        t.out().println("    shortest tour length: " + best);
    }
}
