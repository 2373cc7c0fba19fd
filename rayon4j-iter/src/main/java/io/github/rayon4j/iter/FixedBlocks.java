package io.github.rayon4j.iter;

import io.github.rayon4j.core.Pair;
import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.iter.plumbing.Producer;
import io.github.rayon4j.iter.plumbing.Sink;

import java.util.function.BinaryOperator;

/**
 * Reductions whose result is the same, bit for bit, on any pool and in every run: the
 * deterministic sums and reductions of the floating-point iterators.
 *
 * <p><b>The fixed tree.</b> A reduction over {@code n} items cuts them into blocks of
 * {@link #BLOCK} consecutive items (the last block may be shorter). Each block is folded by one
 * thread, sequentially and in item order, from its own fresh accumulator. Block results are
 * combined in a binary tree whose shape depends on {@code n} alone: the node over blocks
 * {@code [lo, hi)} combines the node over {@code [lo, lo + (hi - lo) / 2)} with the node over the
 * rest, left operand first. Every operation applied to the values, and the order of its operands,
 * is therefore a function of {@code n}: the pool's size, work stealing, timing and the
 * iterator's {@code withMinLen}/{@code withMaxLen} choose only which thread runs a node, never
 * what it computes. (The ordinary {@code sum()} instead splits where the adaptive splitter
 * decides, so its rounding follows the split.)
 *
 * <p>The tree's two halves run with {@link Rayon#join}, so the parallelism is that of any other
 * terminal, down to blocks of {@code BLOCK} items, which keeps the join cost (a fraction of a
 * microsecond) small against a block's work. If a fold throws, the shared {@link Stop} is set,
 * the other leaves stop at their next {@code full()} check, and the exception reaches the
 * caller through the joins.
 */
final class FixedBlocks {
    /** Items per block: a power of two, so blocks line up with the arrays' cache lines. */
    static final long BLOCK = 1 << 12;

    private FixedBlocks() {
    }

    /** Folds one block, sequentially and in order, from a fresh accumulator. */
    interface BlockFolder<S extends Sink, A> {
        A fold(Producer<S> block, Stop stop);
    }

    /**
     * Reduces the items of {@code producer} in the fixed tree.
     *
     * @param producer the items; only its length and {@code splitAt} at block boundaries are used
     * @param folder   folds a block
     * @param combine  combines the results of two adjacent runs of blocks, left first
     */
    static <S extends Sink, A> A reduce(Producer<S> producer, BlockFolder<S, A> folder, BinaryOperator<A> combine) {
        long n = producer.len();
        long blocks = n / BLOCK + (n % BLOCK == 0 ? 0 : 1);
        return node(producer, Math.max(blocks, 1), folder, combine, new Stop());
    }

    private static <S extends Sink, A> A node(Producer<S> p, long blocks, BlockFolder<S, A> folder,
                                              BinaryOperator<A> combine, Stop stop) {
        if (blocks == 1) {
            try {
                return folder.fold(p, stop);
            } catch (Throwable t) {
                stop.stop();
                throw t;
            }
        }
        long left = blocks / 2;
        Pair<Producer<S>, Producer<S>> halves = p.splitAt(left * BLOCK);
        Pair<A, A> r = Rayon.join(() -> node(halves.left(), left, folder, combine, stop),
                () -> node(halves.right(), blocks - left, folder, combine, stop));
        return combine.apply(r.left(), r.right());
    }
}
