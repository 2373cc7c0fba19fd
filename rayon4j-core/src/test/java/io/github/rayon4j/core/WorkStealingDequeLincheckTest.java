package io.github.rayon4j.core;

import java.util.ArrayDeque;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Lincheck: the Chase-Lev deque is linearizable against a sequential deque. Push and pop belong
 * to the owner (a non-parallel operation group: they all run on one thread), steals run on every
 * thread. The initial capacity is 2, so scenarios cross several growths of the array.
 *
 * <p>Model checking assumes sequential consistency, so it finds logic races, not reorderings; the
 * stress run executes the real code on real threads. Both are cut down for the normal build;
 * {@code -Drayon4j.lincheck.full=true} runs Lincheck's defaults.
 */
@Param(name = "value", gen = IntGen.class, conf = "1:9")
public class WorkStealingDequeLincheckTest {
    static final boolean FULL = Boolean.getBoolean("rayon4j.lincheck.full");

    private final WorkStealingDeque<Integer> deque = new WorkStealingDeque<>(2);

    /**
     * Push's "was empty" result is only a hint for the sleep module (it reads {@code top} before
     * publishing, so a concurrent steal can make it stale) and is deliberately not checked:
     * Lincheck shows it is not linearizable (push(5) reports "not empty" while the only
     * linearization has both steals first), which costs at most an extra wake-up.
     */
    @Operation(nonParallelGroup = "owner")
    public void push(@Param(name = "value") int value) {
        deque.push(value);
    }

    @Operation(nonParallelGroup = "owner")
    public Integer pop() {
        return deque.pop();
    }

    /** The join hot path's pop: values 1-9 are cached {@code Integer}s, so identity is value. */
    @Operation(nonParallelGroup = "owner")
    public boolean popIfBottom(@Param(name = "value") int value) {
        return deque.popIfBottom(value);
    }

    @Operation
    public Integer steal() {
        return deque.steal();
    }

    /** The specification: a plain deque. */
    public static class SequentialDeque {
        private final ArrayDeque<Integer> d = new ArrayDeque<>();

        public void push(int value) {
            d.addLast(value);
        }

        public Integer pop() {
            return d.pollLast();
        }

        public boolean popIfBottom(int value) {
            Integer last = d.peekLast();
            if (last != null && last == value) {
                d.pollLast();
                return true;
            }
            return false;
        }

        public Integer steal() {
            return d.pollFirst();
        }
    }

    @Test
    public void modelCheckingOwnerPushPopAgainstConcurrentStealsIncludingGrowth() {
        ModelCheckingOptions o = new ModelCheckingOptions().sequentialSpecification(SequentialDeque.class)
                .threads(3).actorsPerThread(3).actorsBefore(3).actorsAfter(1);
        if (!FULL) {
            o.iterations(10).invocationsPerIteration(1_000);
        }
        o.check(getClass());
    }

    @Test
    public void stressOwnerPushPopAgainstConcurrentStealsIncludingGrowth() {
        StressOptions o = new StressOptions().sequentialSpecification(SequentialDeque.class)
                .threads(3).actorsPerThread(5).actorsBefore(3).actorsAfter(2);
        if (!FULL) {
            o.iterations(10).invocationsPerIteration(500);
        }
        o.check(getClass());
    }
}
