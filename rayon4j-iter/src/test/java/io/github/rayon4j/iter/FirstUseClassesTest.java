package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A program's first use of the library spins no class at run time and loads no executor: no
 * rayon4j lambda, no {@code invokedynamic} string concatenation, no {@code
 * ScheduledThreadPoolExecutor} (README, "Startup"; each cost a fresh JVM 0.3-5 ms). The first test
 * runs {@link FirstUseProbe} in a new JVM with {@code -Xlog:class+load} and reads what it loaded;
 * the second reads the library's class files.
 */
class FirstUseClassesTest {
    @Test
    void theFirstPipelineAndPoolSpinNoClassAndLoadNoExecutor() {
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            String text = FreshJvm.run(List.of("-Xlog:class+load=info"), FirstUseProbe.class);
            List<String> lines = text.lines().toList();
            assertEquals(List.of("199999", "20", "2"), lines.stream().filter(l -> !l.startsWith("[")).toList());
            List<String> spun = lines.stream()
                    .filter(l -> l.contains("io.github.rayon4j.") && l.contains("$$Lambda")
                            && !l.contains("FirstUseProbe"))
                    .toList();
            assertEquals(List.of(), spun, "rayon4j lambdas spun on the first-use path");
            assertTrue(lines.stream().noneMatch(l -> l.contains(" java.util.concurrent.ScheduledThreadPoolExecutor ")),
                    "ScheduledThreadPoolExecutor loaded:\n" + text);
        });
    }

    /**
     * The library's classes concatenate strings with {@code StringBuilder} ({@code
     * -XDstringConcat=inline} in the parent POM), so no {@code StringConcatFactory} call site is
     * linked when a pool starts (the JVM loads that class at start-up anyway, so the probe above
     * cannot tell).
     */
    @Test
    void libraryClassesUseNoInvokedynamicStringConcatenation() throws Exception {
        List<String> offenders = new ArrayList<>();
        int classes = 0;
        for (Class<?> c : List.of(io.github.rayon4j.core.Rayon.class, LongParIter.class)) {
            Path root = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (FileSystem jar = Files.isDirectory(root) ? null : FileSystems.newFileSystem(root);
                 Stream<Path> files = Files.walk(jar == null ? root : jar.getPath("/"))) {
                for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".class"))::iterator) {
                    classes++;
                    String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                    if (bytes.contains("makeConcatWithConstants")) {
                        offenders.add(f.toString());
                    }
                }
            }
        }
        assertTrue(classes > 100, "read the library's classes: " + classes);
        assertEquals(List.of(), offenders);
    }
}
