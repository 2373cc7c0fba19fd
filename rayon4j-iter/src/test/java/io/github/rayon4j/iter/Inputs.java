package io.github.rayon4j.iter;

import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.quicktheories.generators.SourceDSL.integers;

/** Generated inputs: sizes that favour 0, 1 and 2, then up to 1800, and one in ten up to 10^5. */
final class Inputs {
    private Inputs() {
    }

    static Gen<Integer> sizes() {
        return integers().between(0, 2000).map(v -> v < 500 ? v % 3 : v < 1800 ? v : (v - 1800) * 500);
    }

    static List<Integer> randomList(int size, Random rnd) {
        List<Integer> l = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            l.add(rnd.nextInt(2001) - 1000);
        }
        return l;
    }

    static int[] randomInts(int size, Random rnd, int bound) {
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            a[i] = bound == 0 ? rnd.nextInt() : rnd.nextInt(bound);
        }
        return a;
    }
}
