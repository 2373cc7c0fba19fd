package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.Rayon;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A terminal called from a thread outside every pool takes part in its own job, as a parallel
 * stream's caller does: the calling thread runs the first part, and parts that no worker of the
 * global pool has started when it gets to them (see {@code Rayon.joinContext}).
 */
class CallerTakesPartTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void theCallingThreadRunsTheFirstItems() {
        assertTimeoutPreemptively(LIMIT, () -> {
            Thread caller = Thread.currentThread();
            AtomicReference<Thread> first = new AtomicReference<>();
            long sum = LongParIter.range(0, 100_000).map(x -> {
                if (x == 0) {
                    first.set(Thread.currentThread());
                }
                return x;
            }).sum();
            assertEquals(99_999L * 100_000 / 2, sum);
            assertSame(caller, first.get());
        });
    }

    /**
     * The parts a terminal split off that no worker has started are taken back by the caller:
     * with every worker of the global pool held, an object pipeline (whose leaves have no
     * between-batch check) runs wholly on the calling thread. Before the caller took part, such a
     * call waited for a worker to come free.
     */
    @Test
    void partsNoWorkerStartedAreTakenBackByTheCaller() {
        assertTimeoutPreemptively(LIMIT, () -> {
            int workers = Rayon.currentNumThreads();
            CountDownLatch inside = new CountDownLatch(workers);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(workers);
            Rayon.spawnBroadcast(ctx -> {
                inside.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    done.countDown();
                }
            });
            try {
                assertTrue(inside.await(30, TimeUnit.SECONDS), "every global worker is held");
                List<Integer> in = IntStream.range(0, 10_000).boxed().collect(Collectors.toList());
                Set<Thread> ranOn = ConcurrentHashMap.newKeySet();
                List<Integer> out = ParIter.of(in).map(x -> {
                    ranOn.add(Thread.currentThread());
                    return x * 2;
                }).toList();
                assertEquals(in.stream().map(x -> x * 2).collect(Collectors.toList()), out);
                assertEquals(Set.of(Thread.currentThread()), ranOn);
            } finally {
                release.countDown();
                assertTrue(done.await(30, TimeUnit.SECONDS));
            }
        });
    }

    /**
     * With a global pool of one thread, a pipeline from outside does not split, and its one
     * leaf, on the caller, must not try to share with the pool's worker: sharing starts the rest
     * as a new leaf through the bridge, which does not split it either, and the new leaf would
     * share again, one level deeper each batch (a stack overflow on a long range). Run in a
     * child JVM, whose global pool can be given one thread.
     */
    @Test
    void aOneThreadGlobalPoolRunsPipelinesFromOutside() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String java = ProcessHandle.current().info().command().orElse("java");
            Process p = new ProcessBuilder(java, "-Drayon4j.numThreads=1", "-cp", System.getProperty("java.class.path"),
                    OneThreadProbe.class.getName()).redirectErrorStream(true).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), text);
            assertEquals(List.of("1", String.valueOf(3L * 9_999_999L * 10_000_000L / 2), "142858"), text.lines().toList());
        });
    }
}
