package io.github.rayon4j.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.sleep.AtomicCounters;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * {@code RAYON_NUM_THREADS} and {@code rayon4j.numThreads}: as in Rayon, 0 and values that are not
 * a thread count mean the default size; junk is reported with one warning, never an exception.
 */
class DefaultNumThreadsTest {
    private static final int AVAILABLE =
            Math.min(Runtime.getRuntime().availableProcessors(), AtomicCounters.THREADS_MAX);

    @Test
    void validValuesAreTakenAsTheyAre() {
        assertEquals(1, ThreadPoolBuilder.parseThreads("1", "test"));
        assertEquals(7, ThreadPoolBuilder.parseThreads(" 7 ", "test"));
        assertEquals(AtomicCounters.THREADS_MAX,
                ThreadPoolBuilder.parseThreads(String.valueOf(AtomicCounters.THREADS_MAX), "test"));
    }

    @Test
    void zeroMeansTheDefaultWithoutAWarning() {
        List<LogRecord> records = captureWarnings(() ->
                assertEquals(AVAILABLE, ThreadPoolBuilder.parseThreads("0", "test")));
        assertEquals(List.of(), records);
    }

    @Test
    void junkMeansTheDefaultWithOneWarningNamingTheSourceAndValue() {
        for (String junk : new String[] {"many", "", "-2", "1.5", "99999999999", "65536"}) {
            List<LogRecord> records = captureWarnings(() ->
                    assertEquals(AVAILABLE, ThreadPoolBuilder.parseThreads(junk, "environment variable X")));
            assertEquals(1, records.size(), "one warning for '" + junk + "'");
            String message = records.get(0).getMessage();
            assertTrue(message.contains("environment variable X") && message.contains("'" + junk + "'"), message);
            assertFalse(message.contains("\n"), "one line: " + message);
        }
    }

    @Test
    void thePropertyAtJunkMeansTheDefaultToo() {
        String old = System.getProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY);
        try {
            System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, "many");
            List<LogRecord> records = captureWarnings(() ->
                    assertEquals(AVAILABLE, ThreadPoolBuilder.defaultNumThreads()));
            assertEquals(1, records.size());
            assertTrue(records.get(0).getMessage().contains(ThreadPoolBuilder.NUM_THREADS_PROPERTY + "='many'"),
                    records.get(0).getMessage());
        } finally {
            if (old == null) {
                System.clearProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY);
            } else {
                System.setProperty(ThreadPoolBuilder.NUM_THREADS_PROPERTY, old);
            }
        }
    }

    @Test
    void theEnvironmentVariableAtZeroOrJunkGivesAWorkingGlobalPool() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (String value : new String[] {"0", "lots"}) {
                String[] out = runProbe(value);
                String[] sizes = out[0].trim().split(" ");
                assertEquals(2, sizes.length, "stdout: " + out[0] + " stderr: " + out[1]);
                assertEquals(Math.min(Integer.parseInt(sizes[1]), AtomicCounters.THREADS_MAX),
                        Integer.parseInt(sizes[0]), "RAYON_NUM_THREADS=" + value);
                assertEquals(!value.equals("0"), out[1].contains("RAYON_NUM_THREADS='" + value + "'"),
                        "warning for junk only: " + out[1]);
            }
            assertEquals("3", runProbe("3")[0].trim().split(" ")[0]);
        });
    }

    /** Runs {@link NumThreadsProbe} with RAYON_NUM_THREADS set; returns stdout and stderr. */
    private static String[] runProbe(String env) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                NumThreadsProbe.class.getName());
        pb.environment().put(ThreadPoolBuilder.NUM_THREADS_ENV, env);
        Process p = pb.start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        String out = read(p.getInputStream());
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "probe finished");
        assertEquals(0, p.exitValue(), "probe exit status; stderr: " + err.join());
        return new String[] {out, err.join()};
    }

    private static String read(InputStream in) {
        try (in) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            in.transferTo(bytes);
            return bytes.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The WARNING records logged for ThreadPoolBuilder while {@code r} ran. */
    private static List<LogRecord> captureWarnings(Runnable r) {
        Logger logger = Logger.getLogger(ThreadPoolBuilder.class.getName());
        List<LogRecord> records = new ArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (record.getLevel().intValue() >= Level.WARNING.intValue()) {
                    records.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        boolean parent = logger.getUseParentHandlers();
        logger.addHandler(handler);
        logger.setUseParentHandlers(false); // keep the expected warnings out of the build log
        try {
            r.run();
        } finally {
            logger.removeHandler(handler);
            logger.setUseParentHandlers(parent);
        }
        return records;
    }
}
