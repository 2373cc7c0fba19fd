package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.IntSink;
import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

import java.util.Objects;

/**
 * Parallel iterators over the pieces of a text (Rayon's {@code par_lines}, {@code par_split},
 * {@code par_split_whitespace}, {@code par_chars}). The text is split near its middle at a
 * separator, recursively, as the adaptive splitter asks; each piece is a new {@code String}, and
 * the pieces come in text order. The text must not change during an iteration.
 *
 * <pre>{@code
 * long words = ParText.splitWhitespace(book).count();
 * Map<String, Long> freq = ParText.lines(log).filter(l -> l.contains("ERROR"))
 *         .collect(Collectors.groupingBy(l -> l.substring(0, 10), Collectors.counting()));
 * }</pre>
 */
public final class ParText {
    /** Below this many chars a range is not split: a piece of work worth a task. */
    static final int MIN_SPLIT = 1 << 10;

    private ParText() {
    }

    /**
     * The lines of a text, as Rayon's {@code lines}: separated by {@code '\n'}, with one
     * {@code '\r'} before it removed; a final empty line (the text ends with {@code '\n'}) is not
     * an item, so {@code "a\nb\n"} gives {@code ["a", "b"]} and {@code ""} gives none.
     *
     * <pre>{@code long errors = ParText.lines(log).filter(l -> l.startsWith("ERROR")).count();}</pre>
     *
     * @param text the text
     * @return the lines, in order
     */
    public static ParIter<String> lines(CharSequence text) {
        Objects.requireNonNull(text, "text");
        return ParIter.fromUnindexedSupplier(() -> new Pieces(text, 0, text.length(), Kind.LINES, '\n'));
    }

    /**
     * The pieces of a text between occurrences of a separator, as {@code String.split} with a
     * limit of -1 and Rayon's {@code split}: empty pieces are kept, at the ends too, so
     * {@code "a,,b,"} split at {@code ','} gives {@code ["a", "", "b", ""]}.
     *
     * <pre>{@code List<String> fields = ParText.split(csvLine, ',').toList();}</pre>
     *
     * @param text      the text
     * @param separator the separating char
     * @return the pieces, in order
     */
    public static ParIter<String> split(CharSequence text, char separator) {
        Objects.requireNonNull(text, "text");
        return ParIter.fromUnindexedSupplier(() -> new Pieces(text, 0, text.length(), Kind.SPLIT, separator));
    }

    /**
     * The words of a text: the non-empty runs of chars between whitespace
     * ({@link Character#isWhitespace}), as Rayon's {@code split_whitespace}.
     *
     * <pre>{@code long words = ParText.splitWhitespace(book).count();}</pre>
     *
     * @param text the text
     * @return the words, in order
     */
    public static ParIter<String> splitWhitespace(CharSequence text) {
        Objects.requireNonNull(text, "text");
        return ParIter.fromUnindexedSupplier(() -> new Pieces(text, 0, text.length(), Kind.WHITESPACE, ' '));
    }

    /**
     * The UTF-16 chars of a text, by index, as {@link CharSequence#chars()}.
     *
     * <pre>{@code long vowels = ParText.chars(text).filter(c -> "aeiou".indexOf(c) >= 0).count();}</pre>
     *
     * @param text the text
     * @return an indexed iterator of its chars
     */
    public static IndexedIntParIter chars(CharSequence text) {
        Objects.requireNonNull(text, "text");
        return IntParIter.range(0, text.length()).map(text::charAt);
    }

    /**
     * The Unicode code points of a text, as {@link CharSequence#codePoints()} and Rayon's
     * {@code par_chars}: a surrogate pair is one code point, and the text is never split
     * between its two halves.
     *
     * <pre>{@code long emoji = ParText.codePoints(text).filter(cp -> cp >= 0x1F300).count();}</pre>
     *
     * @param text the text
     * @return the code points, in order
     */
    public static IntParIter codePoints(CharSequence text) {
        Objects.requireNonNull(text, "text");
        return new IntParIter(Adapted.bridgedUnindexed(() -> new CodePoints(text, 0, text.length())));
    }

    enum Kind { LINES, SPLIT, WHITESPACE }

