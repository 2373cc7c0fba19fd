package io.github.rayon4j.examples;

import io.github.rayon4j.iter.IntParIter;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/**
 * The Mandelbrot set over [-2, 1] × [-1.2, 1.2]: each pixel's escape count, coloured. Rows cost very
 * different amounts (the set's interior runs to the iteration limit), which is what work stealing is
 * for: rows are handed out by a parallel iterator, and idle workers steal the unfinished halves.
 */
public final class Mandelbrot {
    static final int MAX_ITER = 500;

    private Mandelbrot() { }

    /** Escape counts, row-major, {@code width × height(width)}. */
    public static int[] sequential(int width) {
        int height = height(width);
        int[] counts = new int[width * height];
        for (int y = 0; y < height; y++) {
            row(counts, width, height, y);
        }
        return counts;
    }

    public static int[] parallel(int width) {
        int height = height(width);
        int[] counts = new int[width * height];
        // Each row writes only its own slice of `counts`.
        IntParIter.range(0, height).forEach(y -> row(counts, width, height, y));
        return counts;
    }

    /** The same picture with a parallel stream over the rows. */
    public static int[] stream(int width) {
        int height = height(width);
        int[] counts = new int[width * height];
        java.util.stream.IntStream.range(0, height).parallel().forEach(y -> row(counts, width, height, y));
        return counts;
    }

    public static int height(int width) {
        return width * 4 / 5;
    }

    public static void row(int[] counts, int width, int height, int y) {
        double ci = -1.2 + 2.4 * y / height;
        for (int x = 0; x < width; x++) {
            double cr = -2.0 + 3.0 * x / width;
            double zr = 0;
            double zi = 0;
            int k = 0;
            while (k < MAX_ITER && zr * zr + zi * zi <= 4) {
                double t = zr * zr - zi * zi + cr;
                zi = 2 * zr * zi + ci;
                zr = t;
                k++;
            }
            counts[y * width + x] = k;
        }
    }

    /** Writes the counts as a PNG: black inside the set, a blue-to-white ramp outside. */
    public static void writePng(int[] counts, int width, Path file) throws IOException {
        int height = counts.length / width;
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int i = 0; i < counts.length; i++) {
            int k = counts[i];
            int rgb = 0;
            if (k < MAX_ITER) {
                double t = Math.sqrt((double) k / MAX_ITER);
                int c = (int) (255 * t);
                rgb = (c << 16) | (c << 8) | Math.min(255, 64 + 2 * c);
            }
            image.setRGB(i % width, i / width, rgb);
        }
        ImageIO.write(image, "png", file.toFile());
    }
}
