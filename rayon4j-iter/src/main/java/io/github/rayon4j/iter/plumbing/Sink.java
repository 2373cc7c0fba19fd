package io.github.rayon4j.iter.plumbing;

/**
 * What a {@link Producer} pushes its items into. The item-accepting method lives in the typed
 * forms ({@link ObjSink}, {@link IntSink}, {@link LongSink}, {@link DoubleSink}); this base only
 * carries Rayon's early-exit signal.
 *
 * <p>A producer's leaf loop should look at {@link #full()} before its first item and then now and
 * then, and stop pushing once it returns {@code true}. The built-in sources follow an adaptive
 * schedule: they look after 1 item, then after batches sized by the rate of the batch before to
 * take about 10 µs (growing at most 64 times a step, to at most 16,384 items; 1,024 for the
 * loops that copy items into a block), keep the length while a batch takes 5-50 µs, and go back
 * to every item when a batch took 50 µs or more. So once an answer is known, or another leaf has
 * thrown, a leaf of slow items stops after the item at hand, and any other leaf within about
 * 10 µs of its work while item costs are steady (at most 16,384 items). A sink must tolerate
 * items pushed after it reported full; it may ignore them.
 *
 * <pre>{@code
 * IntSink printer = new IntSink() {
 *     public void accept(int x) { System.out.println(x); }
 *     public boolean full() { return false; }
 * };
 * }</pre>
 */
public interface Sink {
    /**
     * Whether more items are useless: an answer was found, or a leaf failed.
     *
     * @return {@code true} when the producer may stop pushing
     */
    boolean full();
}
