/** JMH benchmarks and harnesses for rayon4j. */
module io.github.rayon4j.benchmarks {
}
