import io.github.rayon4j.iter.LongParIter;
import java.util.stream.LongStream;
public class FirstCalls {
    public static void main(String[] a) {
        boolean r = a[0].equals("rayon4j");
        StringBuilder sb = new StringBuilder(a[0]);
        for (int k = 0; k < Integer.getInteger("n", 5); k++) {
            long t0 = System.nanoTime();
            long s = r ? LongParIter.range(0, 1_000_000).map(x -> x * x % 7).sum()
                       : LongStream.range(0, 1_000_000).parallel().map(x -> x * x % 7).sum();
            long t1 = System.nanoTime();
            if (s != 1999998) throw new AssertionError(s);
            sb.append(String.format(" %.2f", (t1 - t0) / 1e6));
        }
        System.out.println(sb);
    }
}
