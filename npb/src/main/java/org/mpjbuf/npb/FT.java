package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.List;

import jdk.incubator.vector.DoubleVector;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB FT, the 3D FFT kernel: solves the heat equation
 * {@code du/dt = alpha laplacian(u)} spectrally on a periodic grid.
 *
 * <p>Design note (NPB 3.4 MPI {@code ft.f}). The initial field is a grid of
 * NPB random complex numbers, taken plane by plane in z. It is transformed
 * forward once; each time step multiplies the spectrum by
 * {@code exp(-4 alpha pi^2 |k|^2)} (cumulatively), transforms the result
 * back and sums 1024 fixed entries into a checksum. One rank transforms
 * along x, y and z in place; several ranks hold z-slabs, transform along x
 * and y, transpose globally into y-slabs ({@link FtTranspose}) so that z
 * becomes local, and transform along z; the spectrum and its multipliers
 * stay in the y-slab layout. The FFTs are {@link FftLines}. Everything from the
 * initial conditions on is timed, after untimed warm-up steps (set-up, one
 * time step and its checksum, {@link Warmup}). Verified against every step's checksum with
 * relative tolerance {@code 1e-12}.
 *
 * <p>Run it with {@code bin/mpjrun -np 2 org.mpjbuf.npb.FT CLASS=S}. Each rank
 * uses its own instance.
 */
public final class FT implements Benchmark {
    private static final double EPSILON = 1.0e-12;
    private static final double SEED = 314159265.0;
    /** The line of every timed step: its number and the checksum's two parts. */
    private static final ProgressLine CHECKSUM_LINE = new ProgressLine(" T = %5d     Checksum = %22.12e %22.12e%n");
    private static final double ALPHA = 1.0e-6;
    private static final int CHECKSUM_POINTS = 1024;

    /** The phases of the timed part, for {@link PhaseTimes}; the constants below index them. */
    private static final List<String> PHASES = List.of("initial conditions", "FFTs",
            "transposes (copies, Alltoallv)", "time steps", "checksums (Reduce)");
    private static final int INITIAL_CONDITIONS = 0;
    private static final int FFTS = 1;
    private static final int TRANSPOSES = 2;
    private static final int TIME_STEPS = 3;
    private static final int CHECKSUMS = 4;

    /** Creates the kernel; {@link #main} is the way to run it. */
    public FT() {
    }

    /**
     * Runs FT on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new FT(), args));
    }

    @Override
    public String name() {
        return "FT";
    }

    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        FtParameters parameters = FtParameters.of(problemClass);
        return ProcessCounts.powersOfTwo(Math.min(parameters.ny(), parameters.nz()));
    }

    @Override
    public String size(ProblemClass problemClass) {
        FtParameters parameters = FtParameters.of(problemClass);
        return parameters.nx() + "x" + parameters.ny() + "x" + parameters.nz();
    }

    @Override
    public int iterations(ProblemClass problemClass) {
        return FtParameters.of(problemClass).iterations();
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        FtParameters parameters = FtParameters.of(problemClass);
        Solver solver = new Solver(comm, parameters);
        double[] warmupSums = new double[2];
        int warmups = Warmup.run(comm, parameters.iterations(), () -> {
            solver.setUp();
            solver.evolve();
            solver.checksum(solver.inverse(), warmupSums, 1);
        });

        solver.phases.reset();
        CHECKSUM_LINE.rehearse(1, warmupSums[0], warmupSums[1]);
        comm.Barrier();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.start();
        solver.phases.start();
        solver.setUp();
        double[] sums = new double[2 * parameters.iterations()];
        for (int step = 1; step <= parameters.iterations(); step++) {
            solver.evolve();
            double[] field = solver.inverse();
            solver.checksum(field, sums, step);
            CHECKSUM_LINE.print(progress, step, sums[2 * step - 2], sums[2 * step - 1]);
        }
        timer.stop();

        boolean verified = comm.Rank() == 0 && verify(sums, parameters.checksums());
        double n = parameters.points();
        double megaOperations = 1.0e-6 * n * (14.8157 + 7.19641 * Math.log(n)
                + (5.23518 + 7.21113 * Math.log(n)) * parameters.iterations());
        return new Outcome(warmups, timer.timing(), megaOperations, "floating point", verified, solver.phases);
    }

    private static boolean verify(double[] sums, double[] expected) {
        for (int i = 0; i < expected.length; i += 2) {
            double dr = sums[i] - expected[i];
            double di = sums[i + 1] - expected[i + 1];
            double error = Math.sqrt((dr * dr + di * di)
                    / (expected[i] * expected[i] + expected[i + 1] * expected[i + 1]));
            if (!(error <= EPSILON)) {
                return false;
            }
        }
        return true;
    }

    /** One rank's fields and the steps of the solution. */
    private static final class Solver {
        private final Intracomm comm;
        private final FtParameters p;
        private final int processes;
        private final int firstPlane;
        private final int planes;
        private final int firstY;
        private final FftLines fft;
        private final FtTranspose transpose;
        private final double[] multipliers;
        private double[] spectrum;
        private double[] work;
        /** The transposes' work array; {@code null} on one rank. */
        private final double[] scratch;
        private final PhaseTimes phases = new PhaseTimes(PHASES);

