package io.github.rayon4j.benchmarks.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The heap the peer programs record in their '#' line: read from a child JVM started with the flags
 * {@code run-peers.sh} passes (at a small size), and with none.
 */
class HeapNoteTest {
    @Test
    void aFixedPreTouchedHeapIsRecordedAsSuch() throws Exception {
        assertEquals(", heap=64m fixed pre-touched", probe("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch"));
    }

    @Test
    void aHeapThatMayGrowIsRecordedAsSuch() throws Exception {
        assertEquals(", heap=64m growing not pre-touched", probe("-Xms16m", "-Xmx64m"));
    }

    @Test
    void pretouchWithoutAFixedSizeIsRecordedAsGrowing() throws Exception {
        String note = probe("-Xms16m", "-Xmx64m", "-XX:+AlwaysPreTouch");
        assertTrue(note.endsWith("growing pre-touched"), note);
    }

    @Test
    void aLaterFlagThatTurnsPretouchOffWins() throws Exception {
        assertEquals(", heap=64m fixed not pre-touched",
                probe("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch", "-XX:-AlwaysPreTouch"));
    }

    private static String probe(String... jvmFlags) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(jvmFlags));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), HeapNoteProbe.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe JVM did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, p.exitValue(), out);
            return out;
        } finally {
            p.destroyForcibly();
        }
    }
}
