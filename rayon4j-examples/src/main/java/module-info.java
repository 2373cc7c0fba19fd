/** Runnable demos of rayon4j: {@code java -jar rayon4j-examples.jar --help}. */
module io.github.rayon4j.examples {
}
