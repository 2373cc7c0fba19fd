/**
 * Java Flight Recorder events of the scheduler: {@code io.github.rayon4j.WorkerSleep} (with the
 * wake cause), {@code io.github.rayon4j.SpareActivation}, {@code io.github.rayon4j.Deadlock} and
 * {@code io.github.rayon4j.InstallWait}. Exported only to {@code jdk.jfr}; a recording enables
 * them by name:
 *
 * <pre>{@code
 * java -XX:StartFlightRecording=filename=app.jfr,settings=profile -jar app.jar
 * jfr print --events io.github.rayon4j.WorkerSleep,io.github.rayon4j.Deadlock app.jfr
 * }</pre>
 */
package io.github.rayon4j.core.jfr;
