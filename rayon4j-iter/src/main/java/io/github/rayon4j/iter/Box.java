package io.github.rayon4j.iter;

/** A found value that may itself be {@code null}; a {@code null} box means nothing was found. */
record Box<T>(T value) {
}
