package io.github.rayon4j.benchmarks;

import io.github.rayon4j.examples.Tsp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Branch-and-bound travelling salesman on generated cities (rayon4j-examples): the search with the top
 * levels spawned into a rayon4j {@code scope} vs the same search as ForkJoinPool RecursiveActions (one
 * task per child above the same spawn depth, then the example's own sequential {@code Tsp.search}) and
 * the search sequentially. Fair: all prune with the same bound, shared through
 * an {@code AtomicInteger}, and find the same optimum (the parallel ones may prune more or less, depending
 * on which tours they find first).
 */
public class TspBench extends KernelBench {
    @Param({"13"})
    public int cities;

    private int[][] dist;

    @Setup
    public void create() {
        dist = Tsp.randomCities(cities, 11);
    }

    @Benchmark
    public int rayon4j() {
        return Tsp.parallel(dist);
    }

    @Benchmark
    public int forkJoin() {
        AtomicInteger best = new AtomicInteger(Integer.MAX_VALUE);
        forkJoin.invoke(new Node(Tsp.of(dist), 0, 1, 1, 0, true, best));
        return best.get();
    }

    @Benchmark
    public int sequential() {
        return Tsp.sequential(dist);
    }

    /** A partial tour: forks one child per unvisited city if {@code spawn}, else searches below it. */
    static final class Node extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final transient Tsp tsp;
        private final int city;
        private final int visited;
        private final int depth;
        private final int cost;
        private final boolean spawn;
        private final AtomicInteger best;

        Node(Tsp tsp, int city, int visited, int depth, int cost, boolean spawn, AtomicInteger best) {
            this.tsp = tsp;
            this.city = city;
            this.visited = visited;
            this.depth = depth;
            this.cost = cost;
            this.spawn = spawn;
            this.best = best;
        }

        @Override
        protected void compute() {
            if (!spawn) {
                tsp.search(city, visited, depth, cost, best);
                return;
            }
            int n = tsp.size();
            List<Node> children = new ArrayList<>(n);
            for (int next = 1; next < n; next++) {
                if ((visited & (1 << next)) == 0) {
                    boolean childSpawns = depth + 1 < Tsp.SPAWN_DEPTH && depth + 1 < n;
                    children.add(new Node(tsp, next, visited | (1 << next), depth + 1,
                            cost + tsp.distance(city, next), childSpawns, best));
                }
            }
            invokeAll(children);
        }
    }
}
