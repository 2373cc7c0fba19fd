package io.github.rayon4j.benchmarks.peers;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Runs the Java baseline itself ({@code Baseline.java} of the peers folder, not a copy) after the extra
 * steps {@link PeerCases} takes, so that its parallel streams can be measured in the same conditions:
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.github.rayon4j.benchmarks.peers.PollutedBaseline
 *     [--polluted] [--burn N] [--smoke] [--baseline PATH/Baseline.java] [Baseline's arguments...]
 * </pre>
 *
 * The source file is compiled in this JVM (as {@code java Baseline.java} does, the way the peers' own
 * run-all.sh runs it) and its {@code main} called with the remaining arguments, for example
 * {@code --pool 2 fib}. {@code --polluted} first runs the parallel-stream half of {@link Pollution}
 * (P1c): in a {@code ForkJoinPool} of Baseline's {@code --pool} size, shut down afterwards, or from main
 * on the common pool without {@code --pool}, as Baseline would. {@code --burn N} keeps N threads
 * spinning in another process (P8, {@link Burner}). {@code --smoke} sets {@code -Dreps=1 -Dwarmup=0}
 * (Baseline's sizes are fixed) and a short pollution. {@code --baseline} defaults to
 * {@code $PEERS_DIR/java-baseline/Baseline.java}, {@code PEERS_DIR} to {@code ../shared/peers}.
 */
public final class PollutedBaseline {
    private PollutedBaseline() { }

    public static void main(String[] args) throws Throwable {
        boolean polluted = false;
        boolean smoke = false;
        int burn = 0;
        String peers = System.getenv().getOrDefault("PEERS_DIR", "../shared/peers");
        Path source = Path.of(peers, "java-baseline", "Baseline.java");
        List<String> rest = new ArrayList<>();
        int pool = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--polluted" -> polluted = true;
                case "--burn" -> burn = Integer.parseInt(args[++i]);
                case "--smoke" -> smoke = true;
                case "--baseline" -> source = Path.of(args[++i]);
                default -> {
                    if (args[i].equals("--pool") && i + 1 < args.length) {
                        pool = Integer.parseInt(args[i + 1]);
                    }
                    rest.add(args[i]);
                }
            }
        }
        if (smoke) {
            System.setProperty("reps", "1");
            System.setProperty("warmup", "0");
        }
        Method baselineMain = compile(source);
        System.out.println("# PollutedBaseline: " + source + (polluted ? ", polluted" : "")
                + (burn > 0 ? ", burn=" + burn : "") + (smoke ? ", SMOKE (1 run, not a measurement)" : ""));
        if (polluted) {
            Pollution p = new Pollution();
            int rounds = smoke ? 5 : Pollution.ROUNDS;
            ForkJoinPool fj = pool > 0 ? new ForkJoinPool(pool) : null;
            long t0 = System.nanoTime();
            long sum = StreamCases.par(fj, () -> p.streams(rounds));
            System.out.println(Pollution.note("parallel-stream", rounds, System.nanoTime() - t0, sum));
            if (fj != null) {
                fj.shutdown();
                fj.awaitTermination(10, TimeUnit.SECONDS);
            }
        }
        Burner burner = burn > 0 ? Burner.start(burn) : null;
        if (burner != null) {
            System.out.println(burner.note());
        }
        try {
            baselineMain.invoke(null, (Object) rest.toArray(new String[0]));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            if (burner != null) {
                burner.stop();
            }
        }
    }

    /** Compiles Baseline.java into a temporary folder (removed at exit) and returns its main method. */
    static Method compile(Path source) throws IOException, ReflectiveOperationException {
        if (!Files.isRegularFile(source)) {
            throw new IllegalArgumentException("no Baseline.java at " + source.toAbsolutePath()
                    + " (set PEERS_DIR or pass --baseline PATH)");
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler: run this with a JDK");
        }
        Path dir = Files.createTempDirectory("peers-baseline");
        dir.toFile().deleteOnExit();
        int rc = javac.run(null, null, System.err, "-nowarn", "-proc:none", "-d", dir.toString(), source.toString());
        if (rc != 0) {
            throw new IllegalStateException("javac " + source + " failed: " + rc);
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.map(Path::toFile).forEach(File::deleteOnExit);
        }
        // Baseline.class is not in the jar: this loader, a child of the application's, defines it.
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                PollutedBaseline.class.getClassLoader());
        return Class.forName("Baseline", true, loader).getMethod("main", String[].class);
    }
}
