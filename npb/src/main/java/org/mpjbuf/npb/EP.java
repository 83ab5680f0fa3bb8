package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.Arrays;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

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
    private static final VectorSpecies<Double> LANES = VectorLanes.DOUBLES;

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
    public ProcessCounts processCounts(ProblemClass problemClass) {
        return ProcessCounts.powersOfTwo(1 << (Parameters.of(problemClass).m() - BATCH_LOG2));
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
        int warmups = Warmup.run(comm, Math.max(1, perRank / Math.max(1, warmupBatches)), () -> {
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
     * <p>Two passes, both on vectors of {@link #LANES} pairs (a batch's
     * {@value #BATCH_PAIRS} pairs are a whole number of vectors): the first
     * keeps the pairs inside the unit circle, packed into {@code accepted} by
     * compressing the lanes that pass (no branch: the acceptance test fails
     * for about one pair in five, at random); the second turns the kept pairs
     * into Gaussian pairs (logarithm, division and square root of every lane
     * at once), keeping one partial sum per lane, and leaves each pair's
     * annulus radius in {@code ts} for a last counting loop. The lanes'
     * partial sums make the additions run in another order than the
     * specification's single loop: the sums differ from the reference's in
     * the last digits, far inside the verification's relative tolerance of
     * {@code 1e-8}.
     */
    private static void tally(double[] deviates, Accepted accepted, double[] sums) {
        double[] xs = accepted.xs;
        double[] ys = accepted.ys;
        double[] ts = accepted.ts;
        int lanes = LANES.length();
        int kept = 0;
        for (int i = 0; i < BATCH_PAIRS; i += lanes) {
            DoubleVector low = DoubleVector.fromArray(LANES, deviates, 2 * i);
            DoubleVector high = DoubleVector.fromArray(LANES, deviates, 2 * i + lanes);
            DoubleVector x1 = VectorLanes.REAL_PARTS.selectFrom(low, high).mul(2.0).sub(1.0);
            DoubleVector x2 = VectorLanes.IMAGINARY_PARTS.selectFrom(low, high).mul(2.0).sub(1.0);
            DoubleVector t1 = x1.mul(x1).add(x2.mul(x2));
            VectorMask<Double> inside = t1.compare(VectorOperators.LE, 1.0);
            x1.compress(inside).intoArray(xs, kept);
            x2.compress(inside).intoArray(ys, kept);
            t1.compress(inside).intoArray(ts, kept);
            kept += inside.trueCount();
        }
        DoubleVector sxLanes = DoubleVector.zero(LANES);
        DoubleVector syLanes = DoubleVector.zero(LANES);
        int k = 0;
        for (; k <= kept - lanes; k += lanes) {
            DoubleVector t1 = DoubleVector.fromArray(LANES, ts, k);
            DoubleVector t2 = t1.lanewise(VectorOperators.LOG).mul(-2.0).div(t1).sqrt();
            DoubleVector t3 = DoubleVector.fromArray(LANES, xs, k).mul(t2);
            DoubleVector t4 = DoubleVector.fromArray(LANES, ys, k).mul(t2);
            sxLanes = sxLanes.add(t3);
            syLanes = syLanes.add(t4);
            t3.abs().max(t4.abs()).intoArray(ts, k);
        }
        double sx = sums[0] + sxLanes.reduceLanes(VectorOperators.ADD);
        double sy = sums[1] + syLanes.reduceLanes(VectorOperators.ADD);
        for (; k < kept; k++) {
            double t1 = ts[k];
            double t2 = Math.sqrt(-2.0 * Math.log(t1) / t1);
            double t3 = xs[k] * t2;
            double t4 = ys[k] * t2;
            ts[k] = Math.max(Math.abs(t3), Math.abs(t4));
            sx += t3;
            sy += t4;
        }
        int[] annuli = accepted.annuli;
        Arrays.fill(annuli, 0);
        for (k = 0; k < kept; k++) {
            annuli[(int) ts[k]]++;
        }
        for (int annulus = 0; annulus < ANNULI; annulus++) {
            sums[2 + annulus] += annuli[annulus];
        }
        sums[0] = sx;
        sums[1] = sy;
    }

    /**
     * The pairs of one batch inside the unit circle: coordinates and squared
     * radius. The arrays have a vector's lanes more room than pairs: a
     * compressed vector is stored whole, its unused lanes overwritten by the
     * next.
     *
     * @param xs the first coordinates
     * @param ys the second coordinates
     * @param ts the squared radii, then the annulus radii
     * @param annuli the count of pairs per annulus
     */
    private record Accepted(double[] xs, double[] ys, double[] ts, int[] annuli) {
        Accepted(int capacity) {
            this(new double[capacity + LANES.length()], new double[capacity + LANES.length()],
                    new double[capacity + LANES.length()], new int[ANNULI]);
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
