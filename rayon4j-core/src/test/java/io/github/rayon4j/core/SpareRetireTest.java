package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

/**
 * A spare that retires moves the jobs left on its deque to the injector ({@code
 * Spares.retired}); a job the injector cannot take (no memory for its queue node) must still run,
 * exactly once. Before, the job was already popped when the injector's {@code add} threw: the
 * spare's thread died with it, and the scope that spawned it waited for ever. White-box: the
 * registry's injector is replaced by one whose next {@code add} throws {@link OutOfMemoryError}
 * when armed, so the failure strikes at that one step, on a real spare, deterministically.
 */
class SpareRetireTest {
    private static final int JOBS = 6;

    /** The injector, failing its next {@code add} once armed. */
    static final class FailingInjector extends ConcurrentLinkedQueue<Job> {
        private static final long serialVersionUID = 1L;
        volatile boolean armed;
        final AtomicInteger failures = new AtomicInteger();

        @Override
        public boolean add(Job job) {
            if (armed) {
                armed = false;
                failures.incrementAndGet();
                throw new OutOfMemoryError("test: no memory for the injector's node");
            }
            return super.add(job);
        }
    }

    @Test
    void aJobTheInjectorCannotTakeFromARetiringSpareStillRunsOnce() {
        // The bound covers close() too: a lost job keeps the scope, and so the pool, from ending.
        assertTimeoutPreemptively(Duration.ofSeconds(60), SpareRetireTest::retireWithAFailingInjector);
    }

    private static void retireWithAFailingInjector() throws Exception {
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(1).maxBlockingSpares(1).jmx(false).build()) {
            FailingInjector injector = new FailingInjector();
            Field f = Registry.class.getDeclaredField("injector");
            f.setAccessible(true);
            f.set(pool.registry(), injector);
            AtomicIntegerArray runs = new AtomicIntegerArray(JOBS);
            AtomicInteger spareIndex = new AtomicInteger(-1);
            CountDownLatch spawned = new CountDownLatch(1);
            pool.install(() -> {
                Rayon.scope(s -> {
                    // Stolen by the spare that takes the worker's place below: leaves JOBS jobs
                    // on the spare's deque, and returns once the spare is told to retire.
                    s.spawn(s1 -> {
                        WorkerThread spare = WorkerThread.current();
                        spareIndex.set(spare.index());
                        for (int i = 0; i < JOBS; i++) {
                            int k = i;
                            s1.spawn(s2 -> runs.incrementAndGet(k));
                        }
                        spawned.countDown();
                        PoolState.awaitOrFail(() -> spare.loopLatch().probe(), "the spare's retire latch");
                        injector.armed = true; // the first job moved to the injector fails
                    });
                    Rayon.blockInPlace(() -> {
                        PoolState.awaitOrFail(() -> spawned.getCount() == 0, "the spare's spawns");
                        return null;
                    });
                    // Back from blockInPlace, the spare retires; wait for it to leave its slot
                    // without stealing its jobs meanwhile (this wait is not the pool's).
                    PoolState.awaitOrFail(() -> pool.registry().worker(spareIndex.get()) == null, "the spare leaving its slot");
                });
                return null;
            });
            assertEquals(1, injector.failures.get(), "the injector's add failed once");
            for (int i = 0; i < JOBS; i++) {
                assertEquals(1, runs.get(i), "job " + i + " ran once");
            }
            assertEquals(JOBS, pool.install(() -> JOBS), "the pool still works");
        }
    }
}
