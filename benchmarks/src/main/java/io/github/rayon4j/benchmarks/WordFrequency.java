package io.github.rayon4j.benchmarks;

import io.github.rayon4j.iter.ParText;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RecursiveTask;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Word frequencies of a generated text (a skewed choice among 10,000 made-up words, spaces and line
 * breaks): rayon4j {@code ParText.splitWhitespace(text)} collected with {@code groupingBy(.., counting())}
 * (a map per piece, merged) and with {@code groupingByConcurrent} (one shared map, as streams use it), vs
 * {@code Pattern.splitAsStream(text).parallel()} with {@code groupingByConcurrent}, a RecursiveTask that
 * cuts the text at a whitespace near its middle and merges per-piece HashMaps, and a sequential scan into a
 * HashMap. Fair: the same text and the same {@code Map<String, Long>} (checked equal in PeersAgreeTest);
 * every version makes one String per word; the stream splits with a regex, as a stream user has to,
 * and its source can only be split by buffering batches of an iterator, which is part of what is compared.
 */
public class WordFrequency extends KernelBench {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final int VOCABULARY = 10_000;

    @Param({"1000000"})
    public int words;

    private String text;

    @Setup
    public void create() {
        text = text(words);
    }

    /** {@code n} words, each a skewed pick from the vocabulary, 1 in 12 followed by a line break. */
    static String text(int n) {
        String[] vocabulary = new String[VOCABULARY];
        for (int i = 0; i < VOCABULARY; i++) {
            StringBuilder w = new StringBuilder();
            int x = i;
            do {
                w.append((char) ('a' + x % 26));
                x /= 26;
            } while (x > 0);
            vocabulary[i] = w.append("e").toString();
        }
        StringBuilder sb = new StringBuilder(n * 6);
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            double u = (x >>> 11) / (double) (1L << 53);
            sb.append(vocabulary[(int) (VOCABULARY * u * u * u)]);
            sb.append((x & 0xF) < 12 ? ' ' : '\n');
        }
        return sb.toString();
    }

    @Benchmark
    public Map<String, Long> rayon4j() {
        return ParText.splitWhitespace(text).collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }

    @Benchmark
    public Map<String, Long> rayon4jConcurrent() {
        return ParText.splitWhitespace(text)
                .collect(Collectors.groupingByConcurrent(Function.identity(), Collectors.counting()));
    }

    @Benchmark
    public Map<String, Long> parallelStream() {
        return WHITESPACE.splitAsStream(text).parallel()
                .collect(Collectors.groupingByConcurrent(Function.identity(), Collectors.counting()));
    }

    @Benchmark
    public Map<String, Long> forkJoin() {
        return forkJoin.invoke(new Count(text, 0, text.length()));
    }

    @Benchmark
    public Map<String, Long> sequential() {
        return count(text, 0, text.length());
    }

    /** The words of {@code text[lo, hi)} counted into a new HashMap; lo and hi are not inside a word. */
    static HashMap<String, Long> count(String text, int lo, int hi) {
        HashMap<String, Long> counts = new HashMap<>();
        int i = lo;
        while (i < hi) {
            while (i < hi && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < hi && !Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                counts.merge(text.substring(start, i), 1L, Long::sum);
            }
        }
        return counts;
    }

    static final class Count extends RecursiveTask<HashMap<String, Long>> {
        private static final long serialVersionUID = 1L;
        private static final int LEAF = 1 << 16;
        private final String text;
        private final int lo;
        private final int hi;

        Count(String text, int lo, int hi) {
            this.text = text;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected HashMap<String, Long> compute() {
            int mid = (lo + hi) >>> 1;
            while (mid < hi && !Character.isWhitespace(text.charAt(mid))) {
                mid++;
            }
            if (hi - lo <= LEAF || mid == hi) {
                return count(text, lo, hi);
            }
            Count right = new Count(text, mid, hi);
            right.fork();
            HashMap<String, Long> a = new Count(text, lo, mid).compute();
            HashMap<String, Long> b = right.join();
            if (a.size() < b.size()) {
                HashMap<String, Long> t = a;
                a = b;
                b = t;
            }
            for (Map.Entry<String, Long> e : b.entrySet()) {
                a.merge(e.getKey(), e.getValue(), Long::sum);
            }
            return a;
        }
    }
}
