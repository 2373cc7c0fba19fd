package io.github.rayon4j.benchmarks.results;

import java.util.Arrays;

/**
 * One JMH benchmark method's result: the kernel (its class), the method (which implementation:
 * {@code rayon4j...}, {@code parallelStream}, {@code forkJoin}, {@code parallelIterate},
 * {@code arraysParallelSort} or {@code sequential}), its parameters, and the per-iteration scores.
 */
public record Measurement(String kernel, String method, String params, String mode, String unit,
                          double[] samples, double score, double scoreError) {

    /** The median of the per-iteration scores (all forks together). */
    public double median() {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        if (n == 0) {
            return score;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * The relative error of this score: JMH's 99.9% confidence half-width over the score, or, when JMH
     * could not compute one (a single iteration), half the range of the samples over the median.
     */
    public double relativeError() {
        if (!Double.isNaN(scoreError) && score != 0) {
            return Math.abs(scoreError / score);
        }
        if (samples.length < 2) {
            return Double.NaN;
        }
        double min = Arrays.stream(samples).min().orElseThrow();
        double max = Arrays.stream(samples).max().orElseThrow();
        return (max - min) / 2 / median();
    }

    /** True when a larger score is better (throughput modes); false for time per operation. */
    public boolean higherIsBetter() {
        return mode.equals("thrpt");
    }

    public boolean isRayon4j() {
        return method.startsWith("rayon4j");
    }

    /** Kernel and parameters, the row name used in tables and charts. */
    public String label() {
        return params.isEmpty() ? kernel : kernel + " [" + params + "]";
    }
}
