package io.github.rayon4j.consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.iter.ParIter;
import java.io.ByteArrayOutputStream;
import java.lang.module.ModuleDescriptor;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The application module on the module path: its descriptor requires only
 * {@code io.github.rayon4j.iter}, and that is enough to compile it (javac checked the
 * transitive reads), to run it here, and to launch it with a plain {@code java -m}.
 */
class ModularConsumerTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final List<String> WORDS = List.of("pear", "fig", "apple", "quince");

    @Test
    void theApplicationIsANamedModuleThatRequiresOnlyTheIteratorModule() {
        Module app = WordStats.class.getModule();
        assertTrue(app.isNamed(), "tests run on the module path");
        assertEquals("io.github.rayon4j.consumer", app.getName());
        Set<String> requires = app.getDescriptor().requires().stream()
                .map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
        assertEquals(Set.of("java.base", "io.github.rayon4j.iter"), requires);

        // What the one requires brings along.
        Module core = ThreadPool.class.getModule();
        Module iter = ParIter.class.getModule();
        assertEquals("io.github.rayon4j.core", core.getName());
        assertEquals("io.github.rayon4j.iter", iter.getName());
        assertTrue(app.canRead(iter) && app.canRead(core));
        assertTrue(app.getLayer().findModule("org.eclipse.collections.api").isEmpty(),
                "rayon4j-iter brings no Eclipse Collections module");
        assertTrue(core.canRead(app.getLayer().findModule("java.management").orElseThrow()));
    }

    @Test
    void theApplicationRunsOnTheModulePath() {
        assertTimeoutPreemptively(LIMIT, () -> {
            assertEquals(18, WordStats.letters(WORDS));
            assertEquals("quince", WordStats.longest(WORDS));
            assertEquals(332_833_500L, WordStats.sumOfSquares(1000));
            assertEquals(6765L, WordStats.fib(20));
        });
    }

    @Test
    void javaDashMWithTheModulePathAloneLaunchesIt() {
        assertTimeoutPreemptively(LIMIT, () -> {
            String modulePath = System.getProperty("jdk.module.path");
            assertNotNull(modulePath, "surefire ran this test on the module path");
            assertFalse(modulePath.contains("eclipse-collections"),
                    "rayon4j-iter needs no Eclipse Collections jar: " + modulePath);
            String java = ProcessHandle.current().info().command().orElse("java");
            Process p = new ProcessBuilder(java, "--module-path", modulePath,
                    "-m", "io.github.rayon4j.consumer/io.github.rayon4j.consumer.Main")
                    .redirectErrorStream(true).start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            p.getInputStream().transferTo(out);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), text);
            assertEquals(List.of(
                    "letters 18",
                    "longest quince",
                    "squares 332833500",
                    "fib 6765",
                    "modules io.github.rayon4j.consumer io.github.rayon4j.core io.github.rayon4j.iter",
                    "java.management true"), text.lines().toList());
        });
    }
}
