package io.github.rayon4j.benchmarks.peers;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Target P8 (oversubscription): {@code --burn N} keeps N more threads busy in a separate process, a
 * {@link Spinner} started with {@code java} from this JVM's class path, so the measured pool competes for
 * the cores with another program as on a loaded machine. The spinner is stopped, and waited for, when the
 * run ends (a shutdown hook), so its CPU time is counted as the run's own by {@code quietrun.py}
 * (getrusage of children) and not as another process's.
 */
final class Burner {
    private final Process process;
    private final int threads;

    private Burner(Process process, int threads) {
        this.process = process;
        this.threads = threads;
    }

    /** Starts {@code threads} spinning threads in a new process and waits until they spin. */
    static Burner start(int threads) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-Xmx32m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), Spinner.class.getName(), Integer.toString(threads));
        try {
            Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            Burner b = new Burner(p, threads);
            Runtime.getRuntime().addShutdownHook(new Thread(b::stop, "burner-stop"));
            BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
            String line = r.readLine();
            if (!"ready".equals(line)) {
                b.stop();
                throw new IllegalStateException("spinner process did not start: " + line);
            }
            Thread.sleep(100); // let the spinners settle on the cores
            return b;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Ends the spinner process and reaps it. */
    void stop() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // destroyed below anyway
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The '#' line of a run with spinners. */
    String note() {
        return "# burn: " + threads + " busy-spinning threads in process " + process.pid();
    }
}
