package io.github.rayon4j.iter;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedObject;
import jdk.jfr.consumer.RecordingStream;

/**
 * Run by {@link LeafLoopCallsTest} in a JVM of its own: drives three fused pipelines from
 * {@code main} (an outside thread, as a program's calls are) until the JIT has compiled each
 * one's leaf loop with C2, and prints every call that C2 left in those compilations, from the
 * JDK's own records of its inlining decisions ({@code jdk.CompilerInlining} events of Flight
 * Recorder).
 *
 * <p>A call counts when C2 decided not to inline it for a reason other than "never executed"
 * (that branch becomes a trap, not a call) and it is reached from the leaf through inlined
 * methods only. Three calls are allowed, with whatever they call: {@code Rayon.workWantedHint()},
 * made once before the loop; {@code Fuse.share}, at the loop's exit (a call after which the
 * leaf returns, so no value of the loop is live across it); and the hint's answer,
 * {@code WorkerThread.workWanted()}, whose read of the sleep counters the JIT inlines or not by
 * how often the deque looks empty (made hot, it cost JDK 25's fused filter-count 2.7 times its
 * time: see that method). Output: one line {@code compiled
 * <loop>} per C2 compilation of a leaf (OSR compilations aside) and one line {@code call <callee>
 * from <caller> (<reason>)} per call found in it; {@code timeout} if some loop was not compiled
 * within 20 s.
 *
 * <pre>{@code
 * java -cp <test class path> io.github.rayon4j.iter.LeafLoopCallsProbe
 * }</pre>
 */
public final class LeafLoopCallsProbe {
    private static final String LOOPS = "io.github.rayon4j.iter.FuseLoops$";
    private static final List<String> ALLOWED = List.of(
            "io.github.rayon4j.core.Rayon::workWantedHint", "io.github.rayon4j.iter.Fuse::share",
            "io.github.rayon4j.core.WorkerThread::workWanted");

    /** One inlining decision of one compilation. */
    private record Decision(int compileId, String caller, String callee, boolean inlined, String reason) {
    }

    private LeafLoopCallsProbe() {
    }

    /**
     * @param args unused
     * @throws Exception if the recording fails
     */
    public static void main(String[] args) throws Exception {
        ConcurrentLinkedQueue<Decision> decisions = new ConcurrentLinkedQueue<>();
        Map<Integer, String> leafCompiles = new ConcurrentHashMap<>();
        try (RecordingStream rs = new RecordingStream()) {
            rs.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            rs.enable("jdk.CompilerInlining").withThreshold(Duration.ZERO);
            rs.onEvent("jdk.Compilation", e -> {
                RecordedMethod m = e.getValue("method");
                String type = m.getType().getName();
                if (m.getName().equals("leaf") && type.startsWith(LOOPS) && e.getInt("compileLevel") == 4
                        && !e.getBoolean("isOsr")) {
                    leafCompiles.put(e.getInt("compileId"), loopName(type));
                }
            });
            rs.onEvent("jdk.CompilerInlining", e -> {
                RecordedMethod caller = e.getValue("caller");
                RecordedObject callee = e.getValue("callee");
                decisions.add(new Decision(e.getInt("compileId"),
                        caller.getType().getName() + "::" + caller.getName() + caller.getDescriptor(),
                        callee.getString("type").replace('/', '.') + "::" + callee.getString("name")
                                + callee.getString("descriptor"),
                        e.getBoolean("succeeded"), e.getString("message")));
            });
            rs.startAsync();
            int[] a = new int[200_000];
            Set<String> wanted = Set.of("IntRange", "IntArray", "LongRange");
            long deadline = System.nanoTime() + 20_000_000_000L;
            long sink = 0;
            while (!new HashSet<>(leafCompiles.values()).containsAll(wanted)) {
                if (System.nanoTime() > deadline) {
                    System.out.println("timeout: compiled " + leafCompiles.values());
                    return;
                }
                for (int k = 0; k < 50; k++) {
                    IntParIter.range(0, a.length).forEach(i -> a[i]++);
                    sink += IntParIter.of(a).map(x -> x * 3).sum();
                    sink += LongParIter.range(0, a.length).map(x -> x ^ 5).sum();
                }
            }
            Thread.sleep(2_000); // the inlining events of the last compilations reach the stream
            System.out.println("sink " + (sink & 1));
        }
        for (Map.Entry<Integer, String> c : leafCompiles.entrySet()) {
            System.out.println("compiled " + c.getValue());
            for (String call : calls(c.getKey(), decisions)) {
                System.out.println("call " + call);
            }
        }
    }

    private static String loopName(String type) {
        String rest = type.substring(LOOPS.length());
        int end = 0;
        while (end < rest.length() && Character.isJavaIdentifierPart(rest.charAt(end))) {
            end++;
        }
        return rest.substring(0, end);
    }

    /** The calls left in compilation {@code id}, reached from its leaf through inlined methods. */
    private static List<String> calls(int id, Iterable<Decision> all) {
        Map<String, Set<String>> inlined = new HashMap<>();
        List<Decision> notInlined = new ArrayList<>();
        String root = null;
        for (Decision d : all) {
            if (d.compileId() != id) {
                continue;
            }
            if (d.caller().startsWith(LOOPS) && d.caller().contains("::leaf(")) {
                root = d.caller();
            }
            if (d.inlined()) {
                inlined.computeIfAbsent(d.caller(), k -> new HashSet<>()).add(d.callee());
            } else {
                notInlined.add(d);
            }
        }
        Set<String> reached = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        if (root != null) {
            todo.add(root);
        }
        while (!todo.isEmpty()) {
            String m = todo.poll();
            if (allowed(m) || !reached.add(m)) {
                continue;
            }
            todo.addAll(inlined.getOrDefault(m, Set.of()));
        }
        List<String> calls = new ArrayList<>();
        for (Decision d : notInlined) {
            if (reached.contains(d.caller()) && !allowed(d.callee()) && !"never executed".equals(d.reason())) {
                calls.add(d.callee() + " from " + d.caller() + " (" + d.reason() + ")");
            }
        }
        return calls;
    }

    private static boolean allowed(String method) {
        for (String a : ALLOWED) {
            if (method.startsWith(a + "(")) {
                return true;
            }
        }
        return false;
    }
}
