package io.github.rayon4j.examples;

import io.github.rayon4j.iter.IntParIter;
import java.util.Random;

/**
 * Gravitational n-body simulation (softened, so close encounters stay finite). Each step computes every
 * body's acceleration from all others (O(n²), the parallel part: each body's row is independent and only
 * reads positions), then moves the bodies (O(n)). Total energy is the check: the sequential and the
 * parallel runs must agree within floating-point tolerance, since sums are added in different orders.
 */
public final class NBody {
    static final double SOFTENING2 = 1e-4;
    static final double DT = 1e-3;

    public final int n;
    final double[] x;
    final double[] y;
    final double[] z;
    final double[] vx;
    final double[] vy;
    final double[] vz;
    final double[] mass;
    private final double[] ax;
    private final double[] ay;
    private final double[] az;

    private NBody(int n) {
        this.n = n;
        x = new double[n];
        y = new double[n];
        z = new double[n];
        vx = new double[n];
        vy = new double[n];
        vz = new double[n];
        mass = new double[n];
        ax = new double[n];
        ay = new double[n];
        az = new double[n];
    }

    /** {@code n} bodies in a unit cube with small random velocities. */
    public static NBody random(int n, long seed) {
        Random r = new Random(seed);
        NBody b = new NBody(n);
        for (int i = 0; i < n; i++) {
            b.x[i] = r.nextDouble();
            b.y[i] = r.nextDouble();
            b.z[i] = r.nextDouble();
            b.vx[i] = (r.nextDouble() - 0.5) * 0.01;
            b.vy[i] = (r.nextDouble() - 0.5) * 0.01;
            b.vz[i] = (r.nextDouble() - 0.5) * 0.01;
            b.mass[i] = 1.0 / n;
        }
        return b;
    }

    public void stepSequential() {
        for (int i = 0; i < n; i++) {
            accelerate(i);
        }
        move(0, n);
    }

    public void stepParallel() {
        // Every body's acceleration depends only on positions, which no one writes in this phase.
        IntParIter.range(0, n).forEach(this::accelerate);
        move(0, n);
    }

    /** The same step with a parallel stream (the JDK's peer of {@link #stepParallel}). */
    public void stepStream() {
        java.util.stream.IntStream.range(0, n).parallel().forEach(this::accelerate);
        move(0, n);
    }

    /** The energy with a parallel stream. */
    public double energyStream() {
        return java.util.stream.IntStream.range(0, n).parallel().mapToDouble(this::energyOf).sum();
    }

    /** Kinetic plus potential energy, summed sequentially. */
    public double energySequential() {
        double e = 0;
        for (int i = 0; i < n; i++) {
            e += energyOf(i);
        }
        return e;
    }

    /** The same energy as a parallel map-and-sum over the bodies. */
    public double energyParallel() {
        return IntParIter.range(0, n).mapToDouble(this::energyOf).sum();
    }

    /** Computes body i's acceleration from the current positions (reads all bodies, writes only i). */
    public void accelerate(int i) {
        double xi = x[i];
        double yi = y[i];
        double zi = z[i];
        double sx = 0;
        double sy = 0;
        double sz = 0;
        for (int j = 0; j < n; j++) {
            double dx = x[j] - xi;
            double dy = y[j] - yi;
            double dz = z[j] - zi;
            double d2 = dx * dx + dy * dy + dz * dz + SOFTENING2;
            double inv = mass[j] / (d2 * Math.sqrt(d2));
            sx += dx * inv;
            sy += dy * inv;
            sz += dz * inv;
        }
        ax[i] = sx;
        ay[i] = sy;
        az[i] = sz;
    }

    /** Moves bodies {@code from..to} by one step with the accelerations computed last. */
    public void move(int from, int to) {
        for (int i = from; i < to; i++) {
            vx[i] += ax[i] * DT;
            vy[i] += ay[i] * DT;
            vz[i] += az[i] * DT;
            x[i] += vx[i] * DT;
            y[i] += vy[i] * DT;
            z[i] += vz[i] * DT;
        }
    }

    /** Body i's kinetic energy plus half its potential energy with every other body. */
    public double energyOf(int i) {
        double e = 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
        for (int j = 0; j < n; j++) {
            if (j != i) {
                double dx = x[j] - x[i];
                double dy = y[j] - y[i];
                double dz = z[j] - z[i];
                e -= 0.5 * mass[i] * mass[j] / Math.sqrt(dx * dx + dy * dy + dz * dz + SOFTENING2);
            }
        }
        return e;
    }
}
