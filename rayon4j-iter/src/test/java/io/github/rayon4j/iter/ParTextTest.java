package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * The text iterators against sequential models of Rayon's {@code lines}, {@code split} and
 * {@code split_whitespace} and the JDK's {@code chars}/{@code codePoints}, on random texts long
 * enough to be split many times (separators rare or dense, surrogate pairs included) and pools
 * of 1 to 4 threads.
 */
class ParTextTest {
    private static final char[] ALPHABET = {'a', 'b', 'c', ',', '\n', '\r', ' ', '\t'};

    private static String randomText(Random rnd) {
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(10) : rnd.nextInt(20_000);
        int separators = 1 + rnd.nextInt(200);  // 1 in 200 chars at most, or dense
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int r = rnd.nextInt(separators);
            if (r == 0) {
                sb.append(ALPHABET[3 + rnd.nextInt(ALPHABET.length - 3)]);
            } else if (rnd.nextInt(50) == 0) {
                sb.appendCodePoint(0x1F300 + rnd.nextInt(100));  // a surrogate pair
            } else {
                sb.append(ALPHABET[rnd.nextInt(3)]);
            }
        }
        return sb.toString();
    }

    /** Rayon's lines: split at '\n', drop one '\r' before it, no item for a final empty line. */
    private static List<String> linesModel(String s) {
        List<String> out = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        if (out.get(out.size() - 1).isEmpty()) {
            out.remove(out.size() - 1);
        }
        out.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        return out;
    }

    @Test
    void piecesMatchTheSequentialModels() {
        qt().withExamples(60).forAll(longs().all(), integers().between(1, 4))
                .checkAssert((seed, threads) -> Pools.in(threads, () -> {
                    String text = randomText(new Random(seed));
                    String why = text.length() + " chars, " + threads + " threads, seed " + seed;
                    assertEquals(linesModel(text), ParText.lines(text).toList(), why);
                    assertEquals(Arrays.asList(text.split(Pattern.quote(","), -1)), ParText.split(text, ',').toList(), why);
                    assertEquals(Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty()).toList(),
                            ParText.splitWhitespace(new StringBuilder(text)).toList(), why + " (a StringBuilder)");
                    // A String is searched with indexOf, other texts char by char: both kinds, and
                    // a String of one byte per char (most texts here hold surrogate pairs).
                    assertEquals(linesModel(text), ParText.lines(new StringBuilder(text)).toList(), why + " (a StringBuilder)");
                    assertEquals(Arrays.asList(text.split(Pattern.quote(","), -1)),
                            ParText.split(new StringBuilder(text), ',').toList(), why + " (a StringBuilder)");
                    assertEquals(Arrays.stream(text.split("\\s+")).filter(w -> !w.isEmpty()).toList(),
                            ParText.splitWhitespace(text).toList(), why);
                    String latin1 = text.replaceAll("[^\\x00-\\xff]", "x");
                    assertEquals(linesModel(latin1), ParText.lines(latin1).toList(), why + " (Latin-1)");
                    assertEquals(Arrays.asList(latin1.split(Pattern.quote(","), -1)), ParText.split(latin1, ',').toList(),
                            why + " (Latin-1)");
                    List<String> lines = linesModel(latin1);
                    assertEquals(lines.stream().filter(l -> l.startsWith("a")).findFirst(),
                            ParText.lines(latin1).filter(l -> l.startsWith("a")).findFirst(), why + " (early exit)");
                    assertEquals(lines.subList(0, Math.min(3, lines.size())), ParText.lines(latin1).limit(3).toList(),
                            why + " (early exit)");
                    assertArrayEquals(text.codePoints().toArray(), ParText.codePoints(text).toArray(), why);
                    assertArrayEquals(text.chars().toArray(), ParText.chars(text).toArray(), why);
                    return null;
                }));
    }

    @Test
    void edgeCasesAsRayonHasThem() {
        assertEquals(List.of(), ParText.lines("").toList());
        assertEquals(List.of(""), ParText.lines("\n").toList());
        assertEquals(List.of("a", "b"), ParText.lines("a\r\nb\n").toList());
        assertEquals(List.of(""), ParText.split("", ',').toList());
        assertEquals(List.of("a", "", "b", ""), ParText.split("a,,b,", ',').toList());
        assertEquals(List.of(), ParText.splitWhitespace(" \t\n ").toList());
    }
}
