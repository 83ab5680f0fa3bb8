package org.mpjbuf.npb;

import java.io.PrintStream;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB EP, the embarrassingly parallel kernel: Gaussian pairs by the
 * Marsaglia polar method, tallied in square annuli.
 *
 * <p>Design note. {@code 2^(m+1)} uniform deviates of the NPB generator are
 * taken in {@code 2^(m-16)} batches of {@code 2^17}. Batch {@code k} starts at
 * the seed {@code s * a^(2^17 k)}, found by binary skipping, so batches are
 * independent: rank {@code r} of {@code p} runs batches
 * {@code [r n/p, (r+1) n/p)}. Each pair {@code (x, y)} of deviates mapped to
 * {@code [-1, 1)} with {@code t = x^2 + y^2 <= 1} gives the Gaussian pair
 * {@code (x f, y f)}, {@code f = sqrt(-2 ln t / t)}; its sums and the count
 * in annulus {@code l = floor(max(|X|, |Y|))} are reduced with
 * {@code Allreduce} at the end (NPB 3.4 MPI {@code ep.f}). Verified against
 * the sums {@code sx, sy} with relative tolerance {@code 1e-8}. Before the
 * timed part the rank's first batches run untimed, into sums that are
 * discarded, until the JIT compiler is quiet ({@link Warmup}; the reference
 * has no warm-up beyond one call of its generator).
 *
 * <p>Run it with {@code bin/mpjrun -np 2 org.mpjbuf.npb.EP CLASS=S}. Each rank
 * uses its own instance.
 */
public final class EP implements Benchmark {
    private static final int BATCH_LOG2 = 16;
    private static final int BATCH_PAIRS = 1 << BATCH_LOG2;
    private static final int ANNULI = 10;
    /** The batches of one untimed warm-up iteration ({@link Warmup}), whose sums are discarded. */
    private static final int WARMUP_BATCHES = 8;
    private static final double SEED = 271828183.0;
    private static final double EPSILON = 1.0e-8;

    /** Creates the kernel; {@link #main} is the way to run it. */
    public EP() {
    }

    /**
     * Runs EP on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new EP(), args));
    }

    @Override
    public String name() {
        return "EP";
    }

    @Override
    public int maxProcesses(ProblemClass problemClass) {
        return 1 << (Parameters.of(problemClass).m() - BATCH_LOG2);
    }

    @Override
    public String size(ProblemClass problemClass) {
        return Long.toString(1L << (Parameters.of(problemClass).m() + 1));
    }

    @Override
    public int iterations(ProblemClass problemClass) {
        return 0;
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        Parameters parameters = Parameters.of(problemClass);
        int batches = 1 << (parameters.m() - BATCH_LOG2);
        int perRank = batches / comm.Size();
        int firstBatch = comm.Rank() * perRank;
        double[] deviates = new double[2 * BATCH_PAIRS];
        Accepted accepted = new Accepted(BATCH_PAIRS);
        double[] sums = new double[2 + ANNULI];
        double batchMultiplier = NpbRandom.power(NpbRandom.DEFAULT_MULTIPLIER, 2L * BATCH_PAIRS);
        double[] discarded = new double[sums.length];
        int warmupBatches = Math.min(WARMUP_BATCHES, perRank);
        int warmups = Warmup.run(comm, () -> {
            for (int batch = 0; batch < warmupBatches; batch++) {
                runBatch(firstBatch + batch, batchMultiplier, deviates, accepted, discarded);
            }
        });

        comm.Barrier();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.start();
        int reportEvery = Math.max(1, perRank / 4);
        for (int batch = 0; batch < perRank; batch++) {
            runBatch(firstBatch + batch, batchMultiplier, deviates, accepted, sums);
            if (problemClass.compareTo(ProblemClass.A) >= 0 && (batch + 1) % reportEvery == 0) {
                progress.printf("  %3d%% of the batches done%n", 100 * (batch + 1) / perRank);
            }
        }
        double[] total = new double[sums.length];
        comm.Allreduce(sums, 0, total, 0, sums.length, MPI.DOUBLE, MPI.SUM);
        timer.stop();

        double sx = total[0];
        double sy = total[1];
        double pairs = 0;
        for (int annulus = 0; annulus < ANNULI; annulus++) {
            pairs += total[2 + annulus];
        }
        boolean verified = Math.abs((sx - parameters.sx()) / parameters.sx()) <= EPSILON
                && Math.abs((sy - parameters.sy()) / parameters.sy()) <= EPSILON;
        progress.printf(" EP sums: sx = %25.15e, sy = %25.15e%n", sx, sy);
        progress.printf(" Gaussian pairs: %15.0f%n", pairs);
        for (int annulus = 0; annulus < ANNULI; annulus++) {
            progress.printf(" %3d %15.0f%n", annulus, total[2 + annulus]);
        }
        double megaOperations = Math.scalb(1.0, parameters.m() + 1) / 1.0e6;
        return new Outcome(warmups, timer.timing(), megaOperations, "Random numbers generated", verified);
    }

    /**
     * Draws the deviates of batch {@code batch} (its part of the sequence,
     * found by skipping ahead) and adds its Gaussian pairs to {@code sums}.
     */
    private static void runBatch(int batch, double batchMultiplier, double[] deviates, Accepted accepted,
            double[] sums) {
        double seed = NpbRandom.multiply(NpbRandom.power(batchMultiplier, batch), SEED);
        new NpbRandom(seed).fill(NpbRandom.DEFAULT_MULTIPLIER, deviates, 0, deviates.length);
        tally(deviates, accepted, sums);
    }

