/**
 * The extension points of the parallel iterators, as Rayon's {@code iter::plumbing}: what a new
 * source or a new terminal is written against. Users who only call {@code ParIter} and its
 * siblings never need this package.
 *
 * <ul>
 *   <li>A source is a {@link io.github.rayon4j.iter.plumbing.Producer} (known length, splits at
 *       any index) or an {@link io.github.rayon4j.iter.plumbing.UnindexedProducer} (splits in two
 *       or not); it pushes its items into a {@link io.github.rayon4j.iter.plumbing.Sink} of its
 *       item type ({@code ObjSink}, {@code IntSink}, {@code LongSink}, {@code DoubleSink}).</li>
 *   <li>A terminal is a {@link io.github.rayon4j.iter.plumbing.Consumer}: it splits along with
 *       the source, gives a {@link io.github.rayon4j.iter.plumbing.Folder} per leaf and reduces
 *       adjacent results in order ({@link io.github.rayon4j.iter.plumbing.Reducer}).</li>
 *   <li>{@link io.github.rayon4j.iter.plumbing.Bridge} runs a producer into a consumer with the
 *       adaptive splitter; every iterator is a {@link io.github.rayon4j.iter.plumbing.Drivable},
 *       so a user's consumer can be driven by any iterator.</li>
 * </ul>
 *
 * <pre>{@code
 * // A source of the squares 0, 1, 4, ... (n - 1)^2, usable with every adaptor and terminal:
 * record Squares(long lo, long hi) implements Producer<LongSink> {
 *     public long len() { return hi - lo; }
 *     public Pair<Producer<LongSink>, Producer<LongSink>> splitAt(long i) {
 *         return new Pair<>(new Squares(lo, lo + i), new Squares(lo + i, hi));
 *     }
 *     public void foldWith(LongSink sink) {
 *         for (long x = lo; x < hi && !sink.full(); x++) sink.accept(x * x);
 *     }
 * }
 * long sum = LongParIter.fromProducer(new Squares(0, 1000)).sum();
 * }</pre>
 */
package io.github.rayon4j.iter.plumbing;
