package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * NPB LU, the lower-upper symmetric Gauss-Seidel pseudo-application:
 * symmetric successive over-relaxation (SSOR) iterations towards the steady
 * state of the three-dimensional compressible Navier-Stokes equations.
 *
 * <p>Design note (NPB 3.4 MPI {@code lu.f}, {@code ssor.f}). The grid's
 * x-y plane is cut into a 2D grid of blocks, one per rank, each with every
 * z-plane ({@link LuDomain}). With the residual {@code r = R(u) - f} (the
 * spatial operator {@link LuRhs} applied to the solution, minus its value
 * at the exact solution, {@link LuExact#forcing}), one iteration:
 * <ol>
 * <li>{@code r <- dt r} at the interior points;</li>
 * <li>the lower-triangular sweep, then the upper-triangular one, over
 *     {@code r}, each a wavefront pipelined across the ranks one z-plane at
 *     a time ({@link LuSweeps});</li>
 * <li>{@code u <- u + r / (omega (2 - omega))} at the interior points;</li>
 * <li>exchange two ghost layers of {@code u} with the four neighbours
 *     ({@link LuGhosts}) and compute the new residual.</li>
 * </ol>
 * After the last iteration the RMS norms of the residual (in the timed
 * part, as the reference's) and of the error against the exact solution,
 * five each, and the surface integral of the pressure
 * ({@link LuExact#surfaceIntegral}) are compared with the reference's
 * within a relative {@code 1e-8}, all reduced with {@code Allreduce}. As
 * in the reference, untimed iterations (here until the JIT compiler is
 * quiet, {@link Warmup}) precede the timed ones, which start again from
 * the initial field.
 *
 * <p>Run it with {@code bin/mpjrun -np 4 org.mpjbuf.npb.LU CLASS=S}. Each
 * rank uses its own instance.
 */
public final class LU implements Benchmark {
    /** The relaxation factor (the reference's {@code omega_default}). */
    static final double OMEGA = 1.2;

    private static final int EXCHANGE = 0;
    private static final int RHS = 1;
    private static final int LOWER = 2;
    private static final int LOWER_MESSAGES = 3;
    private static final int UPPER = 4;
    private static final int UPPER_MESSAGES = 5;
    private static final int UPDATE = 6;
    private static final int NORMS = 7;
    private static final List<String> PHASES = List.of("ghost exchange (exchange_3)", "right-hand side (rhs)",
            "lower sweep (jacld, blts)", "lower sweep messages", "upper sweep (jacu, buts)",
            "upper sweep messages", "scaling and update", "residual norms (Allreduce)");

    /** Creates the benchmark; {@link #main} is the way to run it. */
    public LU() {
    }

    /**
     * Runs LU on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new LU(), args));
    }

    @Override
    public String name() {
        return "LU";
    }

    /** {@inheritDoc} The powers of two whose blocks have three points along x and y. */
    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        return LuDomain.processCounts(Parameters.of(problemClass).points());
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
        LuDomain domain = new LuDomain(comm.Rank(), comm.Size(), points);
        Solver solver = new Solver(comm, domain, k);
        solver.start();
        int warmups = Warmup.run(comm, parameters.iterations(), solver::iterate);
        solver.restart();
        solver.phases.reset();

        int iterations = parameters.iterations();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.startAndRunSteps(comm, iterations, true, progress, solver::iterate);
        double[] residualNorms = solver.residualNorms();
        timer.stop();

        boolean verified = verify(comm, solver, residualNorms, parameters, progress);
        double megaOperations = 1.0e-6 * iterations * (1984.77 * n * n * (double) n - 10923.3 * n * (double) n
                + 27770.9 * n - 144010.0);
        return new Outcome(warmups, timer.timing(), megaOperations, "floating point", verified, solver.phases);
    }

    private static boolean verify(Intracomm comm, Solver solver, double[] residualNorms, Parameters parameters,
            PrintStream progress) throws MPIException {
        LuDomain g = solver.domain;
        double[] sums = new double[6];
        LuExact.addSquaredErrors(g, solver.u, sums);
        sums[5] = LuExact.surfaceIntegral(g, solver.u);
        double[] total = new double[6];
        comm.Allreduce(sums, 0, total, 0, 6, MPI.DOUBLE, MPI.SUM);
        double[] norms = new double[10];
        System.arraycopy(residualNorms, 0, norms, 0, 5);
        for (int m = 0; m < 5; m++) {
            norms[5 + m] = Math.sqrt(total[m] / solver.interiorPoints());
        }
        boolean verified = SP.compareNorms(norms, parameters.norms(), progress);
        progress.println(" Comparison of surface integral");
        verified &= SP.compare("  ", total[5], parameters.surfaceIntegral(), progress);
        return verified;
    }

    /** One rank's arrays and its SSOR iteration, with the communication and phase timers. */
    private static final class Solver {
        final PhaseTimes phases = new PhaseTimes(PHASES);
        final LuDomain domain;
        /** The solution, the residual and the forcing: five interleaved components per point. */
        final double[] u;
        private final double[] residual;
        private final double[] forcing;
        private final Intracomm comm;
        private final SpConstants k;
        private final LuGhosts ghosts;
        private final LuRhs rhs;
        private final LuSweeps sweeps;

        Solver(Intracomm comm, LuDomain domain, SpConstants k) {
            this.comm = comm;
            this.domain = domain;
            this.k = k;
            u = new double[5 * domain.volume];
            residual = new double[5 * domain.volume];
            forcing = new double[5 * domain.volume];
            ghosts = new LuGhosts(comm, domain);
            rhs = new LuRhs(domain, k);
            sweeps = new LuSweeps(comm, domain, k, OMEGA, phases);
        }

        /** The forcing, then the initial field and its residual. */
        void start() throws MPIException {
            LuExact.forcing(domain, rhs, ghosts, residual, forcing);
            restart();
        }

        /** The initial field and its residual, as before the reference's timed iterations. */
        void restart() throws MPIException {
            LuExact.initialize(domain, u);
            phases.start();
            computeResidual();
        }

        /** One SSOR iteration. */
        void iterate() throws MPIException {
            phases.start();
            scaleInterior(residual, k.dt, null);
            phases.end(UPDATE);
            sweeps.lower(u, residual, LOWER, LOWER_MESSAGES);
            sweeps.upper(u, residual, UPPER, UPPER_MESSAGES);
            scaleInterior(u, 1.0 / (OMEGA * (2.0 - OMEGA)), residual);
            phases.end(UPDATE);
            computeResidual();
        }

        /**
         * Over the interior points: {@code target *= factor} without
         * {@code source}, {@code target += factor * source} with one.
         */
        private void scaleInterior(double[] target, double factor, double[] source) {
            LuDomain g = domain;
            for (int z = 1; z <= g.nz - 2; z++) {
                for (int j = g.jst; j <= g.jend; j++) {
                    int from = 5 * g.index(g.ist, j, z);
                    int to = 5 * g.index(g.iend, j, z) + 5;
                    for (int p = from; p < to; p++) {
                        target[p] = source == null ? factor * target[p] : target[p] + factor * source[p];
                    }
                }
            }
        }

        private void computeResidual() throws MPIException {
            for (int p = 0; p < residual.length; p++) {
                residual[p] = -forcing[p];
            }
            phases.end(RHS);
            ghosts.exchange(u);
            phases.end(EXCHANGE);
            rhs.add(u, residual);
            phases.end(RHS);
        }

        /** {@return the RMS norms of the residual over the interior points, reduced over the ranks} */
        double[] residualNorms() throws MPIException {
            phases.start();
            LuDomain g = domain;
            double[] sums = new double[5];
            for (int z = 1; z <= g.nz - 2; z++) {
                for (int j = g.jst; j <= g.jend; j++) {
                    for (int i = g.ist; i <= g.iend; i++) {
                        int p = 5 * g.index(i, j, z);
                        for (int m = 0; m < 5; m++) {
                            sums[m] += residual[p + m] * residual[p + m];
                        }
                    }
                }
            }
            double[] norms = new double[5];
            comm.Allreduce(sums, 0, norms, 0, 5, MPI.DOUBLE, MPI.SUM);
            for (int m = 0; m < 5; m++) {
                norms[m] = Math.sqrt(norms[m] / interiorPoints());
            }
            phases.end(NORMS);
            return norms;
        }

        /** {@return the grid's interior points, {@code (nx0 - 2)(ny0 - 2)(nz0 - 2)}} */
        double interiorPoints() {
            int[] n = domain.points;
            return (double) (n[0] - 2) * (n[1] - 2) * (n[2] - 2);
        }
    }

    /**
     * The LU class table (NPB 3.4 {@code setparams.c}, {@code write_lu_info},
     * and LU's {@code verify.f}).
     *
     * @param points the grid points per direction
     * @param dt the time step
     * @param iterations the SSOR iterations ({@code itmax})
     * @param norms the RMS norms of the residual, components 1-5, then of
     *        the error, components 1-5
     * @param surfaceIntegral the surface integral
     */
    record Parameters(int points, double dt, int iterations, double[] norms, double surfaceIntegral) {
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(12, 0.5, 50, new double[] {
                    1.6196343210976702e-02, 2.1976745164821318e-03, 1.5179927653399185e-03,
                    1.5029584435994323e-03, 3.4264073155896461e-02,
                    6.4223319957960924e-04, 8.4144342047347926e-05, 5.8588269616485186e-05,
                    5.8474222595157350e-05, 1.3103347914111294e-03}, 7.8418928865937083e+00);
                case W -> new Parameters(33, 1.5e-3, 300, new double[] {
                    0.1236511638192e+02, 0.1317228477799e+01, 0.2550120713095e+01,
                    0.2326187750252e+01, 0.2826799444189e+02,
                    0.4867877144216e+00, 0.5064652880982e-01, 0.9281818101960e-01,
                    0.8570126542733e-01, 0.1084277417792e+01}, 0.1161399311023e+02);
                case A -> new Parameters(64, 2.0, 250, new double[] {
                    7.7902107606689367e+02, 6.3402765259692870e+01, 1.9499249727292479e+02,
                    1.7845301160418537e+02, 1.8384760349464247e+03,
                    2.9964085685471943e+01, 2.8194576365003349e+00, 7.3473412698774742e+00,
                    6.7139225687777051e+00, 7.0715315688392578e+01}, 2.6030925604886277e+01);
                case B -> new Parameters(102, 2.0, 250, new double[] {
                    3.5532672969982736e+03, 2.6214750795310692e+02, 8.8333721850952190e+02,
                    7.7812774739425265e+02, 7.3087969592545314e+03,
                    1.1401176380212709e+02, 8.1098963655421574e+00, 2.8480597317698308e+01,
                    2.5905394567832939e+01, 2.6054907504857413e+02}, 4.7887162703308227e+01);
                case C -> new Parameters(162, 2.0, 250, new double[] {
                    1.03766980323537846e+04, 8.92212458801008552e+02, 2.56238814582660871e+03,
                    2.19194343857831427e+03, 1.78078057261061185e+04,
                    2.15986399716949279e+02, 1.55789559239863600e+01, 5.41318863077207766e+01,
                    4.82262643154045421e+01, 4.55902910043250358e+02}, 6.66404553572181300e+01);
            };
        }
    }
}
