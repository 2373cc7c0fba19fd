package io.github.rayon4j.jcstress;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.rayon4j.core.sleep.AtomicCounters;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The same pair with rayon4j's real data structures but without the two fences. Every access
 * involved is a synchronization action of the Java memory model (the queue's CAS push and
 * volatile reads, the counters' volatile read and CAS), and synchronization actions are totally
 * ordered consistently with program order: the JMM alone forbids the lost wake-up here. The
 * fences in Sleep are needed by the proof only if one side used weaker accesses (see
 * {@link DekkerReleaseAcquireNoFence}).
 */
@JCStressTest
@Description("Dekker pair of seed 000: PushJob; Fence1; ReadSleepers vs IncSleepers; Fence2; ReadJob")
@Outcome(id = "0, 0", expect = FORBIDDEN,
        desc = "lost wake-up: the injector saw no sleeper and the sleeper saw no job")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the injector saw the sleeper (and would wake it)")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "the sleeper saw the job in its final check")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "both saw each other")
@State
public class DekkerInjectorSleeperNoFence {
    /** The injector queue, as in Registry: a ConcurrentLinkedQueue (CAS push, volatile reads). */
    final ConcurrentLinkedQueue<Object> injector = new ConcurrentLinkedQueue<>();
    /** The real packed counters; see Support.JEC_ODD_ONE_IDLE. */
    final AtomicCounters counters = new AtomicCounters(Support.JEC_ODD_ONE_IDLE);

    /** Posting an injected job (Sleep.newInjectedJobs after Registry.inject). r1: sleepers seen. */
    @Actor
    public void injector(II_Result r) {
        injector.add(Support.JOB);                    // PushJob
        // no Fence1
        long seen = counters.markJobsPosted();         // ReadSleepers (read-only: JEC is odd)
        r.r1 = AtomicCounters.sleepingThreads(seen);
    }

    /** A worker committing to sleep (Sleep.sleep). r2: whether its final check saw a job. */
    @Actor
    public void sleeper(II_Result r) {
        long seen;
        do {
            seen = counters.load();
        } while (!counters.tryAddSleepingThread(seen)); // IncSleepers (CAS)
        // no Fence2
        r.r2 = injector.isEmpty() ? 0 : 1;            // ReadJob (Registry.hasInjectedJobs)
    }

}
