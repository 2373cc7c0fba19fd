package io.github.rayon4j.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every example at a small size, on a 3-thread pool, against its sequential version. */
class ExamplesTest {
    private static ThreadPool pool;

    @BeforeAll
    static void startPool() {
        pool = new ThreadPoolBuilder().numThreads(3).build();
    }

    @AfterAll
    static void closePool() {
        pool.close();
    }

    private static <T> T inPool(Supplier<T> s) {
        return pool.install(s);
    }

    @Test
    void mandelbrotMatchesSequentialPixelForPixel() {
        int[] expected = Mandelbrot.sequential(120);
        int[] actual = inPool(() -> Mandelbrot.parallel(120));
        assertArrayEquals(expected, actual);
        assertTrue(Arrays.stream(actual).anyMatch(k -> k == Mandelbrot.MAX_ITER), "some pixels are in the set");
        assertTrue(Arrays.stream(actual).anyMatch(k -> k < 5), "some pixels escape quickly");
    }

    @Test
    void nbodyEnergyMatchesSequentialWithinTolerance() {
        double[] expected = Demos.simulate(200, 5, 0);
        double[] actual = inPool(() -> Demos.simulate(200, 5, 1));
        assertEquals(expected[0], actual[0], 1e-12 * Math.abs(expected[0]), "energy before the steps");
        assertEquals(expected[1], actual[1], 1e-12 * Math.abs(expected[1]), "energy after the steps");
    }

    @Test
    void lifeMatchesSequentialCellForCell() {
        byte[] board = Life.random(64, 5);
        assertArrayEquals(Life.sequential(board, 64, 20), inPool(() -> Life.parallel(board, 64, 20)));
    }

    @Test
    void lifeBlinkerOscillates() {
        byte[] board = new byte[5 * 5];
        board[2 * 5 + 1] = board[2 * 5 + 2] = board[2 * 5 + 3] = 1;
        byte[] once = inPool(() -> Life.parallel(board, 5, 1));
        assertEquals(1, once[1 * 5 + 2] + 0, "vertical after one generation");
        assertEquals(1, once[3 * 5 + 2] + 0);
        assertEquals(0, once[2 * 5 + 1] + 0);
        assertArrayEquals(board, inPool(() -> Life.parallel(board, 5, 2)), "back after two");
    }

    @Test
    void joinSortsAndParSortSortInAscendingOrder() {
        int[] input = new Random(9).ints(50_000, -1000, 1000).toArray();
        int[] expected = input.clone();
        Arrays.sort(expected);
        for (java.util.function.Consumer<int[]> sorter : List.<java.util.function.Consumer<int[]>>of(
                JoinSorts::mergeSort, JoinSorts::quickSort, io.github.rayon4j.iter.ParSort::sort)) {
            int[] copy = input.clone();
            pool.install(() -> sorter.accept(copy));
            assertArrayEquals(expected, copy);
        }
    }

    @Test
    void wordCountsMatchSequential() {
        List<String> text = WordFreq.generate(2_000, 3);
        Map<String, Integer> expected = WordFreq.sequential(text);
        Map<String, Integer> actual = inPool(() -> WordFreq.parallel(text));
        assertEquals(expected, actual);
        assertEquals(2_000 * 12, actual.values().stream().mapToInt(Integer::intValue).sum(), "every word counted");
    }

    @Test
    void matmulMatchesSequentialAndANaiveProduct() {
        int n = 70;
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        double[] actual = inPool(() -> MatMul.parallel(a, b, n));
        assertArrayEquals(MatMul.sequential(a, b, n), actual);
        for (int i = 0; i < n; i += 13) {
            for (int j = 0; j < n; j += 11) {
                double c = 0;
                for (int k = 0; k < n; k++) {
                    c += a[i * n + k] * b[k * n + j];
                }
                assertEquals(c, actual[i * n + j], 1e-9, "C[" + i + "][" + j + "]");
            }
        }
    }

    @Test
    void sieveCountsKnownPrimeCounts() {
        assertEquals(25, inPool(() -> Sieve.parallel(100)));
        assertEquals(78_498, inPool(() -> Sieve.parallel(1_000_000)), "pi(10^6)");
        assertEquals(Sieve.sequential(1_234_567), inPool(() -> Sieve.parallel(1_234_567)));
    }

    @Test
    void tspFindsTheSameOptimumAsSequential() {
        int[][] dist = Tsp.randomCities(9, 11);
        assertEquals(Tsp.sequential(dist), inPool(() -> Tsp.parallel(dist)));
        int[][] square = {{0, 1, 2, 1}, {1, 0, 1, 2}, {2, 1, 0, 1}, {1, 2, 1, 0}};
        assertEquals(4, inPool(() -> Tsp.parallel(square)), "around the square");
    }

    @Test
    void helpListsEveryCommandAndACommandRunsThroughMain() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        assertEquals(0, Main.run(new String[] {"--help"}, out, out));
        String help = bytes.toString(StandardCharsets.UTF_8);
        for (String cmd : Main.DEMOS.keySet()) {
            assertTrue(help.contains("  " + cmd + " "), "--help lists " + cmd + ":\n" + help);
        }
        assertEquals(2, Main.run(new String[] {"nosuch"}, out, out), "an unknown command is an error");
        bytes.reset();
        assertEquals(0, Main.run(new String[] {"--threads", "2", "--runs", "1", "--size", "200", "matmul"}, out, out));
        String line = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(line.contains("speed-up") && line.contains("parallelStream") && line.contains("sequential"), line);
    }

    /** The parallel-stream peers the tour prints beside rayon4j compute the same answers. */
    @Test
    void parallelStreamPeersMatchSequential() {
        assertArrayEquals(Mandelbrot.sequential(120), Mandelbrot.stream(120));
        double[] e = Demos.simulate(200, 5, 0);
        double[] s = Demos.simulate(200, 5, 2);
        assertEquals(e[1], s[1], 1e-9 * Math.abs(e[1]));
        byte[] board = Life.random(64, 3);
        assertArrayEquals(Life.sequential(board, 64, 20), Life.stream(board, 64, 20));
        List<String> text = WordFreq.generate(500, 5);
        assertEquals(WordFreq.sequential(text), WordFreq.stream(text));
        int n = 96;
        double[] a = MatMul.random(n, 1);
        double[] b = MatMul.random(n, 2);
        assertArrayEquals(MatMul.sequential(a, b, n), MatMul.stream(a, b, n));
        assertEquals(Sieve.sequential(1_234_567), Sieve.stream(1_234_567));
        int[][] dist = Tsp.randomCities(9, 4);
        assertEquals(Tsp.sequential(dist), Tsp.stream(dist));
    }
}
