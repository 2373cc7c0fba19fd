package io.github.rayon4j.examples;

import io.github.rayon4j.core.ThreadPool;
import io.github.rayon4j.core.ThreadPoolBuilder;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar rayon4j-examples.jar [--threads N] [--size S] [--runs R] <command>}: runs one
 * example (or the whole {@code tour}) and prints rayon4j's time beside the sequential time.
 */
public final class Main {
    /** One example: what it does, its default and tour sizes, and how to run it at a size. */
    record Demo(String summary, int size, int tourSize, Runner runner) { }

    @FunctionalInterface
    interface Runner {
        void run(Timing timing, int size);
    }

    static final Map<String, Demo> DEMOS = new LinkedHashMap<>();

    static {
        DEMOS.put("nbody", new Demo("n-body simulation, 10 steps (size = bodies)", 4_000, 1_000, Demos::nbody));
        DEMOS.put("mandelbrot", new Demo("Mandelbrot set, writes mandelbrot.png (size = width)", 2_000, 600,
                Demos::mandelbrot));
        DEMOS.put("life", new Demo("Conway's game of life, 50 generations (size = side)", 1_000, 300, Demos::life));
        DEMOS.put("sort", new Demo("sorting random ints (size = count)", 10_000_000, 1_000_000, Demos::sort));
        DEMOS.put("wordfreq", new Demo("word frequencies of generated text (size = lines)", 400_000, 50_000,
                Demos::wordfreq));
        DEMOS.put("matmul", new Demo("dense matrix multiply by recursive join (size = n)", 1_024, 256,
                Demos::matmul));
        DEMOS.put("sieve", new Demo("segmented sieve of Eratosthenes (size = limit)", 200_000_000, 10_000_000,
                Demos::sieve));
        DEMOS.put("tsp", new Demo("branch-and-bound travelling salesman (size = cities)", 13, 10, Demos::tsp));
    }

    private Main() { }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line; returns the exit status (tests call this directly). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        int threads = Runtime.getRuntime().availableProcessors();
        int size = -1;
        int runs = 3;
        List<String> commands = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--help", "-h" -> {
                        help(out);
                        return 0;
                    }
                    case "--threads" -> threads = positive(args, ++i);
                    case "--size" -> size = positive(args, ++i);
                    case "--runs" -> runs = positive(args, ++i);
                    default -> commands.add(args[i]);
                }
            }
            if (commands.size() != 1 || !(DEMOS.containsKey(commands.get(0)) || commands.get(0).equals("tour"))) {
                throw new IllegalArgumentException(commands.isEmpty() ? "no command given"
                        : "expected one command, got " + commands);
            }
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            help(err);
            return 2;
        }
        // A pool of exactly the requested size; every parallel run is installed into it.
        try (ThreadPool pool = new ThreadPoolBuilder().numThreads(threads).build()) {
            Timing timing = new Timing(pool, threads, runs, out);
            String command = commands.get(0);
            if (command.equals("tour")) {
                out.println("rayon4j tour: a short run of every example on " + threads + " threads");
                for (Demo demo : DEMOS.values()) {
                    demo.runner().run(timing, size > 0 ? size : demo.tourSize());
                }
            } else {
                Demo demo = DEMOS.get(command);
                demo.runner().run(timing, size > 0 ? size : demo.size());
            }
        }
        return 0;
    }

    private static int positive(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number");
        }
        try {
            int v = Integer.parseInt(args[i]);
            if (v <= 0) {
                throw new IllegalArgumentException(args[i - 1] + " must be positive, got " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[i - 1] + " needs a number, got " + args[i]);
        }
    }

    private static void help(PrintStream out) {
        out.println("usage: java -jar rayon4j-examples.jar [--threads N] [--size S] [--runs R] <command>");
        out.println();
        out.println("Each command times the rayon4j version beside the sequential one (median of R runs,");
        out.println("default 3, after one warm-up) and checks that both give the same answer.");
        out.println();
        out.println("commands:");
        for (Map.Entry<String, Demo> e : DEMOS.entrySet()) {
            out.printf("  %-11s %s; default %,d%n", e.getKey(), e.getValue().summary(), e.getValue().size());
        }
        out.println("  tour        a short run of every example");
        out.println();
        out.println("options:");
        out.println("  --threads N  rayon4j pool size (default: available processors)");
        out.println("  --size S     problem size (meaning per command, see above)");
        out.println("  --runs R     timed runs per version (default 3)");
        out.println("  --help       this text");
    }
}
