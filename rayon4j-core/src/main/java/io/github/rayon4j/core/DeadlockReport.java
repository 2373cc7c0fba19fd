package io.github.rayon4j.core;

import java.util.List;

/**
 * What deadlock detection saw: no thread of the pool was active, and these threads were not
 * asleep, so they are the ones blocked in user code (marked with {@link Rayon#markBlocked()}),
 * with where they were. Given to a handler set with
 * {@link ThreadPoolBuilder#deadlockReportHandler(java.util.function.Consumer)}; without a handler,
 * the pool logs the first one as a warning and later ones at DEBUG level ({@link System.Logger},
 * logger {@code io.github.rayon4j.core}).
 *
 * <pre>{@code
 * new ThreadPoolBuilder().deadlockReportHandler(report -> {
 *     log.error("pool deadlocked:\n{}", report);
 *     rescuer.submit(() -> releaseLocks(report.threads()));
 * }).build();
 * }</pre>
 *
 * @param pool         the pool's name
 * @param blockedCount how many threads were marked blocked
 * @param threads      the pool threads that were not asleep, with their stacks at detection
 */
public record DeadlockReport(String pool, int blockedCount, List<BlockedThread> threads) {

    /**
     * One pool thread that was not asleep when the deadlock was detected.
     *
     * @param name  the thread's name
     * @param index its index in the pool
     * @param state its state when the stack was taken
     * @param stack where it was, innermost frame first
     */
    public record BlockedThread(String name, int index, Thread.State state, List<StackTraceElement> stack) {
        /**
         * Copies the stack.
         *
         * @param name  the thread's name
         * @param index its index in the pool
         * @param state its state
         * @param stack where it was
         */
        public BlockedThread {
            stack = List.copyOf(stack);
        }
    }

    /**
     * Copies the list of threads.
     *
     * @param pool         the pool's name
     * @param blockedCount how many threads were marked blocked
     * @param threads      the pool threads that were not asleep
     */
    public DeadlockReport {
        threads = List.copyOf(threads);
    }

    /** The report as a thread dump: one paragraph per thread. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("rayon4j: deadlock in pool ").append(pool).append(": no thread active, ")
                .append(blockedCount).append(" marked blocked");
        for (BlockedThread t : threads) {
            sb.append("\n\"").append(t.name()).append("\" index ").append(t.index()).append(' ').append(t.state());
            for (StackTraceElement f : t.stack()) {
                sb.append("\n    at ").append(f);
            }
        }
        return sb.toString();
    }
}
