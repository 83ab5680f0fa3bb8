package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.List;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * NPB BT, the block tridiagonal pseudo-application: time steps of the
 * three-dimensional compressible Navier-Stokes equations by an approximate
 * factorisation whose factors are block tridiagonal systems, with 5x5
 * blocks, along the grid lines.
 *
 * <p>Design note (NPB 3.4 MPI {@code bt.f}, {@code adi.f}). BT shares SP's
 * discretisation and decomposition: the multi-partition of the grid into
 * {@code q^3} cells over {@code q^2} ranks ({@link SpPartition}), the exact
 * solution, forcing and initial field ({@link SpExact}), the right-hand
 * side ({@link SpRhs}), the ghost exchange ({@link SpFaces}) and the
 * verification ({@code SP.verify}); the reference's BT and SP compute them
 * alike. A time step ({@code adi}):
 * <ol>
 * <li>exchange two ghost layers of the solution and compute the
 *     right-hand side;</li>
 * <li>solve the block tridiagonal systems along x, then y, then z
 *     ({@link BtSolver}), each on the increment the last one left;</li>
 * <li>add the increment to the solution.</li>
 * </ol>
 * As in the reference, untimed steps (here until the JIT compiler is quiet,
 * {@link Warmup}) precede the timed ones, which start again from the
 * initial field.
 *
 * <p>Run it with {@code bin/mpjrun -np 4 org.mpjbuf.npb.BT CLASS=S}. Each
 * rank uses its own instance.
 */
public final class BT implements Benchmark {
    private static final int EXCHANGE = 0;
    private static final int RHS = 1;
    private static final int X_SOLVE = 2;
    private static final int Y_SOLVE = 3;
    private static final int Z_SOLVE = 4;
    private static final int ADD = 5;
    private static final List<String> PHASES = List.of("face exchange (copy_faces)", "right-hand side",
            "x solve", "y solve", "z solve", "update (add)");

    /** Creates the benchmark; {@link #main} is the way to run it. */
    public BT() {
    }

    /**
     * Runs BT on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new BT(), args));
    }

    @Override
    public String name() {
        return "BT";
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

        boolean verified = SP.verify(comm, partition, k, stepper.faces, parameters.norms(), progress);
        // the reference's count, with t the mean number of points per direction
        double t = n;
        double megaOperations = 1.0e-6 * parameters.iterations() * (3478.8 * t * t * t
                - 17655.7 * t * t + 28023.7 * t);
        return new Outcome(warmups, timer.timing(), megaOperations, "floating point", verified, stepper.phases);
    }

    /** One rank's time step ({@code adi}) with its communication and phase timers. */
    private static final class Stepper {
        final SpFaces faces;
        final PhaseTimes phases = new PhaseTimes(PHASES);
        private final SpPartition partition;
        private final SpConstants k;
        private final BtSolver solver;

        Stepper(Intracomm comm, SpPartition partition, SpConstants k) {
            this.partition = partition;
            this.k = k;
            faces = new SpFaces(comm, partition);
            solver = new BtSolver(comm, partition, k);
        }

        void step() throws MPIException {
            phases.start();
            faces.exchange();
            phases.end(EXCHANGE);
            for (SpCell cell : partition.cells) {
                SpRhs.compute(cell, k);
            }
            phases.end(RHS);
            solver.solve(0);
            phases.end(X_SOLVE);
            solver.solve(1);
            phases.end(Y_SOLVE);
            solver.solve(2);
            phases.end(Z_SOLVE);
            for (SpCell cell : partition.cells) {
                SpBasis.add(cell, k.points);
            }
            phases.end(ADD);
        }
    }

    /**
     * The BT class table (NPB 3.4 {@code setparams.c}, {@code write_bt_info},
     * and BT's {@code verify.f}).
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
                case S -> new Parameters(12, 0.010, 60, new double[] {
                    1.7034283709541311e-01, 1.2975252070034097e-02, 3.2527926989486055e-02,
                    2.6436421275166801e-02, 1.9211784131744430e-01,
                    4.9976913345811579e-04, 4.5195666782961927e-05, 7.3973765172921357e-05,
                    7.3821238632439731e-05, 8.9269630987491446e-04});
                case W -> new Parameters(24, 0.0008, 200, new double[] {
                    0.1125590409344e+03, 0.1180007595731e+02, 0.2710329767846e+02,
                    0.2469174937669e+02, 0.2638427874317e+03,
                    0.4419655736008e+01, 0.4638531260002e+00, 0.1011551749967e+01,
                    0.9235878729944e+00, 0.1018045837718e+02});
                case A -> new Parameters(64, 0.0008, 200, new double[] {
                    1.0806346714637264e+02, 1.1319730901220813e+01, 2.5974354511582465e+01,
                    2.3665622544678910e+01, 2.5278963211748344e+02,
                    4.2348416040525025e+00, 4.4390282496995698e-01, 9.6692480136345650e-01,
                    8.8302063039765474e-01, 9.7379901770829278e+00});
                case B -> new Parameters(102, 0.0003, 200, new double[] {
                    1.4233597229287254e+03, 9.9330522590150238e+01, 3.5646025644535285e+02,
                    3.2485447959084092e+02, 3.2707541254659363e+03,
                    5.2969847140936856e+01, 4.4632896115670668e+00, 1.3122573342210174e+01,
                    1.2006925323559144e+01, 1.2459576151035986e+02});
                case C -> new Parameters(162, 0.0001, 200, new double[] {
                    0.62398116551764615e+04, 0.50793239190423964e+03, 0.15423530093013596e+04,
                    0.13302387929291190e+04, 0.11604087428436455e+05,
                    0.16462008369091265e+03, 0.11497107903824313e+02, 0.41207446207461508e+02,
                    0.37087651059694167e+02, 0.36211053051841265e+03});
            };
        }
    }
}
