package io.github.rayon4j.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The peer programs' code at smoke sizes (a check of the cases and their result checks, not a timing):
 * every case runs, checks its result and prints one well-formed CSV line; the two halves of the pollution
 * are the same pipelines; the spinner process of {@code --burn} starts and is gone after stop.
 */
class PeerCasesTest {
    @Test
    void everyCaseRunsAndPrintsOneCsvLine() throws Exception {
        PrintStream out = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(2).build()) {
            System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            PeerCases c = new PeerCases(new Harness(true), pool);
            c.runFib();
            c.runIncrement();
            c.runSumsq();
            c.runMapcollect();
            c.runNbody();
            c.runSort();
            c.runFind();
            c.runIdle();
            c.runShortjob();
        } finally {
            System.setOut(out);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        List<String> names = lines.stream().map(l -> l.split(",")[0]).toList();
        assertEquals(List.of("join_recursive_fib", "join_recursive_fib_long", "join_recursive_fib_cutoff20",
                "increment_all", "sum_of_squares", "map_collect", "map_collect_boxed", "nbody_3steps_par", "nbody_3steps_par_reduce",
                "par_sort_unstable", "par_sort_stable", "par_sort_stream", "find_first", "find_any", "any",
                "any_nomatch", "idle_cpu", "idle_cpu_javathreads", "wake_latency", "shortjob"), names);
        for (String l : lines) {
            String[] f = l.split(",");
            assertEquals(8, f.length, l);
            assertEquals("2", f[1], l);
            for (int i = 2; i < 8; i++) {
                assertTrue(Double.parseDouble(f[i]) >= 0, l);
            }
        }
    }

    @Test
    void pollutionPipelinesAreTheSameOnBothSides() {
        Pollution p = new Pollution();
        for (int i = 0; i < Pollution.PIPELINES; i++) {
            assertEquals(p.streamPipeline(i), p.rayon4jPipeline(i), "pipeline " + i);
        }
        assertEquals(p.streams(2), p.rayon4j(2));
    }

    @Test
    void spinnerProcessEndsWithStop() {
        Burner b = Burner.start(1);
        ProcessHandle spinner = ProcessHandle.of(Long.parseLong(b.note().replaceAll(".* ", ""))).orElseThrow();
        assertTrue(spinner.isAlive());
        b.stop();
        assertFalse(spinner.isAlive());
    }
}
