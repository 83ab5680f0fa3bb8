package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The untimed warm-up before a kernel's timed part: the reference's one
 * untimed iteration, repeated while the JVM's just-in-time compiler is still
 * busy with the kernel's code.
 *
 * <p>Design note. The NPB reference runs one iteration before it starts the
 * timer, so that the timed part does not pay for first touches. On a JVM one
 * iteration is not enough: the hot methods run in the interpreter and in
 * on-stack-replacement code during it, and their optimised versions are
 * compiled in the background afterwards — during the timed part, on the same
 * cores as the ranks. On smdev every rank's classes live in a class loader
 * of their own, so each rank's copy of the kernel is compiled separately: on
 * two cores the compiler threads then took 0.8-1.6 s out of the 1.1-2.3 s of
 * a class A timed part. The warm-up therefore repeats the iteration until
 * one ran with the compiler threads busy for less than {@link #QUIET_FRACTION}
 * of its wall time ({@link CompilerActivity}: a compilation still under way
 * counts) and no faster than {@link #STEADY_RATIO} times the one before
 * (a quiet compiler alone does not mean compiled code: a method whose loops
 * have not yet run often enough is still interpreted, with no compilation
 * queued; when it is compiled the next iteration gets faster: MG's
 * interpolation, called a few times per iteration, was otherwise still
 * interpreted in the timed part), at most {@link #MAXIMUM_ITERATIONS} times.
 * It starts no third or later iteration once it has run for
 * {@link #MAXIMUM_SECONDS}, or for {@link #MAXIMUM_SHARE} of what the timed
 * part will take at the last iteration's pace if that is longer: with four
 * ranks on two cores BT's and SP's kernels are compiled four times over,
 * which took the compiler 5-8 s, and a fixed 3 s left BT class A with 3-5 s
 * of compiling in its 25-28 s timed part. The ranks agree on every
 * repetition (the busiest and slowest rank decides), since an iteration
 * communicates. What is timed afterwards is the kernel's steady state,
 * starting from the same data as the reference's timed part.
 *
 * <p>Stateless and thread-safe; every rank calls it from its own thread.
 */
final class Warmup {
    /** The compiler's share of an iteration's wall time below which the JVM counts as warm. */
    static final double QUIET_FRACTION = 0.02;

    /**
     * The least ratio of an iteration's time to the one before for which the
     * code counts as steady: a faster iteration means code was still being
     * replaced by compiled code.
     */
    static final double STEADY_RATIO = 0.95;

    /** The most untimed iterations, the reference's one included. */
    static final int MAXIMUM_ITERATIONS = 100;

    /**
     * The warm-up starts no third or later iteration once it has run this
     * long (the second always runs: the first is mostly interpreted), unless
     * {@link #MAXIMUM_SHARE} of the timed part is longer.
     */
    static final double MAXIMUM_SECONDS = 3.0;

    /**
     * The longest warm-up as a share of the timed part it precedes, estimated
     * as the timed iterations at the last warm-up iteration's pace.
     */
    static final double MAXIMUM_SHARE = 0.25;

    private Warmup() {
    }

    /** One untimed iteration of a kernel. */
    @FunctionalInterface
    interface Iteration {
        /**
         * Runs the iteration.
         *
         * @throws MPIException if communication fails
         */
        void run() throws MPIException;
    }

    /**
     * Runs {@code iteration} at least twice, then again while the compiler
     * was busy during the last one or the last one ran faster than the one
     * before.
     *
     * @param comm the kernel's communicator; every rank must call this
     * @param timedIterations how many iterations the timed part runs, which
     *        bounds the warm-up's length (see {@link #MAXIMUM_SHARE})
     * @param iteration the untimed iteration, which leaves the kernel's data
     *        ready for another iteration or for the timed part
     * @return how many iterations ran, from 2 to {@link #MAXIMUM_ITERATIONS}, the
     *         same on every rank
     * @throws MPIException if communication fails
     */
    static int run(Intracomm comm, int timedIterations, Iteration iteration) throws MPIException {
        if (timedIterations < 1) {
            throw new IllegalArgumentException("the timed part needs at least 1 iteration but was given " + timedIterations);
        }
        CompilerActivity compiler = new CompilerActivity();
        double[] mine = new double[3];
        double[] worst = new double[3];
        double warmupStartedAt = MPI.Wtime();
        double previousSeconds = Double.POSITIVE_INFINITY;
        for (int count = 1; ; count++) {
            compiler.nanosSinceLastReading();
            double startedAt = MPI.Wtime();
            iteration.run();
            double now = MPI.Wtime();
            double seconds = Math.max(now - startedAt, 1.0e-6);
            mine[0] = compiler.nanosSinceLastReading() * 1.0e-9 / seconds;
            mine[1] = now - warmupStartedAt;
            mine[2] = seconds;
            comm.Allreduce(mine, 0, worst, 0, 3, MPI.DOUBLE, MPI.MAX);
            if (isOver(count, worst[0], worst[2], previousSeconds, worst[1], timedIterations)) {
                return count;
            }
            previousSeconds = worst[2];
        }
    }

    /**
     * Tells whether the warm-up ends after an iteration.
     *
     * @param count the iterations run so far, this one included
     * @param compilerShare the compiler threads' processor time during this iteration over its wall time
     * @param seconds this iteration's wall time
     * @param previousSeconds the iteration before's, infinite after the first
     * @param elapsedSeconds the warm-up's wall time so far
     * @param timedIterations how many iterations the timed part runs
     * @return whether to stop: the iteration was quiet and steady, or the warm-up is long enough
     */
    static boolean isOver(int count, double compilerShare, double seconds, double previousSeconds,
            double elapsedSeconds, int timedIterations) {
        boolean steady = compilerShare < QUIET_FRACTION && seconds >= STEADY_RATIO * previousSeconds;
        double longest = Math.max(MAXIMUM_SECONDS, MAXIMUM_SHARE * timedIterations * seconds);
        return steady || count >= MAXIMUM_ITERATIONS || count >= 2 && elapsedSeconds >= longest;
    }
}
