package io.github.rayon4j.benchmarks.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsWriterTest {
    /** A tiny result in JMH's {@code -rf json} shape: one kernel, two methods, one param, NaN error. */
    private static final String FAKE_JMH = """
            [
              {"jmhVersion":"1.37","benchmark":"io.github.rayon4j.benchmarks.SumOfSquares.rayon4j",
               "mode":"avgt","threads":1,"forks":1,"jvm":"/usr/bin/java",
               "jvmArgs":["-Drayon4j.numThreads=2"],"jdkVersion":"17.0.15","vmName":"OpenJDK 64-Bit Server VM",
               "vmVersion":"17.0.15+6","params":{"size":"1000"},
               "primaryMetric":{"score":2.0,"scoreError":0.2,"scoreUnit":"ms/op",
                                "rawData":[[1.0,2.0,3.0],[2.0,2.0]]},
               "secondaryMetrics":{}},
              {"jmhVersion":"1.37","benchmark":"io.github.rayon4j.benchmarks.SumOfSquares.parallelStream",
               "mode":"avgt","threads":1,"forks":1,"params":{"size":"1000"},
               "primaryMetric":{"score":3.0,"scoreError":"NaN","scoreUnit":"ms/op",
                                "rawData":[[3.0,3.0,3.0]]},
               "secondaryMetrics":{}},
              {"jmhVersion":"1.37","benchmark":"io.github.rayon4j.benchmarks.SumOfSquares.sequential",
               "mode":"avgt","threads":1,"forks":1,"params":{"size":"1000"},
               "primaryMetric":{"score":4.0,"scoreError":0.4,"scoreUnit":"ms/op",
                                "rawData":[[4.0,4.0]]},
               "secondaryMetrics":{}}
            ]
            """;

    @Test
    void readsMediansFromRawDataOfAllForks() {
        JmhResults results = JmhResults.parse(FAKE_JMH);
        List<Measurement> ms = results.measurements();
        assertEquals(3, ms.size());
        assertEquals("SumOfSquares", ms.get(0).kernel());
        assertEquals("rayon4j", ms.get(0).method());
        assertEquals("size=1000", ms.get(0).params());
        assertEquals(2.0, ms.get(0).median(), 1e-12, "median of 1,2,3,2,2");
        assertTrue(Double.isNaN(ms.get(1).scoreError()), "JMH's \"NaN\" string is read as NaN");
        assertTrue(results.jdk().contains("17.0.15"), results.jdk());
        assertEquals("-Drayon4j.numThreads=2", results.jvmArgs());
    }

    @Test
    void ratiosArePeerTimeOverRayonTimeWithPropagatedError() {
        List<Ratio> ratios = ResultsWriter.ratios(JmhResults.parse(FAKE_JMH).measurements());
        assertEquals(2, ratios.size(), "rayon4j against each of its two peers");
        Ratio streams = ratios.get(0);
        assertEquals("parallelStream", streams.peer().method());
        assertEquals(1.5, streams.value(), 1e-12);
        // rayon4j's relative error 0.1; the stream's is NaN from JMH and its samples have no spread.
        assertEquals(0.15, streams.error(), 1e-12);
        Ratio sequential = ratios.get(1);
        assertEquals(2.0, sequential.value(), 1e-12);
        assertEquals(2.0 * Math.hypot(0.1, 0.1), sequential.error(), 1e-12);
    }

    @Test
    void writesTableAndAValidPngChart(@TempDir Path dir) throws Exception {
        JmhResults results = JmhResults.parse(FAKE_JMH);
        ResultsWriter.Report report = new ResultsWriter.Report(LocalDate.of(2026, 11, 21), results.jdk(),
                results.jvmArgs(), "test machine, 2 CPUs", "java -cp benchmarks.jar ...",
                results.measurements(), List.of("## Sleep module\n\nidle CPU: 1.0%"));
        Path md = ResultsWriter.write(dir, report);

        assertEquals(dir.resolve("2026-11-21.md"), md);
        String text = Files.readString(md);
        assertTrue(text.contains("- JDK: OpenJDK 64-Bit Server VM 17.0.15"), text);
        assertTrue(text.contains("- Machine: test machine, 2 CPUs"), text);
        assertTrue(text.contains("| SumOfSquares [size=1000] | rayon4j | parallelStream | 2.000 | 3.000 | ms/op | 1.50 | 0.15 |"),
                text);
        assertTrue(text.contains("| SumOfSquares [size=1000] | rayon4j | sequential | 2.000 | 4.000 | ms/op | 2.00 | 0.28 |"),
                text);
        assertTrue(text.contains("**Geometric mean of rayon4j / parallelStream over 1 kernels: 1.50×**"), text);
        assertTrue(text.contains("![rayon4j / peer ratios](2026-11-21.png)"), text);
        assertTrue(text.endsWith("## Sleep module\n\nidle CPU: 1.0%\n"), text);

        Path png = dir.resolve("2026-11-21.png");
        BufferedImage image = ImageIO.read(png.toFile());
        assertNotNull(image, "the chart must be an image ImageIO can read: " + png);
        assertTrue(image.getWidth() >= 800 && image.getHeight() == 600,
                "chart size " + image.getWidth() + "x" + image.getHeight());
    }
}