        Solver(Intracomm comm, FtParameters parameters) throws MPIException {
            this.comm = comm;
            this.p = parameters;
            this.processes = comm.Size();
            this.planes = p.nz() / processes;
            this.firstPlane = comm.Rank() * planes;
            this.firstY = comm.Rank() * (p.ny() / processes);
            this.fft = new FftLines(Math.max(p.nx(), Math.max(p.ny(), p.nz())));
            this.transpose = processes > 1 ? new FtTranspose(comm, p.nx(), p.ny(), p.nz()) : null;
            int length = 2 * p.nx() * p.ny() * planes;
            this.multipliers = new double[length / 2];
            this.spectrum = new double[length];
            this.work = new double[length];
            this.scratch = transpose == null ? null : new double[length];
        }

        /** Initial conditions, multipliers and the forward transform into {@link #spectrum}. */
        void setUp() throws MPIException {
            computeMultipliers();
            initialConditions(work);
            phases.end(INITIAL_CONDITIONS);
            fft.transform(work, p.nx(), p.ny(), planes, 0, false);
            fft.transform(work, p.nx(), p.ny(), planes, 1, false);
            phases.end(FFTS);
            if (transpose == null) {
                double[] swap = spectrum;
                spectrum = work;
                work = swap;
            } else {
                transpose.toFrequencyLayout(work, scratch, spectrum);
                phases.end(TRANSPOSES);
            }
            fft.transform(spectrum, p.nx(), p.ny() / processes, p.nz(), 2, false);
            phases.end(FFTS);
        }

        /** Fills the field with NPB random numbers, plane by plane ({@code compute_initial_conditions}). */
        private void initialConditions(double[] field) {
            double a = NpbRandom.DEFAULT_MULTIPLIER;
            int planeLength = 2 * p.nx() * p.ny();
            double planeMultiplier = NpbRandom.power(a, planeLength);
            double start = NpbRandom.multiply(NpbRandom.power(a, (long) planeLength * firstPlane), SEED);
            for (int k = 0; k < planes; k++) {
                new NpbRandom(start).fill(a, field, k * planeLength, planeLength);
                start = NpbRandom.multiply(planeMultiplier, start);
            }
        }

        /**
         * The multiplier {@code exp(-4 alpha pi^2 |k|^2)} of every local
         * frequency, in the frequency layout ({@code compute_indexmap}): the
         * product of one factor per axis, {@code exp(-4 alpha pi^2 k_x^2)}
         * and so on, each computed once per wave number (it equals the
         * exponential of the sum up to rounding, far inside FT's tolerance).
         */
        private void computeMultipliers() {
            int nx = p.nx();
            int ny = p.ny();
            int nz = p.nz();
            double[] fx = axisFactors(nx);
            double[] fy = axisFactors(ny);
            double[] fz = axisFactors(nz);
            int yCount = ny / processes;
            for (int z = 0; z < nz; z++) {
                for (int y = 0; y < yCount; y++) {
                    double fyz = fy[firstY + y] * fz[z];
                    int row = nx * (y + yCount * z);
                    for (int x = 0; x < nx; x++) {
                        multipliers[row + x] = fx[x] * fyz;
                    }
                }
            }
        }

