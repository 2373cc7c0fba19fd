package io.github.rayon4j.benchmarks.results;

/**
 * How many times faster a rayon4j method ran than a peer method of the same kernel and parameters,
 * from the medians: {@code peer time / rayon4j time} (above 1: rayon4j is faster). {@code error} is the
 * ratio's relative error propagated from both scores' errors (in quadrature), times the ratio.
 */
public record Ratio(Measurement rayon4j, Measurement peer, double value, double error) {

    static Ratio of(Measurement rayon4j, Measurement peer) {
        double value = rayon4j.higherIsBetter()
                ? rayon4j.median() / peer.median()
                : peer.median() / rayon4j.median();
        double re = Math.hypot(nanToZero(rayon4j.relativeError()), nanToZero(peer.relativeError()));
        return new Ratio(rayon4j, peer, value, value * re);
    }

    private static double nanToZero(double d) {
        return Double.isNaN(d) ? 0 : d;
    }
}
