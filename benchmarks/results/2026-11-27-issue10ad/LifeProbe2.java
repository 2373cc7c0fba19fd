import io.github.rayon4j.benchmarks.LifeBench;
import java.lang.reflect.Method;
import java.util.*;

public class LifeProbe2 {
    static volatile Object sink;
    public static void main(String[] a) throws Exception {
        LifeBench b = new LifeBench();
        b.side = 1000;
        b.create();
        b.startForkJoinPool();
        boolean refl = a.length > 1 && a[1].equals("refl");
        String[] names = {"rayon4j", "parallelStream", "forkJoin", "sequential"};
        Method[] ms = new Method[names.length];
        for (int i = 0; i < names.length; i++) ms[i] = LifeBench.class.getMethod(names[i]);
        List<List<Double>> t = new ArrayList<>();
        for (String n : names) t.add(new ArrayList<>());
        int rounds = Integer.parseInt(a[0]);
        for (int r = 0; r < rounds; r++) {
            for (int v = 0; v < names.length; v++) {
                int vv = (v + r) % names.length;
                long t0 = System.nanoTime();
                if (refl) sink = ms[vv].invoke(b);
                else switch (vv) {
                    case 0: sink = b.rayon4j(); break;
                    case 1: sink = b.parallelStream(); break;
                    case 2: sink = b.forkJoin(); break;
                    case 3: sink = b.sequential(); break;
                }
                long t1 = System.nanoTime();
                if (r >= rounds / 4) t.get(vv).add((t1 - t0) / 1e6);
            }
        }
        for (int v = 0; v < names.length; v++) {
            List<Double> l = t.get(v); Collections.sort(l);
            System.out.printf("%-14s median %.2f ms  p10 %.2f  p90 %.2f%n", names[v], l.get(l.size()/2), l.get(l.size()/10), l.get(l.size()*9/10));
        }
        System.exit(0);
    }
}
