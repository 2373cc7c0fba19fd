/**
 * Rayon's sleep module (seed 000, built on RFC #5): when idle workers go to sleep and whom to
 * wake. Not exported; the registry and its workers are its only users. {@code Sleep} is the
 * default policy ({@code RAYON}); {@code HintedSleep} (seed 002's claims and dispatch hints) and
 * {@code LegacyTickleSleep} (seed 003, Rayon's previous module) are the other two policies of
 * {@code SleepPolicy}, each with its own protocol comment.
 *
 * <ul>
 *   <li>{@link io.github.rayon4j.core.sleep.AtomicCounters}: sleeping threads, inactive threads
 *       and the jobs event counter (JEC) in one atomically updated {@code long}.</li>
 *   <li>{@link io.github.rayon4j.core.sleep.CoreLatch}: the UNSET / SLEEPY / SLEEPING / SET latch
 *       of RFC #5, Appendix A, which lets a latch know whether its owner sleeps on it.</li>
 *   <li>{@link io.github.rayon4j.core.sleep.IdleState}: one worker's rounds and remembered JEC.</li>
 *   <li>{@link io.github.rayon4j.core.sleep.Sleep}: the protocols to post work and to fall asleep,
 *       the two seq-cst fences and the final check (injector and deques), targeted wake-ups,
 *       and deadlock detection.</li>
 * </ul>
 *
 * <p>The protocol in one paragraph: a worker that finds nothing searches for a few rounds, then
 * gets sleepy (makes the JEC even and remembers it), searches once more, and sleeps only if the
 * JEC has not changed, adding itself to the sleeping count in the same CAS; it then issues a
 * full fence and looks at the injector one last time. A thread that posts work makes the JEC odd
 * if it is even (reading, not writing, in the common case) and, after a fence if the work went to
 * the injector, wakes one sleeper if there are not enough awake idle threads. Setting a latch
 * wakes exactly its owner, and only if the owner sleeps on that latch. The class comment of
 * {@code Sleep} gives each step and the proof sketch of why no injected job and no set latch can
 * be missed.
 */
package io.github.rayon4j.core.sleep;
