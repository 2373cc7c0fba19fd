package io.github.rayon4j.iter;

import io.github.rayon4j.iter.plumbing.ObjSink;
import io.github.rayon4j.iter.plumbing.UnindexedProducer;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * The producers of {@link ParIter#walkTreePrefix} and {@link ParIter#walkTreePostfix}, after
 * Rayon's {@code walk_tree}: a producer holds the roots of subtrees still to explore and the
 * nodes already explored by its splits. A split that holds a single subtree explores it, node
 * after node, until it finds a node with several children (or a leaf); it then gives away half
 * of those subtrees, or half of the explored nodes when no subtree is left. The order of the
 * items is kept by what goes to the left part, so ordered terminals see the tree in prefix or
 * postfix order. Nothing recurses on the depth of the tree: splits walk a chain in a loop, and a
 * leaf walks its subtrees with a stack on the heap, so a chain of any depth is fine. The
 * children function is called once per node.
 */
final class WalkTree {
    private WalkTree() {
    }

    /** The children of a node, read once into a list (the order the function gives). */
    static <T> List<T> childrenOf(Function<? super T, ? extends Iterable<? extends T>> children, T node) {
        Iterable<? extends T> it = children.apply(node);
        if (it == null) {
            throw new NullPointerException("the children function returned null for " + node
                    + "; return an empty collection for a leaf");
        }
        List<T> list = new ArrayList<>();
        for (T child : it) {
            list.add(child);
        }
        return list;
    }

    /** The second half of a list, removed from it; {@code null} when it holds fewer than two. */
    private static <T> ArrayList<T> splitOff(ArrayList<T> list, int from) {
        ArrayList<T> tail = new ArrayList<>(list.subList(from, list.size()));
        list.subList(from, list.size()).clear();
        return tail;
    }

    /**
     * Prefix order: a node, then the subtrees of its children in order. {@code toExplore} is a
     * stack (the next subtree at the end), {@code seen} the explored nodes, which come first.
     */
    static final class Prefix<T> implements UnindexedProducer<ObjSink<T>> {
        private final Function<? super T, ? extends Iterable<? extends T>> children;
        private ArrayList<T> toExplore;
        private ArrayList<T> seen;

        Prefix(T root, Function<? super T, ? extends Iterable<? extends T>> children) {
            this(new ArrayList<>(), new ArrayList<>(), children);
            toExplore.add(root);
        }

        private Prefix(ArrayList<T> toExplore, ArrayList<T> seen,
                       Function<? super T, ? extends Iterable<? extends T>> children) {
            this.toExplore = toExplore;
            this.seen = seen;
            this.children = children;
        }

        private void pushChildren(ArrayList<T> stack, T node) {
            List<T> c = childrenOf(children, node);
            for (int i = c.size() - 1; i >= 0; i--) {
                stack.add(c.get(i));
            }
        }

        @Override
        public UnindexedProducer<ObjSink<T>> split() {
            while (toExplore.size() == 1) {
                T node = toExplore.remove(0);
                pushChildren(toExplore, node);
                seen.add(node);
            }
            if (toExplore.size() >= 2) {
                // The end of the stack is explored first: the left part takes the explored nodes
                // and the subtrees at the end; this part keeps the later subtrees.
                ArrayList<T> first = splitOff(toExplore, toExplore.size() / 2);
                Prefix<T> left = new Prefix<>(first, seen, children);
                seen = new ArrayList<>();
                return left;
            }
            if (seen.size() >= 2) {
                ArrayList<T> later = splitOff(seen, seen.size() / 2);
                Prefix<T> left = new Prefix<>(new ArrayList<>(), seen, children);
                seen = later;
                return left;
            }
            return null;
        }

        @Override
        public void foldWith(ObjSink<T> sink) {
            for (T node : seen) {
                if (sink.full()) {
                    return;
                }
                sink.accept(node);
            }
            ArrayList<T> stack = toExplore;
            while (!stack.isEmpty()) {
                if (sink.full()) {
                    return;
                }
                T node = stack.remove(stack.size() - 1);
                pushChildren(stack, node);
                sink.accept(node);
            }
        }
    }

    /**
     * Postfix order: the subtrees of a node's children in order, then the node.
     * {@code toExplore} is in order (the next subtree first), {@code seen} the explored
     * ancestors, shallowest first, which come last and deepest first.
     */
    static final class Postfix<T> implements UnindexedProducer<ObjSink<T>> {
        private final Function<? super T, ? extends Iterable<? extends T>> children;
        private ArrayList<T> toExplore;
        private ArrayList<T> seen;

        Postfix(T root, Function<? super T, ? extends Iterable<? extends T>> children) {
            this(new ArrayList<>(), new ArrayList<>(), children);
            toExplore.add(root);
        }

        private Postfix(ArrayList<T> toExplore, ArrayList<T> seen,
                        Function<? super T, ? extends Iterable<? extends T>> children) {
            this.toExplore = toExplore;
            this.seen = seen;
            this.children = children;
        }

        @Override
        public UnindexedProducer<ObjSink<T>> split() {
            while (toExplore.size() == 1) {
                T node = toExplore.remove(0);
                toExplore.addAll(childrenOf(children, node));
                seen.add(node);
            }
            if (toExplore.size() >= 2) {
                // The left part takes the first subtrees; this part keeps the later ones and
                // the ancestors, which come after all of them.
                ArrayList<T> later = splitOff(toExplore, toExplore.size() / 2);
                Postfix<T> left = new Postfix<>(toExplore, new ArrayList<>(), children);
                toExplore = later;
                return left;
            }
            if (seen.size() >= 2) {
                // Deepest first: the left part takes the deeper half of the ancestors.
                ArrayList<T> deeper = splitOff(seen, seen.size() / 2);
                return new Postfix<>(new ArrayList<>(), deeper, children);
            }
            return null;
        }

        @Override
        public void foldWith(ObjSink<T> sink) {
            // One frame per node on the path from the subtree's root: the node and the
            // children not yet walked.
            ArrayDeque<Frame<T>> path = new ArrayDeque<>();
            for (T root : toExplore) {
                path.push(frame(root));
                while (!path.isEmpty()) {
                    Frame<T> top = path.peek();
                    if (top.rest().hasNext()) {
                        path.push(frame(top.rest().next()));
                        continue;
                    }
                    path.pop();
                    if (sink.full()) {
                        return;
                    }
                    sink.accept(top.node());
                }
            }
            for (int i = seen.size() - 1; i >= 0; i--) {
                if (sink.full()) {
                    return;
                }
                sink.accept(seen.get(i));
            }
        }

        private Frame<T> frame(T node) {
            return new Frame<>(node, childrenOf(children, node).iterator());
        }
    }

    private record Frame<T>(T node, Iterator<T> rest) {
    }
}
