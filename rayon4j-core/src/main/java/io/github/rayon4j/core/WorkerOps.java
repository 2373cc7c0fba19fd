package io.github.rayon4j.core;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.LongBinaryOperator;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The operations that {@link Rayon} and {@link ThreadPool} hand to {@link Registry#inWorker} when
 * called from outside the pool: {@code install} and the five {@code join} forms.
 *
 * <pre>{@code
 * Pair<A, B> both = registry.inWorker(new WorkerOps.JoinSuppliers<>(a, b));
 * }</pre>
 *
 * <h2>Classes, not lambdas</h2>
 * These run on a program's first call into a pool, and so do the few other callbacks that pool
 * start-up and the iterators' bridge make (the deadlock callback in {@link Registry}, the halves
 * of {@code Bridge}, the fused run's consumer). A lambda's first evaluation spins a class at run
 * time (about 0.3 ms each in a fresh JDK 17, interpreted, plus a method-handle form for each new
 * signature); a named class is read from the jar in about 0.1. Together with the string
 * concatenation (compiled inline, see the parent POM) and the JMX timer ({@link PoolJmx}), these
 * took about 5 ms off a first {@code LongParIter.range(..).map(..).sum()}, which trailed the same
 * parallel stream, whose lambdas the JDK's class-data archive holds ready-made, by 31 ms (README,
 * "Startup").
 */
final class WorkerOps {
    private WorkerOps() {
    }

    /** {@code install(Supplier)}. */
    static final class Install<R> implements WorkerOp<R> {
        private final Supplier<R> op;

        Install(Supplier<R> op) {
            this.op = op;
        }

        @Override
        public R run(WorkerThread worker, boolean injected) {
            return op.get();
        }
    }

    /** {@code install(Runnable)}. */
    static final class InstallRunnable implements WorkerOp<Void> {
        private final Runnable op;

        InstallRunnable(Runnable op) {
            this.op = op;
        }

        @Override
        public Void run(WorkerThread worker, boolean injected) {
            op.run();
            return null;
        }
    }

    /** {@code join(Runnable, Runnable)}. */
    static final class JoinRunnables implements WorkerOp<Void> {
        private final Runnable a;
        private final Runnable b;

        JoinRunnables(Runnable a, Runnable b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public Void run(WorkerThread worker, boolean injected) {
            Join.join(worker, a, b, injected);
            return null;
        }
    }

    /** {@code join(Supplier, Supplier)}. */
    static final class JoinSuppliers<A, B> implements WorkerOp<Pair<A, B>> {
        private final Supplier<A> a;
        private final Supplier<B> b;

        JoinSuppliers(Supplier<A> a, Supplier<B> b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public Pair<A, B> run(WorkerThread worker, boolean injected) {
            return Join.join(worker, a, b, injected);
        }
    }

    /** {@code joinLong}: the value comes back boxed, as this op's result. */
    static final class JoinLongs implements WorkerOp<Long> {
        private final LongSupplier a;
        private final LongSupplier b;
        private final LongBinaryOperator combine;

        JoinLongs(LongSupplier a, LongSupplier b, LongBinaryOperator combine) {
            this.a = a;
            this.b = b;
            this.combine = combine;
        }

        @Override
        public Long run(WorkerThread worker, boolean injected) {
            return Join.joinLong(worker, a, b, combine, injected);
        }
    }

    /** {@code joinDouble}: the value comes back boxed, as this op's result. */
    static final class JoinDoubles implements WorkerOp<Double> {
        private final DoubleSupplier a;
        private final DoubleSupplier b;
        private final DoubleBinaryOperator combine;

        JoinDoubles(DoubleSupplier a, DoubleSupplier b, DoubleBinaryOperator combine) {
            this.a = a;
            this.b = b;
            this.combine = combine;
        }

        @Override
        public Double run(WorkerThread worker, boolean injected) {
            return Join.joinDouble(worker, a, b, combine, injected);
        }
    }

    /** {@code joinContext(Function, Function)}. */
    static final class JoinContext<A, B> implements WorkerOp<Pair<A, B>> {
        private final Function<FnContext, A> a;
        private final Function<FnContext, B> b;

        JoinContext(Function<FnContext, A> a, Function<FnContext, B> b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public Pair<A, B> run(WorkerThread worker, boolean injected) {
            return Join.joinContext(worker, a, b, injected);
        }
    }
}