    /**
     * The pieces of {@code text[lo, hi)}. A split cuts at a separator near the middle: the left
     * part keeps the pieces before it, this part the ones after it, so no piece is cut and the
     * separator belongs to neither; so every part ends at the text's end or at a separator. Only
     * the part that ends at the text's end drops a final empty line ({@code LINES}).
     */
    static final class Pieces implements UnindexedProducer<ObjSink<String>> {
        private final CharSequence text;
        private final Kind kind;
        private final char separator;
        private int lo;
        private final int hi;

        Pieces(CharSequence text, int lo, int hi, Kind kind, char separator) {
            this.text = text;
            this.lo = lo;
            this.hi = hi;
            this.kind = kind;
            this.separator = separator;
        }

        private boolean isSeparator(char c) {
            return kind == Kind.WHITESPACE ? Character.isWhitespace(c) : c == separator;
        }

        @Override
        public UnindexedProducer<ObjSink<String>> split() {
            if (hi - lo < MIN_SPLIT) {
                return null;
            }
            int mid = (lo + hi) >>> 1;
            int cut = nextSeparator(mid);
            if (cut == hi) {
                cut = -1;
                for (int i = mid - 1; i >= lo; i--) {
                    if (isSeparator(text.charAt(i))) {
                        cut = i;
                        break;
                    }
                }
            }
            if (cut < 0) {
                return null;
            }
            Pieces left = new Pieces(text, lo, cut, kind, separator);
            lo = cut + 1;
            return left;
        }

        /**
         * The position of the first separator in {@code [from, hi)}, or {@code hi} if there is
         * none. A single separator char in a {@code String} is found by {@link String#indexOf(int,
         * int)}, which the JIT compiles to a vector search (the stream's {@code String.lines()}
         * scans the string's bytes as directly): a loop of {@code charAt} calls took three times
         * the stream's time over lines of 20 chars (benchmarks/results/2026-11-28-issue10aq).
         * That search cannot run past {@code hi}: a part ends at the text's end or at a
         * separator (where {@link #split} cut it).
         */
        private int nextSeparator(int from) {
            if (kind != Kind.WHITESPACE && text instanceof String s) {
                int i = s.indexOf(separator, from);
                return i < 0 || i > hi ? hi : i;
            }
            for (int i = from; i < hi; i++) {
                if (isSeparator(text.charAt(i))) {
                    return i;
                }
            }
            return hi;
        }

        @Override
        public void foldWith(ObjSink<String> sink) {
            boolean atEnd = hi == text.length();
            for (int start = lo; !sink.full(); ) {  // checked once per piece, not per char
                int end = nextSeparator(start);
                emit(sink, start, end, end == hi && atEnd);
                if (end == hi) {
                    return;
                }
                start = end + 1;
            }
        }

        private void emit(ObjSink<String> sink, int from, int to, boolean lastOfText) {
            switch (kind) {
                case WHITESPACE -> {
                    if (to > from) {
                        sink.accept(text.subSequence(from, to).toString());
                    }
                }
                case LINES -> {
                    if (lastOfText && to == from) {
                        return;
                    }
                    int end = to > from && text.charAt(to - 1) == '\r' ? to - 1 : to;
                    sink.accept(text.subSequence(from, end).toString());
                }
                default -> sink.accept(text.subSequence(from, to).toString());
            }
        }
    }

    /** The code points of {@code text[lo, hi)}; a split never separates a surrogate pair. */
    static final class CodePoints implements UnindexedProducer<IntSink> {
        private final CharSequence text;
        private int lo;
        private final int hi;

        CodePoints(CharSequence text, int lo, int hi) {
            this.text = text;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public UnindexedProducer<IntSink> split() {
            if (hi - lo < MIN_SPLIT) {
                return null;
            }
            int mid = (lo + hi) >>> 1;
            if (Character.isLowSurrogate(text.charAt(mid)) && Character.isHighSurrogate(text.charAt(mid - 1))) {
                mid++;
            }
            CodePoints left = new CodePoints(text, lo, mid);
            lo = mid;
            return left;
        }

        @Override
        public void foldWith(IntSink sink) {
            for (int i = lo; i < hi && !sink.full(); ) {
                int cp = Character.codePointAt(text, i);
                sink.accept(cp);
                i += Character.charCount(cp);
            }
        }
    }
}
