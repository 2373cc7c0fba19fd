import io.github.rayon4j.iter.*;
import java.util.*;
import java.util.function.*;
import java.util.stream.*;
public class Lists {
    static long best(Supplier<Object> s, int reps) { long b = Long.MAX_VALUE; for (int i = 0; i < reps; i++) { long t0 = System.nanoTime(); Object o = s.get(); long t = System.nanoTime() - t0; b = Math.min(b, t); } return b; }
    public static void main(String[] args) {
        int n = Integer.parseInt(args[1]);
        Integer[] arr = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        List<Integer> list = switch (args[0]) { case "listN" -> List.of(arr); case "asList" -> Arrays.asList(arr); case "cow" -> new java.util.concurrent.CopyOnWriteArrayList<>(arr); case "unmod" -> Collections.unmodifiableList(new ArrayList<>(Arrays.asList(arr))); default -> new ArrayList<>(Arrays.asList(arr)); };
        Supplier<Object> r = () -> ParIter.of(list).max(Comparator.naturalOrder()).get();
        Supplier<Object> s = () -> list.parallelStream().max(Comparator.naturalOrder()).get();
        Supplier<Object> seq = () -> list.stream().max(Comparator.naturalOrder()).get();
        for (int w = 0; w < 5; w++) { best(r, 10); best(s, 10); best(seq, 3); }
        System.out.printf("%-10s n=%d  rayon4j %.3f  stream %.3f  seqstream %.3f ms%n", args[0], n, best(r, 20) / 1e6, best(s, 20) / 1e6, best(seq, 10) / 1e6);
    }
}
