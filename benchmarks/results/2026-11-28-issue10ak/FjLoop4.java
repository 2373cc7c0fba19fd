import java.util.concurrent.*;
public class FjLoop4 {
    static long mix(int k) { return k * 0x9E3779B97F4A7C15L; }
    static final class Leaf extends RecursiveAction { final long[] out; final int k; Leaf(long[] o,int k){out=o;this.k=k;} protected void compute(){ out[k]=mix(k);} }
    static final class Spawner extends RecursiveAction { final long[] out; Spawner(long[] o){out=o;}
        protected void compute(){ ForkJoinTask<?>[] l=new ForkJoinTask<?>[out.length]; for(int i=0;i<out.length;i++) l[i]=new Leaf(out,i).fork(); for(int i=out.length-1;i>=0;i--) l[i].join(); } }
    public static void main(String[] a) {
        int n = Integer.parseInt(a[1]); long[] out = new long[n]; long secs = Long.parseLong(a[0]);
        ForkJoinPool pool = new ForkJoinPool(Integer.getInteger("t", 2));
        long s0 = pool.getStealCount(); long end = System.nanoTime() + secs * 1_000_000_000L; long ops = 0; long t0 = System.nanoTime();
        while (System.nanoTime() < end) { pool.invoke(new Spawner(out)); ops++; }
        System.out.printf("n=%d %.4f ms/op %.1f ns/job; stolen per op %.0f%n", n, (System.nanoTime()-t0)/1e6/ops, (System.nanoTime() - t0) / (double) ops / n, (pool.getStealCount()-s0)/(double)ops);
    }
}
