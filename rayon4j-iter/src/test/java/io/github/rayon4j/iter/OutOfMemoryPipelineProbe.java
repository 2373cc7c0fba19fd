package io.github.rayon4j.iter;

import io.github.rayon4j.testkit.HeapFull;
import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Run in a child JVM with a 32 MB heap by {@link OutOfMemoryPipelineTest}: a pipeline (the kind
 * named by {@code -Dkind}) whose function, at one item of a thousand, fills the heap and throws a
 * failure made before, with the heap still full. The caller must get that failure, the same
 * object, on pools of one and two threads, and each pool must terminate. The same pipeline runs
 * once first without failing, so that only the failure's own path is new under the full heap.
 * Prints one line per pool size, {@code ok <kind> <threads>} or what went wrong; exits with
 * status 0 only when every line is ok.
 *
 * <p>Every kind failed on f1df0ec: the caller got an {@code OutOfMemoryError} of the pool's
 * own, made while it loaded the class that rethrows the failure (rayon4j-core's TESTING.md,
 * {@code OutOfMemorySpawnTest}).
 */
public final class OutOfMemoryPipelineProbe {
    /** What the failing item throws, made before the heap is filled. */
    private static final IllegalStateException FAILURE = new IllegalStateException("the item's failure");
    private static final int FAILING_ITEM = 777;

    private OutOfMemoryPipelineProbe() {
    }

    /** Fills the heap (rayon4j-core's test helper {@link HeapFull}) and throws {@link #FAILURE}. */
    private static int fillAndThrow() {
        HeapFull.fill();
        throw FAILURE;
    }

    /** The item's value, or the failure at {@link #FAILING_ITEM} when {@code fail}. */
    private static int item(int i, boolean fail) {
        return fail && i == FAILING_ITEM ? fillAndThrow() : i;
    }

    private static long run(String kind, boolean fail, List<Integer> list) {
        switch (kind) {
            case "sum":
                return IntParIter.range(0, 1000).map(i -> item(i, fail)).sum();
            case "forEach":
                IntParIter.range(0, 1000).forEach(i -> item(i, fail));
                return 0;
            case "reduce":
                return ParIter.of(list).map(i -> item(i, fail)).reduce(0, Integer::sum);
            case "toList":
                return IntParIter.range(0, 1000).boxed().map(i -> item(i, fail)).toList().size();
            case "collect":
                return IntParIter.range(0, 1000).boxed().map(i -> item(i, fail)).collect(Collectors.toList()).size();
            case "findFirst":
                return IntParIter.range(0, 1000).filter(i -> item(i, fail) == 999).findFirst().orElse(-1);
            case "anyMatch":
                return IntParIter.range(0, 1000).anyMatch(i -> item(i, fail) < 0) ? 1 : 0;
            case "sorted":
                return IntParIter.range(0, 1000).boxed().map(i -> 1000 - item(i, fail)).sorted().toList().size();
            default:
                throw new IllegalArgumentException(kind);
        }
    }

    public static void main(String[] args) throws Exception {
        String kind = System.getProperty("kind");
        CompletableFuture.delayedExecutor(25, TimeUnit.SECONDS).execute(() -> {
            System.out.println("timed out " + kind);
            System.exit(3);
        });
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            list.add(i);
        }
        boolean allOk = true;
        for (int threads = 1; threads <= 2; threads++) {
            ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build();
            String verdict;
            try {
                long expected = pool.install(() -> run(kind, false, list));
                Throwable got = null;
                try {
                    pool.install(() -> run(kind, true, list));
                } catch (Throwable t) {
                    got = t;
                }
                HeapFull.letGo();
                verdict = got == FAILURE ? "ok " + kind + " " + threads
                        : "failed " + kind + " " + threads + ": the caller got " + got + ", expected " + FAILURE;
                long again = pool.install(() -> run(kind, false, list));
                if (again != expected) {
                    verdict += "; afterwards " + again + " instead of " + expected;
                }
            } finally {
                pool.shutdown();
            }
            if (!pool.awaitTermination(Duration.ofSeconds(10))) {
                verdict = "the pool of " + threads + " did not terminate after " + kind;
            }
            System.out.println(verdict);
            allOk &= verdict.startsWith("ok ");
        }
        System.exit(allOk ? 0 : 1);
    }
}
