package io.github.rayon4j.benchmarks.harness;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** Medians, percentiles and spread of repeated measurements, and how the harnesses print them. */
final class Stats {
    private final double[] sorted;

    Stats(double[] values) {
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    /** The machine's load averages (1, 5, 15 min) as the harnesses record them beside a run. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format(Locale.ROOT, "%.2f (1 min)",
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    double median() {
        return percentile(50);
    }

    /** Nearest-rank percentile. */
    double percentile(double p) {
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    double min() {
        return sorted[0];
    }

    double max() {
        return sorted[sorted.length - 1];
    }

    /** "median (min-max)" with the given format for each number. */
    String describe(String format) {
        return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", median(), min(), max());
    }
}
