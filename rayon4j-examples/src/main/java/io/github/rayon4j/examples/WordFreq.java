package io.github.rayon4j.examples;

import io.github.rayon4j.iter.ParIter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Word frequencies of a large generated text. The parallel version is Rayon's fold-then-reduce idiom:
 * each worker {@code fold}s the lines it gets into its own {@code HashMap} (no sharing, no locks), and
 * the per-worker maps are merged pairwise by {@code reduce}.
 */
public final class WordFreq {
    private static final String[] WORDS = ("the of and to in is was that for it with as his on be at by had "
            + "not are but from or have an they which one you were her all she there would their we him been "
            + "has when who will more no if out so said what up its about into than them can only other new "
            + "some could time these two may then do first any my now such like our over man me even most "
            + "made after also did many before must through back years where much your way well down should "
            + "because each just those people steal join worker thread pool sleep wake latch deque rayon").split(" ");

    private WordFreq() { }

    /**
     * {@code lines} lines of 12 words each, drawn with a skewed (roughly Zipfian) distribution so that
     * a few words are very common, as in real text.
     */
    public static List<String> generate(int lines, long seed) {
        Random r = new Random(seed);
        List<String> text = new ArrayList<>(lines);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            sb.setLength(0);
            for (int w = 0; w < 12; w++) {
                double u = r.nextDouble();
                int idx = (int) (WORDS.length * u * u * u);
                sb.append(w == 0 ? "" : " ").append(WORDS[idx]);
            }
            text.add(sb.toString());
        }
        return text;
    }

    public static Map<String, Integer> sequential(List<String> lines) {
        HashMap<String, Integer> counts = new HashMap<>();
        for (String line : lines) {
            addLine(counts, line);
        }
        return counts;
    }

    public static Map<String, Integer> parallel(List<String> lines) {
        return ParIter.of(lines)
                .fold(HashMap<String, Integer>::new, WordFreq::addLine) // one map per split, filled locally
                .reduce(WordFreq::merge)                                // maps merged pairwise
                .orElseGet(HashMap::new);
    }

    /** The same counts with a parallel stream: a concurrent map, merged word by word. */
    public static Map<String, Integer> stream(List<String> lines) {
        return lines.parallelStream()
                .flatMap(line -> java.util.Arrays.stream(line.split(" ")))
                .filter(w -> !w.isEmpty())
                .collect(java.util.stream.Collectors.toConcurrentMap(w -> w, w -> 1, Integer::sum));
    }

    private static HashMap<String, Integer> addLine(HashMap<String, Integer> counts, String line) {
        int start = 0;
        int len = line.length();
        while (start < len) {
            int end = line.indexOf(' ', start);
            if (end < 0) {
                end = len;
            }
            if (end > start) {
                counts.merge(line.substring(start, end), 1, Integer::sum);
            }
            start = end + 1;
        }
        return counts;
    }

    private static HashMap<String, Integer> merge(HashMap<String, Integer> a, HashMap<String, Integer> b) {
        HashMap<String, Integer> big = a.size() >= b.size() ? a : b;
        HashMap<String, Integer> small = big == a ? b : a;
        small.forEach((k, v) -> big.merge(k, v, Integer::sum));
        return big;
    }
}
