package io.github.rayon4j.benchmarks.peers;

import java.io.IOException;

/**
 * The other process of the oversubscription runs (target P8): {@code N} threads that spin on the CPU
 * until the process's standard input closes, which happens when the process that started it ({@link
 * Burner}) ends or closes the pipe, so a spinner never outlives its run. Prints {@code ready} once every
 * thread spins.
 */
public final class Spinner {
    private Spinner() { }

    public static void main(String[] args) throws IOException, InterruptedException {
        int n = Integer.parseInt(args[0]);
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(n);
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                started.countDown();
                long x = Thread.currentThread().getId();
                while (true) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                    if (x == 42) {
                        System.out.print("");
                    }
                }
            }, "spinner-" + i);
            t.setDaemon(true);
            t.start();
        }
        started.await();
        System.out.println("ready");
        System.out.flush();
        while (System.in.read() >= 0) {
            // Nothing is ever written: read until the parent closes the pipe or dies.
        }
        System.exit(0);
    }
}
