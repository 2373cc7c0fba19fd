package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code OutOfMemoryError} inside a spawn loses nothing: the spawn fails with it, the jobs
 * queued before it run, the scope or {@code install} around it returns (rethrowing it), the pool
 * still works and closes. Before the rule that a unit taken reaches a queue or is given back
 * ({@link AcceptedJob}), the error struck between taking a job's units and queueing the job
 * (allocating the job, growing the deque): the scope waited for ever, or {@code close()} did.
 * Each kind runs in a child JVM with a 48 MB heap ({@link OutOfMemorySpawnProbe}), bounded in
 * time there and here.
 */
class OutOfMemorySpawnTest {
    @ParameterizedTest
    @ValueSource(strings = {"scope", "scopeFifo", "scopeBroadcast", "spawn", "spawnFifo", "outside"})
    void aSpawnThatRunsOutOfMemoryFailsWithoutLosingItsUnits(String kind) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx48m",
                "-cp", System.getProperty("java.class.path"), OutOfMemorySpawnProbe.class.getName(), kind);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = p.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        boolean finished = p.waitFor(90, TimeUnit.SECONDS);
        if (!finished) {
            p.destroyForcibly();
        }
        assertTrue(finished, "the probe finished");
        String text = out.get(10, TimeUnit.SECONDS);
        assertEquals(0, p.exitValue(), "probe exit status; its output:\n" + text);
        assertTrue(text.contains("ok " + kind + ": java.lang.OutOfMemoryError"), text);
    }
}
