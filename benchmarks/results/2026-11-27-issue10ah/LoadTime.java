/**
 * issue10ah section 2: the time to load (not initialize) the named classes, after Drivable.
 * Usage: {@code java -cp rayon4j-core.jar:rayon4j-iter.jar:. LoadTime class...}.
 */
public class LoadTime {
    public static void main(String[] a) throws Exception {
        ClassLoader cl = LoadTime.class.getClassLoader();
        Class.forName("io.github.rayon4j.iter.plumbing.Drivable", false, cl);
        long t0 = System.nanoTime();
        for (String n : a) Class.forName(n, false, cl);
        long t1 = System.nanoTime();
        System.out.printf("%d classes load %.2f ms%n", a.length, (t1 - t0) / 1e6);
    }
}
