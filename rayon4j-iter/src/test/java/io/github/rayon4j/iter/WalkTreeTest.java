package io.github.rayon4j.iter;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.Function;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * {@link ParIter#walkTreePrefix} and {@link ParIter#walkTreePostfix} against sequential walks
 * (an explicit stack, no recursion) on random trees of every shape: bushy, unbalanced, chains
 * with leaves hanging off, single chains 100,000 deep. Ordered terminals see prefix and postfix
 * order, in pools of 1 to 4 threads; the children function is called once per node; Rayon's
 * documented examples give what its documentation says.
 */
class WalkTreeTest {
    private static final Duration BOUND = Duration.ofMinutes(2);

    /** A random tree of nodes 0..n-1, root 0, as children lists. */
    private static List<List<Integer>> randomTree(int n, Random rnd) {
        List<List<Integer>> kids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            kids.add(new ArrayList<>());
        }
        int shape = rnd.nextInt(4);
        for (int i = 1; i < n; i++) {
            int parent = switch (shape) {
                case 0 -> rnd.nextInt(i);                                      // random recursive tree
                case 1 -> rnd.nextInt(10) == 0 ? rnd.nextInt(i) : i - 1;       // mostly a chain
                case 2 -> (i - 1) / 2;                                         // complete binary tree
                default -> rnd.nextBoolean() ? Math.max(0, i - 2) : i - 1;     // caterpillar-like
            };
            kids.get(parent).add(i);
        }
        for (List<Integer> k : kids) {
            if (rnd.nextBoolean()) {
                Collections.shuffle(k, rnd);
            }
        }
        return kids;
    }

    private static List<Integer> prefix(List<List<Integer>> kids) {
        List<Integer> out = new ArrayList<>();
        ArrayDeque<Integer> stack = new ArrayDeque<>();
        stack.push(0);
        while (!stack.isEmpty()) {
            int node = stack.pop();
            out.add(node);
            List<Integer> k = kids.get(node);
            for (int i = k.size() - 1; i >= 0; i--) {
                stack.push(k.get(i));
            }
        }
        return out;
    }

    private static List<Integer> postfix(List<List<Integer>> kids) {
        List<Integer> out = new ArrayList<>();
        ArrayDeque<Integer> nodes = new ArrayDeque<>();
        ArrayDeque<Iterator<Integer>> rest = new ArrayDeque<>();
        nodes.push(0);
        rest.push(kids.get(0).iterator());
        while (!nodes.isEmpty()) {
            if (rest.peek().hasNext()) {
                int child = rest.peek().next();
                nodes.push(child);
                rest.push(kids.get(child).iterator());
            } else {
                rest.pop();
                out.add(nodes.pop());
            }
        }
        return out;
    }

    @Test
    void randomTreesInPrefixAndPostfixOrder() {
        assertTimeoutPreemptively(BOUND, () -> qt().withExamples(150)
                .forAll(Inputs.sizes(), longs().all(), integers().between(1, 4))
                .checkAssert((size, seed, threads) -> Pools.in(threads, () -> {
                    Random rnd = new Random(seed);
                    int n = size + 1;
                    List<List<Integer>> kids = randomTree(n, rnd);
                    String why = n + " nodes, " + threads + " threads, seed " + seed;
                    List<Integer> pre = prefix(kids);
                    List<Integer> post = postfix(kids);

                    AtomicIntegerArray calls = new AtomicIntegerArray(n);
                    Function<Integer, List<Integer>> children = x -> {
                        calls.incrementAndGet(x);
                        return kids.get(x);
                    };
                    assertEquals(pre, ParIter.walkTreePrefix(0, children).toList(), why);
                    for (int i = 0; i < n; i++) {
                        assertEquals(1, calls.getAndSet(i, 0), why + ": calls for node " + i);
                    }
                    assertEquals(post, ParIter.walkTreePostfix(0, children).toList(), why);
                    for (int i = 0; i < n; i++) {
                        assertEquals(1, calls.getAndSet(i, 0), why + ": calls for node " + i);
                    }

                    List<Integer> ordered = Collections.synchronizedList(new ArrayList<>());
                    ParIter.walkTreePrefix(0, kids::get).map(x -> x).forEachOrdered(ordered::add);
                    assertEquals(pre, ordered, why);
                    int target = rnd.nextInt(n);
                    assertEquals(Optional.of(target), ParIter.walkTreePostfix(0, kids::get).filter(x -> x == target).findFirst(), why);
                    int k = rnd.nextInt(n);
                    assertEquals(pre.subList(k, n).stream().filter(x -> x % 3 == 0).findFirst(),
                            ParIter.walkTreePrefix(0, kids::get).skip(k).filter(x -> x % 3 == 0).findFirst(), why);
                    assertEquals(post.get(0), ParIter.walkTreePostfix(0, kids::get).findFirst().orElseThrow(), why);
                    assertEquals((long) n * (n - 1) / 2, ParIter.walkTree(0, kids::get).mapToLong(x -> x).sum(), why);
                    assertEquals(n, ParIter.walkTree(0, kids::get).count(), why);
                    return null;
                })));
    }

    @Test
    void aChainOneHundredThousandDeepNeedsNoStack() {
        int depth = 100_000;
        Function<Integer, List<Integer>> chain = x -> x + 1 < depth ? List.of(x + 1) : List.of();
        // and a chain with a leaf hanging off each node (the leaves are the negative numbers)
        Function<Integer, List<Integer>> caterpillar = x -> x < 0 || x + 1 >= depth ? List.of() : List.of(-x - 1, x + 1);
        List<Integer> down = IntStream.range(0, depth).boxed().toList();
        List<Integer> up = new ArrayList<>(down);
        Collections.reverse(up);
        assertTimeoutPreemptively(BOUND, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                Pools.in(threads, () -> {
                    assertEquals(down, ParIter.walkTreePrefix(0, chain).toList());
                    assertEquals(up, ParIter.walkTreePostfix(0, chain).toList());
                    assertEquals(Optional.of(0), ParIter.walkTreePrefix(0, chain).findFirst());
                    assertEquals(Optional.of(depth - 1), ParIter.walkTreePostfix(0, chain).findFirst());
                    assertEquals(depth, ParIter.walkTree(0, chain).count());

                    List<Integer> pre = ParIter.walkTreePrefix(0, caterpillar).toList();
                    assertEquals(2 * depth - 1, pre.size());
                    for (int i = 0; i + 1 < depth; i++) {
                        assertEquals(i, pre.get(2 * i));
                        assertEquals(-i - 1, pre.get(2 * i + 1));
                    }
                    List<Integer> post = ParIter.walkTreePostfix(0, caterpillar).toList();
                    assertEquals(2 * depth - 1, post.size());
                    assertEquals(-1, post.get(0));
                    assertEquals(depth - 1, post.get(depth - 1));
                    assertEquals(0, post.get(2 * depth - 2));
                    return null;
                });
            }
        });
    }

    private record Node(int content, Node left, Node right) {
        List<Node> children() {
            List<Node> c = new ArrayList<>();
            if (left != null) {
                c.add(left);
            }
            if (right != null) {
                c.add(right);
            }
            return c;
        }
    }

    @Test
    void rayonsExamples() {
        assertTimeoutPreemptively(BOUND, () -> {
            for (int threads = 1; threads <= 4; threads++) {
                Pools.in(threads, () -> {
                    Function<Integer, List<Integer>> halves = e -> e <= 2 ? List.of() : List.of(e / 2, e / 2 + 1);
                    assertEquals(12, ParIter.walkTreePrefix(4, halves).mapToInt(x -> x).sum());
                    assertEquals(12, ParIter.walkTreePostfix(4, halves).mapToInt(x -> x).sum());
                    assertEquals(List.of(4, 2, 3, 1, 2), ParIter.walkTreePrefix(4, halves).toList());
                    assertEquals(List.of(2, 1, 2, 3, 4), ParIter.walkTreePostfix(4, halves).toList());

                    Node root = new Node(10, new Node(3, null, null), new Node(14, null, new Node(18, null, null)));
                    assertEquals(List.of(10, 3, 14, 18), ParIter.walkTreePrefix(root, Node::children).map(Node::content).toList());
                    assertEquals(List.of(3, 18, 14, 10), ParIter.walkTreePostfix(root, Node::children).map(Node::content).toList());

                    // the perfect binary tree a..g of the documentation
                    Function<Character, List<Character>> abc = c -> switch (c) {
                        case 'a' -> List.of('b', 'c');
                        case 'b' -> List.of('d', 'e');
                        case 'c' -> List.of('f', 'g');
                        default -> List.of();
                    };
                    assertEquals("abdecfg", ParIter.walkTreePrefix('a', abc).map(String::valueOf).collect(java.util.stream.Collectors.joining()));
                    assertEquals("debfgca", ParIter.walkTreePostfix('a', abc).map(String::valueOf).collect(java.util.stream.Collectors.joining()));
                    return null;
                });
            }
        });
    }

    @Test
    void failuresReachTheCaller() {
        assertTimeoutPreemptively(BOUND, () -> {
            NullPointerException e = assertThrows(NullPointerException.class,
                    () -> ParIter.walkTreePrefix(1, x -> x < 5 ? List.of(x + 1, x + 2) : null).toList());
            assertTrue(e.getMessage().contains("children function returned null"), e.getMessage());
            assertThrows(NullPointerException.class, () -> ParIter.walkTreePostfix(1, null));
            IllegalStateException boom = assertThrows(IllegalStateException.class, () -> Pools.in(4,
                    () -> ParIter.walkTreePostfix(0, x -> {
                        if (x == 5_000) {
                            throw new IllegalStateException("boom");
                        }
                        return x < 10_000 ? List.of(2 * x + 1, 2 * x + 2) : List.<Integer>of();
                    }).count()));
            assertEquals("boom", boom.getMessage());
        });
    }
}
