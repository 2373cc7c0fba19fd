package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a test class's {@code main} in a new JVM on this test's class path, for what one JVM can
 * see only once (its first use of the library, its global pool's size).
 *
 * <pre>{@code
 * String out = FreshJvm.run(List.of("-Drayon4j.numThreads=1"), OneThreadProbe.class);
 * }</pre>
 */
final class FreshJvm {
    private FreshJvm() {
    }

    /**
     * Runs {@code main} of {@code mainClass} in a new JVM with {@code jvmArgs}, waits up to 30 s
     * and asserts that it exited with 0.
     *
     * @param jvmArgs   options for the new JVM
     * @param mainClass the class to run
     * @return what it wrote to its standard output and error, together
     * @throws Exception if it cannot be started or waited for
     */
    static String run(List<String> jvmArgs, Class<?> mainClass) throws Exception {
        return run(jvmArgs, mainClass, 30);
    }

    /**
     * {@link #run(List, Class)}, waiting up to {@code seconds}.
     *
     * @param jvmArgs   options for the new JVM
     * @param mainClass the class to run
     * @param seconds   how long it may take
     * @return what it wrote to its standard output and error, together
     * @throws Exception if it cannot be started or waited for
     */
    static String run(List<String> jvmArgs, Class<?> mainClass, int seconds) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        p.getInputStream().transferTo(out);
        assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), mainClass.getName() + " did not end in " + seconds + " s");
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), text);
        return text;
    }
}
