package io.github.rayon4j.iter;

/**
 * What a {@link Producer} pushes its items into. The item-accepting method lives in the typed
 * forms ({@link ObjSink}, {@link IntSink}, {@link LongSink}, {@link DoubleSink}); this base only
 * carries Rayon's early-exit signal.
 *
 * <p>A producer's leaf loop should look at {@link #full()} now and then (the built-in sources look
 * every 1024 items) and stop pushing once it returns {@code true}. A sink must tolerate items
 * pushed after it reported full; it may ignore them.
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
