package io.github.rayon4j.benchmarks;

import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import org.eclipse.collections.api.block.procedure.Procedure;
import org.eclipse.collections.impl.parallel.AbstractProcedureCombiner;
import org.eclipse.collections.impl.parallel.ParallelIterate;

/**
 * A plain sum through Eclipse Collections' {@code ParallelIterate.forEach(iterable, procedureFactory,
 * combiner, ...)}: one summing procedure per batch, combined at the end. This is the machinery EC's own
 * {@code sumByLong}/{@code sumByDouble} use, without their group-by map (whose hashing per element would
 * be a cost no other peer pays). Elements arrive boxed, as EC's {@code ParallelIterate} is designed.
 * Without a {@code minForkSize} the defaults (10,000 elements per fork, EC's default task count and
 * executor) apply; the coarse kernels with a few thousand expensive elements pass a smaller one, since
 * with the default EC would not split them at all.
 */
final class EcSums {
    private EcSums() { }

    static long sumOfLong(Iterable<Integer> items, IntToLongFunction f) {
        LongSum total = new LongSum(f);
        ParallelIterate.forEach(items, () -> new LongSum(f), new LongCombiner(total));
        return total.sum;
    }

    static long sumOfLong(Iterable<Integer> items, IntToLongFunction f, int minForkSize) {
        LongSum total = new LongSum(f);
        ParallelIterate.forEach(items, () -> new LongSum(f), new LongCombiner(total), minForkSize,
                ParallelIterate.getDefaultTaskCount());
        return total.sum;
    }

    static double sumOfDouble(Iterable<Integer> items, IntToDoubleFunction f, int minForkSize) {
        DoubleSum total = new DoubleSum(f);
        ParallelIterate.forEach(items, () -> new DoubleSum(f), new DoubleCombiner(total), minForkSize,
                ParallelIterate.getDefaultTaskCount());
        return total.sum;
    }

    static final class LongSum implements Procedure<Integer> {
        private static final long serialVersionUID = 1L;
        // Procedure extends Serializable, but these procedures live for one benchmark call and are
        // never serialized; the function need not be serializable.
        @SuppressWarnings("serial")
        private final IntToLongFunction f;
        long sum;

        LongSum(IntToLongFunction f) {
            this.f = f;
        }

        @Override
        public void value(Integer each) {
            sum += f.applyAsLong(each);
        }
    }

    static final class DoubleSum implements Procedure<Integer> {
        private static final long serialVersionUID = 1L;
        // Procedure extends Serializable, but these procedures live for one benchmark call and are
        // never serialized; the function need not be serializable.
        @SuppressWarnings("serial")
        private final IntToDoubleFunction f;
        double sum;

        DoubleSum(IntToDoubleFunction f) {
            this.f = f;
        }

        @Override
        public void value(Integer each) {
            sum += f.applyAsDouble(each);
        }
    }

    static final class LongCombiner extends AbstractProcedureCombiner<LongSum> {
        private static final long serialVersionUID = 1L;
        private final LongSum total;

        LongCombiner(LongSum total) {
            super(true);
            this.total = total;
        }

        @Override
        public void combineOne(LongSum part) {
            total.sum += part.sum;
        }
    }

    static final class DoubleCombiner extends AbstractProcedureCombiner<DoubleSum> {
        private static final long serialVersionUID = 1L;
        private final DoubleSum total;

        DoubleCombiner(DoubleSum total) {
            super(true);
            this.total = total;
        }

        @Override
        public void combineOne(DoubleSum part) {
            total.sum += part.sum;
        }
    }
}
