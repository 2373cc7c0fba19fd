package io.github.rayon4j.consumer;

import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code java --module-path ... -m io.github.rayon4j.consumer/io.github.rayon4j.consumer.Main}:
 * prints a few results and the non-JDK modules the application resolved.
 */
public final class Main {
    private Main() {
    }

    /**
     * Runs {@link WordStats} and prints what it found and which modules were resolved.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        List<String> words = List.of("pear", "fig", "apple", "quince");
        System.out.println("letters " + WordStats.letters(words));
        System.out.println("longest " + WordStats.longest(words));
        System.out.println("squares " + WordStats.sumOfSquares(1000));
        System.out.println("fib " + WordStats.fib(20));
        System.out.println("modules " + ModuleLayer.boot().modules().stream()
                .map(Module::getName)
                .filter(n -> !n.startsWith("java.") && !n.startsWith("jdk."))
                .sorted()
                .collect(Collectors.joining(" ")));
        System.out.println("java.management " + ModuleLayer.boot().findModule("java.management").isPresent());
    }
}
