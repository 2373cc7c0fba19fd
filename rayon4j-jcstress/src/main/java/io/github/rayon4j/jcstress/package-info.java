/**
 * jcstress litmus tests of the memory-ordering claims in rayon4j's sleep protocol (seed 000 and
 * RFC #5, Appendix A), run against the real {@code io.github.rayon4j.core.sleep} classes where
 * possible. See this module's README for the command and the recorded results.
 *
 * <p>Naming: {@code Dekker*} tests pit an external injection against a worker's decision to
 * sleep; {@code Latch*} tests pit a latch set against its owner falling asleep. A suffix
 * {@code NoFence}, {@code SetterWithoutLock} or {@code OwnerLocksLate} marks a deliberately
 * broken variant whose bad outcome is ACCEPTABLE_INTERESTING: it shows what the missing piece
 * is for.
 */
package io.github.rayon4j.jcstress;
