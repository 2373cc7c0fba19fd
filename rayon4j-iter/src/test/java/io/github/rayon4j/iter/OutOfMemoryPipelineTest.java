package io.github.rayon4j.iter;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pipeline whose function fails with the heap full (it filled the heap itself) delivers that
 * failure, the same object, to its caller, and its pool terminates: what the library does with a
 * failure needs no memory the first time it runs. Each kind runs {@link OutOfMemoryPipelineProbe}
 * in a child JVM with a 32 MB heap, on pools of one and two threads. Every kind failed on f1df0ec
 * (the caller got an {@code OutOfMemoryError} of the library's own instead).
 */
class OutOfMemoryPipelineTest {
    @ParameterizedTest
    @ValueSource(strings = {"sum", "forEach", "reduce", "toList", "collect", "findFirst", "anyMatch", "sorted"})
    void aFunctionThatFailsWithTheHeapFullReachesTheCaller(String kind) throws Exception {
        // The GC overhead limit off, as for rayon4j-core's probes (OutOfMemorySpawnTest.probe):
        // on JDK 25 it could throw for the collections made while the heap was kept full.
        String out = FreshJvm.run(List.of("-Xmx32m", "-XX:-UseGCOverheadLimit", "-Dkind=" + kind),
                OutOfMemoryPipelineProbe.class);
        assertTrue(out.contains("ok " + kind + " 1") && out.contains("ok " + kind + " 2"), out);
    }
}
