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
 * one ran with the compiler busy for less than {@link #QUIET_FRACTION} of its
 * wall time and no faster than {@link #STEADY_RATIO} times the one before
 * (a quiet compiler alone does not mean compiled code: a method whose loops
 * have not yet run often enough is still interpreted, with no compilation
 * queued; when it is compiled the next iteration gets faster: MG's
 * interpolation, called a few times per iteration, was otherwise still
 * interpreted in the timed part), at most
 * {@link #MAXIMUM_ITERATIONS} times and no longer than
 * {@link #MAXIMUM_SECONDS} (short iterations need many repetitions before
 * the method around them is compiled, long ones a few); the ranks agree on
 * every repetition (the busiest and slowest rank decides), since an
 * iteration communicates. What is timed afterwards is the kernel's steady state,
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
    static final int MAXIMUM_ITERATIONS = 24;

    /**
     * The warm-up starts no third or later iteration once it has run this
     * long (the second always runs: the first is mostly interpreted).
     */
    static final double MAXIMUM_SECONDS = 3.0;

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
     * @param iteration the untimed iteration, which leaves the kernel's data
     *        ready for another iteration or for the timed part
     * @return how many iterations ran, from 2 to {@link #MAXIMUM_ITERATIONS}, the
     *         same on every rank
     * @throws MPIException if communication fails
     */
    static int run(Intracomm comm, Iteration iteration) throws MPIException {
        double[] mine = new double[3];
        double[] worst = new double[3];
        double warmupStartedAt = MPI.Wtime();
        double previousSeconds = Double.POSITIVE_INFINITY;
        for (int count = 1; ; count++) {
            long compiledBefore = BenchmarkTimer.compileMillis();
            double startedAt = MPI.Wtime();
            iteration.run();
            double now = MPI.Wtime();
            double seconds = Math.max(now - startedAt, 1.0e-6);
            long compiledMillis = BenchmarkTimer.compileMillis() - compiledBefore;
            mine[0] = compiledMillis * 1.0e-3 / seconds;
            mine[1] = now - warmupStartedAt;
            mine[2] = seconds;
            comm.Allreduce(mine, 0, worst, 0, 3, MPI.DOUBLE, MPI.MAX);
            boolean steady = worst[0] < QUIET_FRACTION && worst[2] >= STEADY_RATIO * previousSeconds;
            if (steady || count == MAXIMUM_ITERATIONS || count >= 2 && worst[1] >= MAXIMUM_SECONDS) {
                return count;
            }
            previousSeconds = worst[2];
        }
    }
}
