package io.github.rayon4j.iter;

/**
 * The flag all splits of one terminal share: set when an answer makes the remaining items
 * useless (findAny, anyMatch, takeAnyWhile) or when a leaf threw (the panic fuse). Sinks read it
 * from {@code full()}, which leaf loops call between batches of items (see {@link Pace}). Not
 * final: {@link Terminal.Best} is the stop flag of the positional finds as well.
 */
class Stop {
    volatile boolean stopped;

    void stop() {
        stopped = true;
    }
}
