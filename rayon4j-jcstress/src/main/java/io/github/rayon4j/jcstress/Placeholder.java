package io.github.rayon4j.jcstress;
final class Placeholder {}
