package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB SP, the scalar pentadiagonal pseudo-application: time steps of the
 * three-dimensional compressible Navier-Stokes equations by an approximate
 * factorisation whose factors, diagonalised, are scalar pentadiagonal
 * systems along the grid lines.
 *
 * <p>Design note (NPB 3.4 MPI {@code sp.f}, {@code adi.f}). The grid of
 * {@code N^3} points is cut into {@code q^3} cells over {@code q^2} ranks
 * by the multi-partition ({@link SpPartition}). A time step ({@code adi}):
 * <ol>
 * <li>exchange two ghost layers of the solution ({@link SpFaces}) and
 *     compute the right-hand side ({@link SpRhs});</li>
 * <li>change to x-characteristic variables, solve along x
 *     ({@link SpSolver}), change to y-characteristic variables, solve along
 *     y, change to z-characteristic variables, solve along z, change back
 *     ({@link SpBasis});</li>
 * <li>add the increment to the solution.</li>
 * </ol>
 * The forcing and the initial field come from the exact solution
 * ({@link SpExact}). After the last step the run is verified against the
 * reference's RMS norms of the error against the exact solution and of the
 * right-hand side, five each, within a relative {@code 1e-8}. As in the
 * reference, untimed steps (here until the JIT compiler is quiet,
 * {@link Warmup}) precede the timed ones, which start again from the
 * initial field.
 *
 * <p>Run it with {@code bin/mpjrun -np 4 org.mpjbuf.npb.SP CLASS=S}. Each
 * rank uses its own instance.
 */
public final class SP implements Benchmark {
    private static final double EPSILON = 1.0e-8;

    private static final int EXCHANGE = 0;
    private static final int RHS = 1;
    private static final int X_SOLVE = 2;
    private static final int Y_SOLVE = 3;
    private static final int Z_SOLVE = 4;
    private static final int POINTWISE = 5;
    private static final List<String> PHASES = List.of("face exchange (copy_faces)", "right-hand side",
            "x solve", "y solve", "z solve", "basis changes and update");

    /** Creates the benchmark; {@link #main} is the way to run it. */
    public SP() {
    }

