package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;

/**
 * The scheduler's Flight Recorder events, recorded in-process and read back with
 * {@code jdk.jfr.consumer}, and the deadlock report a handler receives.
 */
class ObservabilityTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /**
     * Runs {@link JfrProbe} with {@code scenario} in a child JVM and reads back its recording: Flight
     * Recorder, once started, stays on in a JVM, and this JVM also runs the model checker.
     */
    private static List<RecordedEvent> record(String scenario) throws Exception {
        Path file = Files.createTempFile("rayon4j-events", ".jfr");
        try {
            String java = ProcessHandle.current().info().command().orElse("java");
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    JfrProbe.class.getName(), scenario, file.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(50, TimeUnit.SECONDS), out);
            assertEquals(0, p.exitValue(), out);
            return RecordingFile.readAllEvents(file);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream().filter(e -> e.getEventType().getName().equals(name)).collect(Collectors.toList());
    }

    @Test
    void sleepWakeSpareAndInstallEventsCarryTheirFields() {
        assertTimeoutPreemptively(LIMIT, () -> {
            List<RecordedEvent> events = record("pool");
            String name = named(events, "io.github.rayon4j.InstallWait").get(0).getString("pool");
            assertTrue(name.startsWith("rayon4j-pool-"), name);
            List<RecordedEvent> sleeps = named(events, "io.github.rayon4j.WorkerSleep");
            assertFalse(sleeps.isEmpty(), "no WorkerSleep event");
            Set<String> causes = sleeps.stream().map(e -> e.getString("cause")).collect(Collectors.toSet());
            assertTrue(causes.contains("new job"), causes.toString());
            assertTrue(causes.contains("termination"), causes.toString());
            for (RecordedEvent e : sleeps) {
                assertEquals(name, e.getString("pool"));
                assertTrue(e.getInt("worker") >= 0 && e.getInt("worker") < 3, e.toString());
                assertFalse(e.getDuration().isNegative(), e.toString());
            }
            List<RecordedEvent> spares = named(events, "io.github.rayon4j.SpareActivation");
            assertEquals(1, spares.size(), spares.toString());
            assertEquals(name, spares.get(0).getString("pool"));
            assertEquals(2, spares.get(0).getInt("spare"));
            assertFalse(spares.get(0).getBoolean("reused"));
            List<RecordedEvent> installs = named(events, "io.github.rayon4j.InstallWait");
            assertEquals(1, installs.size(), installs.toString());
            assertEquals(name, installs.get(0).getString("pool"));
            assertEquals("main", installs.get(0).getThread().getJavaName());
        });
    }

    @Test
    void aDeadlockIsReportedWithTheBlockedThreadsAndRecorded() {
        assertTimeoutPreemptively(LIMIT, () -> {
            AtomicReference<DeadlockReport> seen = new AtomicReference<>();
            ThreadPool pool = JfrProbe.deadlock(seen::set);
            DeadlockReport report = seen.get();
            assertEquals(pool.registry().name(), report.pool());
            assertEquals(1, report.blockedCount());
            assertEquals(1, report.threads().size(), report.toString());
            DeadlockReport.BlockedThread t = report.threads().get(0);
            assertEquals("deadlocked-0", t.name());
            assertEquals(0, t.index());
            assertTrue(report.toString().contains("markBlocked"), report.toString());
            List<RecordedEvent> deadlocks = named(record("deadlock"), "io.github.rayon4j.Deadlock");
            assertEquals(1, deadlocks.size(), deadlocks.toString());
            assertEquals(1, deadlocks.get(0).getInt("blocked"));
            assertEquals("deadlocked-0", deadlocks.get(0).getString("threads"));
        });
    }
}
