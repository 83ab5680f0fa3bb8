package org.mpjbuf.npb;

/**
 * What a rank's timed part took, and what else the JVM did meanwhile.
 *
 * <p>Immutable and thread-safe.
 *
 * @param seconds the wall-clock seconds
 * @param cpuSeconds the CPU seconds of the rank's thread, 0 where the JVM
 *        cannot measure them
 * @param compileSeconds the seconds the JVM's compiler threads spent
 *        compiling meanwhile, for all ranks of the JVM (0 where the JVM
 *        cannot measure them)
 * @param collectSeconds the seconds of garbage collection meanwhile, for the
 *        whole JVM
 */
public record Timing(double seconds, double cpuSeconds, double compileSeconds, double collectSeconds) {
}
