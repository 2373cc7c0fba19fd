package io.github.rayon4j.benchmarks.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link InstallBreakdown}: every pipeline gets a row of numbers; bad arguments are refused. */
class InstallBreakdownTest {
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void everyPipelineGetsARowOfTimes() {
        String table = InstallBreakdown.run(2, 215);
        List<String> rows = table.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| pipeline") && !l.startsWith("| ---"))
                .collect(Collectors.toList());
        assertEquals(List.of("findFirst", "anyMatch", "increment", "sum2^16"),
                rows.stream().map(r -> r.split(" \\| ")[0].substring(2)).collect(Collectors.toList()), table);
        for (String row : rows) {
            String[] cells = row.substring(2, row.length() - 2).split(" \\| ");
            assertEquals(8, cells.length, row);
            for (int i = 1; i < cells.length; i++) {
                assertTrue(cells[i].matches("[0-9]+\\.[0-9]( \\([0-9]+\\.[0-9]\\))?"), row);
            }
        }
    }

    @Test
    void tooFewCallsOrThreadsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> InstallBreakdown.run(2, 214));
        assertThrows(IllegalArgumentException.class, () -> InstallBreakdown.run(0, 600));
    }
}
