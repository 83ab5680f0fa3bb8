package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The result of a benchmark run, printed in the form of the NPB reference's
 * report.
 *
 * <p>Immutable and thread-safe.
 *
 * @param benchmark the kernel name, for example {@code "CG"}
 * @param problemClass the problem class
 * @param size the problem size as the reference prints it
 * @param iterations the timed iterations
 * @param warmupIterations the untimed iterations before the timed part
 * @param processes the number of processes (ranks)
 * @param seconds the wall-clock time of the timed part, the maximum over the
 *        ranks
 * @param cpuSeconds the CPU time of the busiest rank's thread in the timed
 *        part; below {@code seconds} when the rank waited or the machine was
 *        busy with other work
 * @param compileSeconds the time the JVM spent compiling during the timed
 *        part (its compiler threads compete with the ranks for the cores),
 *        the maximum over the ranks' JVMs
 * @param collectSeconds the garbage-collection time during the timed part,
 *        the maximum over the ranks' JVMs
 * @param mopsTotal millions of operations per second, all ranks together
 * @param operationType what an operation is
 * @param verified whether verification passed
 * @param device the device the ranks communicated through
 * @param jdk the Java runtime version
 */
public record BenchmarkReport(String benchmark, ProblemClass problemClass, String size, int iterations,
        int warmupIterations, int processes, double seconds, double cpuSeconds, double compileSeconds, double collectSeconds,
        double mopsTotal, String operationType, boolean verified,
        String device, String jdk) {

    /** {@return Mop/s divided by the number of processes} */
    public double mopsPerProcess() {
        return mopsTotal / processes;
    }

    /**
     * Prints the report.
     *
     * @param out the stream to print to
     */
    public void print(PrintStream out) {
        out.println();
        out.println(" " + benchmark + " Benchmark Completed.");
        line(out, "Class", problemClass.name());
        line(out, "Size", size);
        line(out, "Iterations", Integer.toString(iterations));
        line(out, "Warm-up", warmupIterations + (warmupIterations == 1 ? " iteration" : " iterations"));
        line(out, "Time in seconds", format("%.2f", seconds));
        line(out, "CPU seconds", format("%.2f", cpuSeconds));
        line(out, "JIT seconds", format("%.2f", compileSeconds));
        line(out, "GC seconds", format("%.2f", collectSeconds));
        line(out, "Total processes", Integer.toString(processes));
        line(out, "Mop/s total", format("%.2f", mopsTotal));
        line(out, "Mop/s/process", format("%.2f", mopsPerProcess()));
        line(out, "Operation type", operationType);
        line(out, "Verification", verified ? "SUCCESSFUL" : "UNSUCCESSFUL");
        line(out, "Device", device);
        line(out, "JDK", jdk);
        out.println();
        out.flush();
    }

    /**
     * Prints the banner the reference shows before a run.
     *
     * @param out the stream to print to
     * @param benchmark the kernel name
     * @param size the problem size
     * @param iterations the timed iterations
     * @param processes the number of processes
     */
    static void printHeader(PrintStream out, String benchmark, String size, int iterations, int processes) {
        out.println();
        out.println(" NAS Parallel Benchmarks (mpjbuf, NPB 3.4 MPI algorithms) - " + benchmark + " Benchmark");
        out.println();
        out.println(" Size: " + size);
        out.println(" Iterations: " + iterations);
        out.println(" Number of active processes: " + processes);
        out.println();
        out.flush();
    }

    private static void line(PrintStream out, String label, String value) {
        out.printf(Locale.ROOT, " %-16s= %24s%n", label, value);
    }

    private static String format(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
