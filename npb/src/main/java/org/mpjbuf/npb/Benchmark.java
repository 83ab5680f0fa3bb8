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
     * {@return the largest power-of-two process count the kernel's data
     * distribution supports for a class}
     *
     * @param problemClass the class
     * @throws IllegalArgumentException if the kernel does not support the class
     */
    int maxProcesses(ProblemClass problemClass);

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
     */
    record Outcome(int warmupIterations, Timing timing, double megaOperations, String operationType, boolean verified) {
    }
}
