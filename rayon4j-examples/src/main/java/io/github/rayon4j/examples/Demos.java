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
                () -> simulate(bodies, steps, 0), () -> simulate(bodies, steps, 1), () -> simulate(bodies, steps, 2),
                (a, b) -> Math.abs(a[1] - b[1]) <= 1e-9 * Math.abs(a[1]));
        t.out().printf("    energy %.9f -> %.9f (drift %.2e)%n", energies[0], energies[1],
                Math.abs(energies[1] - energies[0]) / Math.abs(energies[0]));
    }

    /** Energy before and after {@code steps} steps: 0 sequential, 1 rayon4j, 2 parallel stream. */
    static double[] simulate(int bodies, int steps, int how) {
        NBody sim = NBody.random(bodies, 42);
        double before = energy(sim, how);
        for (int s = 0; s < steps; s++) {
            switch (how) {
                case 0 -> sim.stepSequential();
                case 1 -> sim.stepParallel();
                default -> sim.stepStream();
            }
        }
        return new double[] {before, energy(sim, how)};
    }

    private static double energy(NBody sim, int how) {
        return how == 0 ? sim.energySequential() : how == 1 ? sim.energyParallel() : sim.energyStream();
    }

    static void mandelbrot(Timing t, int width) {
        int[] counts = t.compare("mandelbrot: " + width + " x " + Mandelbrot.height(width),
                () -> Mandelbrot.sequential(width), () -> Mandelbrot.parallel(width), () -> Mandelbrot.stream(width),
                Arrays::equals);
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
                () -> Life.stream(board, side, generations), Arrays::equals);
        int alive = 0;
        for (byte b : end) {
            alive += b;
        }
        t.out().println("    cells alive at the end: " + alive);
    }

    static void sort(Timing t, int count) {
        int[] input = new Random(1).ints(count).toArray();
        // The JDK's parallel peer of a sort is Arrays.parallelSort; the join sorts have none.
        t.compare("sort: " + count + " ints, ParSort",
                () -> sorted(input, Arrays::sort), () -> sorted(input, ParSort::sort),
                () -> sorted(input, Arrays::parallelSort), Arrays::equals);
        t.compare("sort: " + count + " ints, merge sort on join",
                () -> sorted(input, Arrays::sort), () -> sorted(input, JoinSorts::mergeSort), null, Arrays::equals);
        t.compare("sort: " + count + " ints, quicksort on join",
                () -> sorted(input, Arrays::sort), () -> sorted(input, JoinSorts::quickSort), null, Arrays::equals);
    }

    private static int[] sorted(int[] input, java.util.function.Consumer<int[]> sorter) {
        int[] copy = input.clone();
        sorter.accept(copy);
        return copy;
    }

    static void wordfreq(Timing t, int lines) {
        List<String> text = WordFreq.generate(lines, 3);
        var counts = t.compare("wordfreq: " + lines + " lines", () -> WordFreq.sequential(text),
                () -> WordFreq.parallel(text), () -> WordFreq.stream(text), (x, y) -> x.equals(y));
        var top = counts.entrySet().stream()
                .sorted((a, b) -> Integer.compare(b.getValue(), a.getValue())).limit(5).toList();
        t.out().println("    most frequent: " + top);
    }

    static void matmul(Timing t, int n) {
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        t.compare("matmul: " + n + " x " + n, () -> MatMul.sequential(a, b, n), () -> MatMul.parallel(a, b, n),
                () -> MatMul.stream(a, b, n), Arrays::equals);
    }

    static void sieve(Timing t, int limit) {
        long primes = t.compare("sieve: primes below " + limit, () -> Sieve.sequential(limit),
                () -> Sieve.parallel(limit), () -> Sieve.stream(limit), Long::equals);
        t.out().println("    primes found: " + primes);
    }

    static void tsp(Timing t, int cities) {
        int[][] dist = Tsp.randomCities(cities, 11);
        int best = t.compare("tsp: " + cities + " cities", () -> Tsp.sequential(dist), () -> Tsp.parallel(dist),
                () -> Tsp.stream(dist), Integer::equals);
        t.out().println("    shortest tour length: " + best);
    }
}