        /** {@return {@code exp(-4 alpha pi^2 k^2)} for the wave number {@code k} of every index along an axis} */
        private static double[] axisFactors(int n) {
            double ap = -4.0 * ALPHA * Math.PI * Math.PI;
            double[] factors = new double[n];
            for (int index = 0; index < n; index++) {
                int k = wrap(index, n);
                factors[index] = Math.exp(ap * k * k);
            }
            return factors;
        }

        /** Maps a frequency index to its signed wave number in {@code [-n/2, n/2)}. */
        private static int wrap(int index, int n) {
            return (index + n / 2) % n - n / 2;
        }

        /**
         * Advances the spectrum one step and copies it into the work array
         * ({@code evolve}), a vector of complex pairs at a time: each factor
         * is repeated for the real and the imaginary part
         * ({@link VectorLanes#LOW_PAIRS} from the factors twice).
         */
        void evolve() {
            double[] s = spectrum;
            double[] w = work;
            double[] m = multipliers;
            int lanes = VectorLanes.DOUBLES.length();
            int i = 0;
            for (; i <= m.length - lanes; i += lanes) {
                DoubleVector factors = DoubleVector.fromArray(VectorLanes.DOUBLES, m, i);
                DoubleVector low = DoubleVector.fromArray(VectorLanes.DOUBLES, s, 2 * i)
                        .mul(VectorLanes.LOW_PAIRS.selectFrom(factors, factors));
                DoubleVector high = DoubleVector.fromArray(VectorLanes.DOUBLES, s, 2 * i + lanes)
                        .mul(VectorLanes.HIGH_PAIRS.selectFrom(factors, factors));
                low.intoArray(s, 2 * i);
                high.intoArray(s, 2 * i + lanes);
                low.intoArray(w, 2 * i);
                high.intoArray(w, 2 * i + lanes);
            }
            for (; i < m.length; i++) {
                double factor = m[i];
                double re = s[2 * i] * factor;
                double im = s[2 * i + 1] * factor;
                s[2 * i] = re;
                s[2 * i + 1] = im;
                w[2 * i] = re;
                w[2 * i + 1] = im;
            }
            phases.end(TIME_STEPS);
        }

        /** Transforms the work array back to space, in place; returns it. */
        double[] inverse() throws MPIException {
            fft.transform(work, p.nx(), p.ny() / processes, p.nz(), 2, true);
            phases.end(FFTS);
            if (transpose != null) {
                transpose.toSpatialLayout(work, scratch, work);
                phases.end(TRANSPOSES);
            }
            fft.transform(work, p.nx(), p.ny(), planes, 1, true);
            fft.transform(work, p.nx(), p.ny(), planes, 0, true);
            phases.end(FFTS);
            return work;
        }

        /** Sums the 1024 checksum entries this rank holds and reduces them at rank 0. */
        void checksum(double[] field, double[] sums, int step) throws MPIException {
            int nx = p.nx();
            int ny = p.ny();
            int nz = p.nz();
            double[] local = new double[2];
            for (int j = 1; j <= CHECKSUM_POINTS; j++) {
                int z = (5 * j) % nz;
                if (z >= firstPlane && z < firstPlane + planes) {
                    int x = j % nx;
                    int y = (3 * j) % ny;
                    int index = 2 * (x + nx * (y + ny * (z - firstPlane)));
                    local[0] += field[index];
                    local[1] += field[index + 1];
                }
            }
            double points = p.points();
            local[0] /= points;
            local[1] /= points;
            comm.Reduce(local, 0, sums, 2 * step - 2, 2, MPI.DOUBLE, MPI.SUM, 0);
            phases.end(CHECKSUMS);
        }
    }
}
