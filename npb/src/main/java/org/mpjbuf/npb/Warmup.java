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
 * a class A timed part. The warm-up therefore repeats the iteration, and
 * looks at the iterations in windows of at least {@link #WINDOW_SECONDS}: it
 * ends after a window in which the compiler threads were busy for less than
 * {@link #QUIET_FRACTION} of the wall time ({@link CompilerActivity}: a
 * compilation still under way counts) and whose iterations took on average
 * no less than {@link #STEADY_RATIO} times those of the window before (a
 * quiet compiler alone does not mean compiled code: a method whose loops
 * have not yet run often enough is still interpreted, with no compilation
 * queued; when it is compiled the next iteration gets faster: MG's
 * interpolation, called a few times per iteration, was otherwise still
 * interpreted in the timed part), at most {@link #MAXIMUM_ITERATIONS} times.
 * A window rather than one iteration, because the compilations of the
 * communication path come a few at a time, with quiet iterations between:
 * LU class A on 2 ranks, whose iterations take 45 ms, ended its warm-up on
 * one quiet iteration and compiled for 0.7-1.1 s in its 12 s timed part, a
 * second that one rank lost and the other waited out.
 * It starts no third or later iteration once it has run for
 * {@link #MAXIMUM_SECONDS}, or for {@link #MAXIMUM_SHARE} of what the timed
 * part will take at the last iteration's pace if that is longer: with four
 * ranks on two cores BT's and SP's kernels are compiled four times over,
 * which took the compiler 5-8 s, and a fixed 3 s left BT class A with 3-5 s
 * of compiling in its 25-28 s timed part. The limits were 6 s and 200
 * iterations because ranks that are processes each compile the device's
 * message path themselves, and it reaches the optimizing compiler's
 * thresholds late, since an iteration sends only tens of messages: CG class A
 * on 2 processes over niodev stopped at the earlier 3 s, after 52-74
 * iterations, and then compiled for 0.16-0.33 s of its 0.5-0.7 s timed part
 * (the device's {@code ProgressEngine.drive} alone 60 ms); with 6 s and 200
 * iterations it ran 3100-3434 Mop/s against 1937-2552, three pairs in turn
 * (MG class A on 2 ranks of smdev 13087-13893 against 12402-13411), for 2-3 s
 * more of warm-up. The iterations' limit is now 400, so that a kernel of short
 * iterations runs until the time limit: CG class A on 2 ranks of smdev sends at least
 * 26 vectors an iteration, and the path that stages one whose receive is not
 * posted yet ({@code Transfers.stageRun} and the pool's allocation) reached
 * the optimizing compiler's thresholds about 200 iterations in, so after 200
 * iterations eight compilations fell inside the timed part. With 400 (379 ran,
 * in 6 s) CG class A ran at 6388-7761 Mop/s against 5854-6863, ahead in 7 of
 * 11 pairs in turn, with the compiler's time inside the timed part at 0.01-0.03
 * s against 0.02-0.04 s; kernels whose windows turn quiet earlier (MG, FT) do
 * not run longer. The ranks agree on every
 * repetition (the busiest and slowest rank decides), since an iteration
 * communicates. Each iteration also runs the barrier that every kernel runs
 * just before it starts its timer. Code compiled with a profile that never
 * saw a barrier is thrown away when the barrier comes: on ranks that are
 * processes, a barrier's empty messages take branches of the send path
 * (an empty run, bytes rather than doubles) that CG's messages never took,
 * the optimised send path of each process was deoptimized by them, and the
 * timed part ran it interpreted while the compiler rebuilt it, 0.1-0.2 s of
 * compiling (a JFR recording of deoptimizations and compilations). With the
 * barrier in the warm-up, CG class A on 2 processes over niodev ran at
 * 4731-5569 Mop/s against 2364-3131, four runs each in turn, the compiler
 * threads' time inside the timed part down from 0.13-0.20 s to 0.01 s.
 * What is timed afterwards is the kernel's steady state, starting from the
 * same data as the reference's timed part.
 *
 * <p>Stateless and thread-safe; every rank calls it from its own thread.
 */
final class Warmup {
    /** The compiler's share of a window's wall time below which the JVM counts as warm. */
    static final double QUIET_FRACTION = 0.02;

    /**
     * The least ratio of a window's mean iteration time to the window before's
     * for which the code counts as steady: faster iterations mean code was still
     * being replaced by compiled code.
     */
    static final double STEADY_RATIO = 0.95;

    /** The least wall time of the iterations that the warm-up judges together. */
    static final double WINDOW_SECONDS = 0.5;

    /** The most untimed iterations, the reference's one included. */
    static final int MAXIMUM_ITERATIONS = 400;

    /**
     * The warm-up starts no third or later iteration once it has run this
     * long (the second always runs: the first is mostly interpreted), unless
     * {@link #MAXIMUM_SHARE} of the timed part is longer.
     */
    static final double MAXIMUM_SECONDS = 6.0;

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
     * Runs {@code iteration} at least twice, then again until a window of
     * iterations was quiet and steady or the warm-up has run long enough.
     *
     * @param comm the kernel's communicator; every rank must call this
     * @param timedIterations how many iterations the timed part runs, which
     *        bounds the warm-up's length (see {@link #MAXIMUM_SHARE})
     * @param iteration the untimed iteration, which leaves the kernel's data
     *        ready for another iteration or for the timed part
     * @return how many iterations ran, from 2 to {@link #MAXIMUM_ITERATIONS}, the
     *         same on every rank
     * @throws IllegalArgumentException if {@code timedIterations} is below 1
     * @throws MPIException if communication fails
     */
    static int run(Intracomm comm, int timedIterations, Iteration iteration) throws MPIException {
        Watch watch = new Watch(timedIterations);
        CompilerActivity compiler = new CompilerActivity();
        double[] mine = new double[3];
        double[] worst = new double[3];
        double warmupStartedAt = MPI.Wtime();
        while (true) {
            compiler.nanosSinceLastReading();
            double startedAt = MPI.Wtime();
            iteration.run();
            double now = MPI.Wtime();
            mine[0] = compiler.nanosSinceLastReading() * 1.0e-9;
            mine[1] = Math.max(now - startedAt, 1.0e-6);
            mine[2] = now - warmupStartedAt;
            // the barrier that starts the timed part, rehearsed (see the design note)
            comm.Barrier();
            comm.Allreduce(mine, 0, worst, 0, 3, MPI.DOUBLE, MPI.MAX);
            if (watch.isOverAfter(worst[0], worst[1], worst[2])) {
                return watch.iterations();
            }
        }
    }

    /**
     * The warm-up's judgement of its iterations, fed with the same figures on every rank so that
     * every rank decides alike.
     *
     * <p>Not thread-safe: one per warm-up.
     */
    static final class Watch {
        private final int timedIterations;
        private int iterations;
        private double windowCompilerSeconds;
        private double windowSeconds;
        private int windowIterations;
        private double previousMeanSeconds = Double.POSITIVE_INFINITY;

        /**
         * Starts watching a warm-up.
         *
         * @param timedIterations how many iterations the timed part runs
         * @throws IllegalArgumentException if it is below 1
         */
        Watch(int timedIterations) {
            if (timedIterations < 1) {
                throw new IllegalArgumentException("the timed part needs at least 1 iteration but was given "
                        + timedIterations);
            }
            this.timedIterations = timedIterations;
        }

        /** {@return the iterations seen so far} */
        int iterations() {
            return iterations;
        }

        /**
         * Takes in one more iteration and tells whether the warm-up ends after it.
         *
         * @param compilerSeconds the compiler threads' processor time during the iteration
         * @param seconds the iteration's wall time
         * @param elapsedSeconds the warm-up's wall time so far
         * @return whether to stop: a window ended quiet and steady, or the warm-up is long enough
         */
        boolean isOverAfter(double compilerSeconds, double seconds, double elapsedSeconds) {
            iterations++;
            windowCompilerSeconds += compilerSeconds;
            windowSeconds += seconds;
            windowIterations++;
            if (windowSeconds >= WINDOW_SECONDS) {
                double meanSeconds = windowSeconds / windowIterations;
                boolean quiet = windowCompilerSeconds < QUIET_FRACTION * windowSeconds;
                if (quiet && meanSeconds >= STEADY_RATIO * previousMeanSeconds) {
                    return true;
                }
                previousMeanSeconds = meanSeconds;
                windowCompilerSeconds = 0.0;
                windowSeconds = 0.0;
                windowIterations = 0;
            }
            double longest = Math.max(MAXIMUM_SECONDS, MAXIMUM_SHARE * timedIterations * seconds);
            return iterations >= MAXIMUM_ITERATIONS || iterations >= 2 && elapsedSeconds >= longest;
        }
    }
}