    /**
     * Turns one batch of uniform deviates into Gaussian pairs and adds them to {@code sums}.
     *
     * <p>Two passes: the first keeps the pairs inside the unit circle, packed
     * into {@code accepted}, without a branch (the
     * acceptance test fails for about one pair in five, at random, so a branch
     * on it is mispredicted often); the second turns every kept pair into a
     * Gaussian pair in a loop without data-dependent branches (the annulus
     * by {@link Math#max}, not by a comparison and a branch), taking the
     * logarithm inline ({@link Logarithm}). The pairs are added in the order
     * of the specification's single loop.
     */
    private static void tally(double[] deviates, Accepted accepted, double[] sums) {
        double[] xs = accepted.xs;
        double[] ys = accepted.ys;
        double[] ts = accepted.ts;
        int kept = 0;
        for (int i = 0; i < xs.length; i++) {
            double x1 = 2.0 * deviates[2 * i] - 1.0;
            double x2 = 2.0 * deviates[2 * i + 1] - 1.0;
            double t1 = x1 * x1 + x2 * x2;
            xs[kept] = x1;
            ys[kept] = x2;
            ts[kept] = t1;
            kept += t1 <= 1.0 ? 1 : 0;
        }
        double sx = sums[0];
        double sy = sums[1];
        for (int k = 0; k < kept; k++) {
            double t1 = ts[k];
            double t2 = Math.sqrt(-2.0 * Logarithm.log(t1) / t1);
            double t3 = xs[k] * t2;
            double t4 = ys[k] * t2;
            int annulus = (int) Math.max(Math.abs(t3), Math.abs(t4));
            sums[2 + annulus] += 1.0;
            sx += t3;
            sy += t4;
        }
        sums[0] = sx;
        sums[1] = sy;
    }

    /**
     * The pairs of one batch inside the unit circle: coordinates and squared
     * radius.
     *
     * @param xs the first coordinates
     * @param ys the second coordinates
     * @param ts the squared radii
     */
    private record Accepted(double[] xs, double[] ys, double[] ts) {
        Accepted(int capacity) {
            this(new double[capacity], new double[capacity], new double[capacity]);
        }
    }

    /**
     * The EP class table.
     *
     * @param m log2 of the number of Gaussian pairs tried
     * @param sx the expected sum of the X deviates
     * @param sy the expected sum of the Y deviates
     */
    record Parameters(int m, double sx, double sy) {
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(24, -3.247834652034740e3, -6.958407078382297e3);
                case W -> new Parameters(25, -2.863319731645753e3, -6.320053679109499e3);
                case A -> new Parameters(28, -4.295875165629892e3, -1.580732573678431e4);
                case B -> new Parameters(30, 4.033815542441498e4, -2.660669192809235e4);
                case C -> new Parameters(32, 4.764367927995374e4, -8.084072988043731e4);
            };
        }
    }
}