    /**
     * Runs SP on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new SP(), args));
    }

    @Override
    public String name() {
        return "SP";
    }

    /** {@inheritDoc} The squares up to the count whose cells have three points per direction. */
    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        return SpPartition.processCounts(Parameters.of(problemClass).points());
    }

    @Override
    public String size(ProblemClass problemClass) {
        return SpPartition.size(Parameters.of(problemClass).points());
    }

    @Override
    public int iterations(ProblemClass problemClass) {
        return Parameters.of(problemClass).iterations();
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        Parameters parameters = Parameters.of(problemClass);
        int n = parameters.points();
        int[] points = {n, n, n};
        SpConstants k = new SpConstants(points, parameters.dt());
        int cellsPerSide = (int) Math.round(Math.sqrt(comm.Size()));
        SpPartition partition = new SpPartition(comm.Rank(), cellsPerSide, points);
        Stepper stepper = new Stepper(comm, partition, k);
        for (SpCell cell : partition.cells) {
            SpExact.forcing(cell, k);
            SpExact.initialize(cell, k);
        }
        int warmups = Warmup.run(comm, parameters.iterations(), stepper::step);
        for (SpCell cell : partition.cells) {
            SpExact.initialize(cell, k);
        }
        stepper.phases.reset();

        BenchmarkTimer timer = new BenchmarkTimer();
        timer.startAndRunSteps(comm, parameters.iterations(), false, progress, stepper::step);
        timer.stop();

        boolean verified = verify(comm, partition, k, stepper.faces, parameters.norms(), progress);
        // the reference's count, with t the mean number of points per direction
        double t = n;
        double megaOperations = 1.0e-6 * parameters.iterations() * (881.174 * t * t * t
                - 4683.91 * t * t + 11484.5 * t - 19272.4);
        return new Outcome(warmups, timer.timing(), megaOperations, "floating point", verified, stepper.phases);
    }

    /**
     * Compares the RMS norms of the right-hand side over {@code dt} and of
     * the error against the exact solution with the reference's, within a
     * relative {@code 1e-8}, and prints them as the reference does (SP's
     * and BT's {@code verify.f}).
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param k the constants
     * @param faces the ghost exchange, run before the right-hand side
     * @param expected the reference's residual norms 1-5, then its error norms 1-5
     * @param progress where the comparison goes
     * @return whether all ten norms match
     * @throws MPIException if communication fails
     */
    static boolean verify(Intracomm comm, SpPartition partition, SpConstants k, SpFaces faces,
            double[] expected, PrintStream progress) throws MPIException {
        double[] errors = new double[5];
        for (SpCell cell : partition.cells) {
            SpExact.addSquaredErrors(cell, k, errors);
        }
        double[] residuals = new double[5];
        faces.exchange();
        for (SpCell cell : partition.cells) {
            SpRhs.compute(cell, k);
            addSquaredInteriorRhs(cell, k, residuals);
        }
        double[] sums = new double[10];
        System.arraycopy(residuals, 0, sums, 0, 5);
        System.arraycopy(errors, 0, sums, 5, 5);
        double[] total = new double[10];
        comm.Allreduce(sums, 0, total, 0, 10, MPI.DOUBLE, MPI.SUM);
        double[] norms = new double[10];
        for (int i = 0; i < 10; i++) {
            double norm = total[i];
            for (int dir = 0; dir < 3; dir++) {
                norm = norm / (k.points[dir] - 2);
            }
            norms[i] = Math.sqrt(norm);
        }
        for (int m = 0; m < 5; m++) {
            norms[m] = norms[m] / k.dt;
        }
        return compareNorms(norms, expected, progress);
    }

    /**
     * Compares five residual norms and five error norms with the
     * reference's, within a relative {@code 1e-8}, and prints them as the
     * reference does (SP's, BT's and LU's {@code verify.f}).
     *
     * @param norms the residual norms 1-5, then the error norms 1-5
     * @param expected the reference's, in the same order
     * @param progress where the comparison goes
     * @return whether all ten match
     */
    static boolean compareNorms(double[] norms, double[] expected, PrintStream progress) {
        boolean verified = true;
        for (int i = 0; i < 10; i++) {
            if (i == 0) {
                progress.println(" Comparison of RMS-norms of residual");
            } else if (i == 5) {
                progress.println(" Comparison of RMS-norms of solution error");
            }
            verified &= compare(String.format("%2d", i % 5 + 1), norms[i], expected[i], progress);
        }
        return verified;
    }

    /**
     * Compares one value with the reference's, within a relative
     * {@code 1e-8}, and prints the line of the reference's comparison.
     *
     * @param label what the line shows before the value (a component's number)
     * @param value the computed value
     * @param expected the reference's
     * @param progress where the line goes
     * @return whether the value matches (never for NaN)
     */
    static boolean compare(String label, double value, double expected, PrintStream progress) {
        double difference = Math.abs((value - expected) / expected);
        boolean passed = difference <= EPSILON;
        progress.printf("%s %s%20.13E%20.13E%20.13E%n", passed ? "         " : " FAILURE:", label, value, expected,
                difference);
        return passed;
    }

    private static void addSquaredInteriorRhs(SpCell cell, SpConstants k, double[] sums) {
        int v = cell.volume;
        for (int z = cell.first(2); z <= cell.last(2, k.points[2]); z++) {
            for (int y = cell.first(1); y <= cell.last(1, k.points[1]); y++) {
                for (int x = cell.first(0); x <= cell.last(0, k.points[0]); x++) {
                    int p = cell.index(x, y, z);
                    for (int m = 0; m < 5; m++) {
                        double value = cell.rhs[m * v + p];
                        sums[m] += value * value;
                    }
                }
            }
        }
    }

    /** One rank's time step ({@code adi}) with its communication and phase timers. */
    private static final class Stepper {
        final SpFaces faces;
        final PhaseTimes phases = new PhaseTimes(PHASES);
        private final SpPartition partition;
        private final SpConstants k;
        private final SpSolver solver;

        Stepper(Intracomm comm, SpPartition partition, SpConstants k) {
            this.partition = partition;
            this.k = k;
            faces = new SpFaces(comm, partition);
            solver = new SpSolver(comm, partition, k);
        }

        void step() throws MPIException {
            phases.start();
            faces.exchange();
            phases.end(EXCHANGE);
            for (SpCell cell : partition.cells) {
                SpRhs.compute(cell, k);
            }
            phases.end(RHS);
            for (SpCell cell : partition.cells) {
                SpBasis.toXCharacteristic(cell, k.points);
            }
            phases.end(POINTWISE);
            solver.solve(0);
            phases.end(X_SOLVE);
            for (SpCell cell : partition.cells) {
                SpBasis.xToY(cell, k.points);
            }
            phases.end(POINTWISE);
            solver.solve(1);
            phases.end(Y_SOLVE);
            for (SpCell cell : partition.cells) {
                SpBasis.yToZ(cell, k.points);
            }
            phases.end(POINTWISE);
            solver.solve(2);
            phases.end(Z_SOLVE);
            for (SpCell cell : partition.cells) {
                SpBasis.fromZCharacteristic(cell, k.points);
                SpBasis.add(cell, k.points);
            }
            phases.end(POINTWISE);
        }
    }

    /**
     * The SP class table (NPB 3.4 {@code setparams.c} and {@code verify.f}).
     *
     * @param points the grid points per direction
     * @param dt the time step
     * @param iterations the time steps
     * @param norms the RMS norms of the residual (right-hand side divided by
     *        {@code dt}), components 1-5, then of the error, components 1-5
     */
    record Parameters(int points, double dt, int iterations, double[] norms) {
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(12, 0.015, 100, new double[] {
                    2.7470315451339479e-02, 1.0360746705285417e-02, 1.6235745065095532e-02,
                    1.5840557224455615e-02, 3.4849040609362460e-02,
                    2.7289258557377227e-05, 1.0364446640837285e-05, 1.6154798287166471e-05,
                    1.5750704994480102e-05, 3.4177666183390531e-05});
                case W -> new Parameters(36, 0.0015, 400, new double[] {
                    0.1893253733584e-02, 0.1717075447775e-03, 0.2778153350936e-03,
                    0.2887475409984e-03, 0.3143611161242e-02,
                    0.7542088599534e-04, 0.6512852253086e-05, 0.1049092285688e-04,
                    0.1128838671535e-04, 0.1212845639773e-03});
                case A -> new Parameters(64, 0.0015, 400, new double[] {
                    2.4799822399300195e0, 1.1276337964368832e0, 1.5028977888770491e0,
                    1.4217816211695179e0, 2.1292113035138280e0,
                    1.0900140297820550e-04, 3.7343951769282091e-05, 5.0092785406541633e-05,
                    4.7671093939528255e-05, 1.3621613399213001e-04});
                case B -> new Parameters(102, 0.001, 400, new double[] {
                    0.6903293579998e+02, 0.3095134488084e+02, 0.4103336647017e+02,
                    0.3864769009604e+02, 0.5643482272596e+02,
                    0.9810006190188e-02, 0.1022827905670e-02, 0.1720597911692e-02,
                    0.1694479428231e-02, 0.1847456263981e-01});
                case C -> new Parameters(162, 0.00067, 400, new double[] {
                    0.5881691581829e+03, 0.2454417603569e+03, 0.3293829191851e+03,
                    0.3081924971891e+03, 0.4597223799176e+03,
                    0.2598120500183e+00, 0.2590888922315e-01, 0.5132886416320e-01,
                    0.4806073419454e-01, 0.5483377491301e+00});
            };
        }
    }
}
