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
 * task per child above the same spawn depth, then the same sequential search, copied here because the
 * example's is private) and the search sequentially. Fair: all prune with the same bound, shared through
 * an {@code AtomicInteger}, and find the same optimum (the parallel ones may prune more or less, depending
 * on which tours they find first).
 */
public class TspBench extends KernelBench {
    /** As {@code Tsp.SPAWN_DEPTH}: partial tours shorter than this fork one task per child. */
    private static final int SPAWN_DEPTH = 3;

    @Param({"13"})
    public int cities;

    private int[][] dist;
    private int[] minEdge;

    @Setup
    public void create() {
        dist = Tsp.randomCities(cities, 11);
        minEdge = minEdges(dist);
    }

    @Benchmark
    public int rayon4j() {
        return Tsp.parallel(dist);
    }

    @Benchmark
    public int forkJoin() {
        AtomicInteger best = new AtomicInteger(Integer.MAX_VALUE);
        forkJoin.invoke(new Node(dist, minEdge, 0, 1, 1, 0, true, best));
        return best.get();
    }

    @Benchmark
    public int sequential() {
        return Tsp.sequential(dist);
    }

    /** The cheapest edge out of each city, as {@code Tsp} computes it. */
    static int[] minEdges(int[][] dist) {
        int n = dist.length;
        int[] min = new int[n];
        for (int i = 0; i < n; i++) {
            int m = Integer.MAX_VALUE;
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    m = Math.min(m, dist[i][j]);
                }
            }
            min[i] = m;
        }
        return min;
    }

    /** A partial tour: forks one child per unvisited city if {@code spawn}, else searches below it. */
    static final class Node extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[][] dist;
        private final int[] minEdge;
        private final int city;
        private final int visited;
        private final int depth;
        private final int cost;
        private final boolean spawn;
        private final AtomicInteger best;

        Node(int[][] dist, int[] minEdge, int city, int visited, int depth, int cost, boolean spawn,
                AtomicInteger best) {
            this.dist = dist;
            this.minEdge = minEdge;
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
                search(city, visited, depth, cost);
                return;
            }
            int n = dist.length;
            List<Node> children = new ArrayList<>(n);
            for (int next = 1; next < n; next++) {
                if ((visited & (1 << next)) == 0) {
                    boolean childSpawns = depth + 1 < SPAWN_DEPTH && depth + 1 < n;
                    children.add(new Node(dist, minEdge, next, visited | (1 << next), depth + 1,
                            cost + dist[city][next], childSpawns, best));
                }
            }
            invokeAll(children);
        }

        private void search(int city, int visited, int depth, int cost) {
            int n = dist.length;
            if (depth == n) {
                best.accumulateAndGet(cost + dist[city][0], Math::min);
                return;
            }
            int bound = cost + minEdge[city];
            for (int c = 1; c < n; c++) {
                if ((visited & (1 << c)) == 0) {
                    bound += minEdge[c];
                }
            }
            if (bound >= best.get()) {
                return;
            }
            for (int next = 1; next < n; next++) {
                if ((visited & (1 << next)) == 0) {
                    search(next, visited | (1 << next), depth + 1, cost + dist[city][next]);
                }
            }
        }
    }
}
