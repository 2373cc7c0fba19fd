package io.github.rayon4j.examples;

import io.github.rayon4j.core.Rayon;
import io.github.rayon4j.core.Scope;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Exact travelling salesman by branch and bound over generated cities (integer coordinates, distances
 * rounded to integers so that every search finds the same optimal cost). A partial tour is pruned when
 * its cost plus a lower bound on the rest (the cheapest edge out of the current city and out of each
 * unvisited one) cannot beat the best tour found so far. The parallel search {@linkplain Scope#spawn
 * spawns} one task per child near the root; deeper down each task searches sequentially. The best cost
 * is shared through an {@link AtomicInteger}, so a good tour found by one task prunes all the others.
 */
public final class Tsp {
    /** Partial tours shorter than this spawn one task per child. */
    public static final int SPAWN_DEPTH = 3;

    private final int n;
    private final int[][] dist;
    private final int[] minEdge;

    private Tsp(int[][] dist) {
        this.n = dist.length;
        this.dist = dist;
        this.minEdge = new int[n];
        for (int i = 0; i < n; i++) {
            int min = Integer.MAX_VALUE;
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    min = Math.min(min, dist[i][j]);
                }
            }
            minEdge[i] = min;
        }
    }

    /**
     * The search over one distance matrix, for callers that drive the top of the tree themselves
     * (a benchmark peer on another framework) and search below it with {@link #search}.
     */
    public static Tsp of(int[][] dist) {
        return new Tsp(dist);
    }

    /** The number of cities. */
    public int size() {
        return n;
    }

    /** The distance from city {@code from} to city {@code to}. */
    public int distance(int from, int to) {
        return dist[from][to];
    }

    /** {@code n} cities placed uniformly at random on a 1000 × 1000 grid. */
    public static int[][] randomCities(int n, long seed) {
        Random random = new Random(seed);
        int[] x = new int[n];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            x[i] = random.nextInt(1000);
            y[i] = random.nextInt(1000);
        }
        int[][] dist = new int[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                dist[i][j] = (int) Math.round(Math.hypot(x[i] - x[j], y[i] - y[j]));
            }
        }
        return dist;
    }

    /** The length of the shortest closed tour through every city, searched on one thread. */
    public static int sequential(int[][] dist) {
        Tsp tsp = new Tsp(dist);
        AtomicInteger best = new AtomicInteger(Integer.MAX_VALUE);
        tsp.search(0, 1, 1, 0, best);
        return best.get();
    }

    /** The same search with the top levels of the tree spawned as tasks of a rayon4j scope. */
    public static int parallel(int[][] dist) {
        Tsp tsp = new Tsp(dist);
        AtomicInteger best = new AtomicInteger(Integer.MAX_VALUE);
        // The scope returns only when every task spawned in it, at any depth, has finished.
        Rayon.scope(s -> tsp.spawnChildren(s, 0, 1, 1, 0, best));
        return best.get();
    }

    /**
     * The same search with a parallel stream over the partial tours of {@link #SPAWN_DEPTH}
     * cities, each searched sequentially, sharing the bound.
     */
    public static int stream(int[][] dist) {
        Tsp tsp = new Tsp(dist);
        AtomicInteger best = new AtomicInteger(Integer.MAX_VALUE);
        java.util.List<int[]> prefixes = new java.util.ArrayList<>();
        tsp.prefixes(0, 1, 1, 0, prefixes);
        prefixes.parallelStream().forEach(p -> tsp.search(p[0], p[1], p[2], p[3], best));
        return best.get();
    }

    /** The partial tours {city, visited, depth, cost} at {@link #SPAWN_DEPTH}, as the scope spawns them. */
    private void prefixes(int city, int visited, int depth, int cost, java.util.List<int[]> out) {
        if (depth >= SPAWN_DEPTH || depth >= n) {
            out.add(new int[] {city, visited, depth, cost});
            return;
        }
        for (int next = 1; next < n; next++) {
            if ((visited & (1 << next)) == 0) {
                prefixes(next, visited | (1 << next), depth + 1, cost + dist[city][next], out);
            }
        }
    }

    /** One task per child of a partial tour; above {@link #SPAWN_DEPTH} the children spawn in turn. */
    private void spawnChildren(Scope s, int city, int visited, int depth, int cost, AtomicInteger best) {
        for (int next = 1; next < n; next++) {
            if ((visited & (1 << next)) != 0) {
                continue;
            }
            int nextCity = next;
            int nextVisited = visited | (1 << next);
            int nextCost = cost + dist[city][next];
            if (depth + 1 < SPAWN_DEPTH && depth + 1 < n) {
                s.spawn(inner -> spawnChildren(inner, nextCity, nextVisited, depth + 1, nextCost, best));
            } else {
                s.spawn(inner -> search(nextCity, nextVisited, depth + 1, nextCost, best));
            }
        }
    }

    /**
     * Searches, on the calling thread, every tour that extends the partial tour ending at
     * {@code city} (cities in the bit set {@code visited}, {@code depth} of them, length
     * {@code cost}), pruning with and lowering the shared {@code best}.
     */
    public void search(int city, int visited, int depth, int cost, AtomicInteger best) {
        if (depth == n) {
            int total = cost + dist[city][0];
            best.accumulateAndGet(total, Math::min);
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
                search(next, visited | (1 << next), depth + 1, cost + dist[city][next], best);
            }
        }
    }
}
