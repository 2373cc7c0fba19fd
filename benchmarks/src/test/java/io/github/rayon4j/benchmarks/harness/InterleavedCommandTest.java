package io.github.rayon4j.benchmarks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line of a kernel's JVM: a fixed, pre-touched heap first, the caller's JVM arguments after it. */
class InterleavedCommandTest {
    @Test
    void theKernelJvmGetsThePreTouchedHeapAndTheCallersArgumentsAfterIt() {
        Interleaved.Options o = Interleaved.Options.parse(new String[] {
            "--seconds", "2", "--jvm-arg", "-Xmx4g", "--jvm-arg", "-Xms4g", "SumOfSquares"});
        List<String> cmd = Interleaved.childCommand(o, "SumOfSquares");
        assertTrue(cmd.get(0).endsWith("java"), cmd.toString());
        assertEquals(List.of("-Xms2g", "-Xmx2g", "-XX:+AlwaysPreTouch", "-Xmx4g", "-Xms4g"), cmd.subList(1, 6));
        assertEquals("-cp", cmd.get(6));
        assertEquals(Interleaved.class.getName(), cmd.get(8));
        assertTrue(cmd.contains("--child"), cmd.toString());
        assertEquals("SumOfSquares", cmd.get(cmd.size() - 1));
    }

    @Test
    void withoutJvmArgumentsTheKernelJvmStillGetsThePreTouchedHeap() {
        Interleaved.Options o = Interleaved.Options.parse(new String[] {"MatMulBench"});
        List<String> cmd = Interleaved.childCommand(o, "MatMulBench");
        assertEquals(Interleaved.HEAP_ARGS, cmd.subList(1, 4));
        assertEquals("-cp", cmd.get(4));
    }
}
