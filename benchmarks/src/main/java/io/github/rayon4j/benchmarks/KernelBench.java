package io.github.rayon4j.benchmarks;

import io.github.rayon4j.benchmarks.peers.Pollution;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The settings every kernel benchmark shares, so that all peers run under the same conditions: time per
 * operation; one forked JVM in which rayon4j's global pool has {@link #THREADS} workers, the common
 * ForkJoinPool (used by parallel streams) has {@code THREADS - 1} workers plus the calling thread, which
 * works too, and {@link #forkJoin}, the pool for hand-written {@code RecursiveTask}s, has {@code THREADS}.
 * Eclipse Collections' {@code ParallelIterate} keeps its own default executor and batch size. To run on
 * N threads, override both properties with {@code -jvmArgsAppend}.
 *
 * <p>Methods are named after the implementation they time: {@code rayon4j*}, {@code parallelStream},
 * {@code forkJoin}, {@code parallelIterate}, {@code arraysParallelSort}, {@code sequential}; the results
 * writer pairs them by these names.
 *
 * <p>{@code -p polluted=true,false} times every kernel a second time in a JVM that has first run a dozen
 * other pipelines through rayon4j and through parallel streams ({@link Pollution}, the same ones as
 * {@code PeerCases --polluted}; issue 10's P1c), so that the libraries' shared call sites carry the mixed
 * profiles of an application rather than the single profile of a lone benchmark. The hand-written
 * ForkJoinPool, Eclipse Collections and sequential peers are not polluted.
 *
 * <p>The fork's heap is fixed and touched before the benchmark starts ({@code -Xms2g -Xmx2g
 * -XX:+AlwaysPreTouch}): on this project's machine a page touched for the first time costs about
 * 12 µs, so a fork whose heap grew while it measured timed the growth, not the kernel (see
 * {@code harness.Interleaved}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
@Fork(value = 2, jvmArgsAppend = {"-Xss4m", KernelBench.HEAP_MIN, KernelBench.HEAP_MAX, KernelBench.HEAP_PRETOUCH,
        "-Drayon4j.numThreads=2",
        "-Djava.util.concurrent.ForkJoinPool.common.parallelism=1"})
@State(Scope.Benchmark)
public abstract class KernelBench {
    /*
     * The timed heap, fixed and pre-touched, shared with harness.Interleaved's kernel JVMs
     * (HEAP_ARGS); constants, because an annotation takes nothing else. run-peers.sh's
     * BENCH_JVM_FLAGS default repeats them in shell.
     */
    /** The timed JVMs' initial heap: the same as their maximum. */
    public static final String HEAP_MIN = "-Xms2g";
    /** The timed JVMs' maximum heap. */
    public static final String HEAP_MAX = "-Xmx2g";
    /** Touch every page of the heap at start-up, before anything is timed. */
    public static final String HEAP_PRETOUCH = "-XX:+AlwaysPreTouch";

    /** rayon4j's global pool size in the forked JVM. */
    protected static final int THREADS = Integer.getInteger("rayon4j.numThreads", 2);

    /** Run a dozen other pipelines through rayon4j and parallel streams first (P1c). */
    @Param({"false"})
    public boolean polluted;

    /** The pool the hand-written ForkJoinPool peers run in. */
    protected ForkJoinPool forkJoin;

    @Setup(Level.Trial)
    public void pollute() {
        if (polluted) {
            Pollution p = new Pollution();
            // Each on its default pool, as the kernels run: rayon4j's global pool, the common pool.
            long a = p.rayon4j(Pollution.ROUNDS);
            long b = p.streams(Pollution.ROUNDS);
            if (a != b) {
                throw new IllegalStateException("pollution pipelines disagree: " + a + " vs " + b);
            }
        }
    }

    @Setup(Level.Trial)
    public void startForkJoinPool() {
        forkJoin = new ForkJoinPool(THREADS);
    }

    @TearDown(Level.Trial)
    public void stopForkJoinPool() {
        forkJoin.shutdown();
    }
}
