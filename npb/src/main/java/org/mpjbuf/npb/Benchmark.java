package org.mpjbuf.npb;

import java.io.PrintStream;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * One NAS kernel, run by every rank of a communicator through
 * {@link BenchmarkDriver#execute}.
 *
 * <p>Implementations keep no shared state, but an instance is not
 * thread-safe: each rank runs its own instance from its own thread.
 */
public interface Benchmark {
    /** {@return the NPB name, for example {@code "CG"}} */
    String name();

    /**
     * {@return the process counts the kernel's data distribution supports
     * for a class}
     *
     * @param problemClass the class
     * @throws IllegalArgumentException if the kernel does not support the class
     */
    ProcessCounts processCounts(ProblemClass problemClass);

    /**
     * {@return the problem size as the NPB report prints it}
     *
     * @param problemClass the class
     * @throws IllegalArgumentException if the kernel does not support the class
     */
    String size(ProblemClass problemClass);

    /**
     * {@return the number of timed iterations}
     *
     * @param problemClass the class
     * @throws IllegalArgumentException if the kernel does not support the class
     */
    int iterations(ProblemClass problemClass);

    /**
     * Runs the kernel on every rank of {@code comm}: set-up, the timed part,
     * and verification.
     *
     * @param comm the communicator, whose size the driver has checked
     * @param problemClass the class
     * @param progress where rank 0 prints progress lines (a null stream on
     *        the other ranks)
     * @return this rank's outcome; the verification flag counts at rank 0
     * @throws MPIException if communication fails
     * @throws IllegalArgumentException if the kernel does not support the
     *         class (FT class C)
     */
    Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException;

    /**
     * What one rank measured. Immutable and thread-safe.
     *
     * @param warmupIterations the untimed iterations before the timed part
     *        ({@link Warmup}); 0 for a kernel without one
     * @param timing this rank's timed part
     * @param megaOperations the operations of the whole run, in millions,
     *        as the NPB reference counts them
     * @param operationType what an operation is, as the NPB report says
     * @param verified whether verification passed (meaningful at rank 0)
     * @param phases where this rank's timed part went, phase by phase, or
     *        {@code null} for a kernel without phase timers
     */
    record Outcome(int warmupIterations, Timing timing, double megaOperations, String operationType, boolean verified,
            PhaseTimes phases) {
        /**
         * The outcome of a kernel without phase timers.
         *
         * @param warmupIterations the untimed iterations before the timed part
         * @param timing this rank's timed part
         * @param megaOperations the operations of the whole run, in millions
         * @param operationType what an operation is
         * @param verified whether verification passed (meaningful at rank 0)
         */
        Outcome(int warmupIterations, Timing timing, double megaOperations, String operationType, boolean verified) {
            this(warmupIterations, timing, megaOperations, operationType, verified, null);
        }
    }
}
