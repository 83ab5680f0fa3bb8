package org.mpjbuf.npb;

import java.io.PrintStream;
import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * NPB MG, the multigrid kernel: V-cycles solving the discrete Poisson
 * problem {@code A u = v} on a periodic cube.
 *
 * <p>Design note (NPB 3.4 MPI {@code mg.f}). The right-hand side {@code v}
 * comes from {@link MgRandomField}. Each iteration applies one V-cycle
 * ({@code mg3P}): restrict the residual down to the 2 x 2 x 2 level, smooth
 * there, then on the way up interpolate, recompute the residual and smooth
 * on every level; then recompute the residual on the finest level. The
 * operators are {@link MgOperators}; the grids and the ghost exchange are
 * {@link MgGrid}. Untimed V-cycles warm up the code ({@link Warmup}) before
 * the timed run starts again from {@code u = 0}. Verified against the final residual norm
 * with relative tolerance {@code 1e-8}.
 *
 * <p>Run it with {@code bin/mpjrun -np 4 org.mpjbuf.npb.MG CLASS=S}. Each rank
 * uses its own instance.
 */
public final class MG implements Benchmark {
    private static final double EPSILON = 1.0e-8;
    /** The line of the first, every fifth and the last timed iteration. */
    private static final ProgressLine ITERATION_LINE = new ProgressLine("  iter %3d%n");
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    private static final double[] C_SMALL = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};
    private static final double[] C_LARGE = {-3.0 / 17.0, 1.0 / 33.0, -1.0 / 61.0, 0.0};

    /** Creates the kernel; {@link #main} is the way to run it. */
    public MG() {
    }

    /**
     * Runs MG on {@code MPI.COMM_WORLD}.
     *
     * @param args {@code CLASS=<letter>} or {@code -class <letter>}
     * @throws MPIException if communication fails
     */
    public static void main(String[] args) throws MPIException {
        BenchmarkExit.exitWith(BenchmarkDriver.main(new MG(), args));
    }

    @Override
    public String name() {
        return "MG";
    }

    /**
     * {@inheritDoc}
     *
     * <p>Up to the count whose most-split axis still has two points per rank
     * on the finest level, so that the V-cycle has a distributed level below
     * the finest (the coarser ones are agglomerated, {@link MgAgglomeration}).
     */
    @Override
    public ProcessCounts processCounts(ProblemClass problemClass) {
        int finestPoints = 1 << Parameters.of(problemClass).levels();
        int size = 1;
        while (2 * MgGrid.split(2 * size)[2] <= finestPoints) {
            size *= 2;
        }
        return ProcessCounts.powersOfTwo(size);
    }

    @Override
    public String size(ProblemClass problemClass) {
        int n = 1 << Parameters.of(problemClass).levels();
        return n + "x" + n + "x" + n;
    }

    @Override
    public int iterations(ProblemClass problemClass) {
        return Parameters.of(problemClass).iterations();
    }

    @Override
    public Outcome run(Intracomm comm, ProblemClass problemClass, PrintStream progress) throws MPIException {
        Parameters parameters = Parameters.of(problemClass);
        int top = parameters.levels();
        MgGrid grid = new MgGrid(comm, top);
        boolean smallClass = problemClass.compareTo(ProblemClass.A) <= 0;
        double[] c = smallClass ? C_SMALL : C_LARGE;
        MgOperators operators = new MgOperators(grid, A, c);
        MgAgglomeration coarse = grid.distributedBase() > 1 ? new MgAgglomeration(comm, grid, A, c) : null;
        double[][] u = new double[top + 1][];
        double[][] r = new double[top + 1][];
        for (int k = grid.distributedBase(); k <= top; k++) {
            u[k] = grid.newArray(k);
            r[k] = grid.newArray(k);
        }
        double[] v = grid.newArray(top);

        MgRandomField.fill(grid, v);
        int warmups = Warmup.run(comm, parameters.iterations(), () -> {
            operators.residual(u[top], v, r[top], top);
            operators.norm(r[top]);
            vCycle(operators, coarse, u, r, v, top);
            operators.residual(u[top], v, r[top], top);
            Arrays.fill(u[top], 0.0);
            MgRandomField.fill(grid, v);
        });

        operators.phases().reset();
        ITERATION_LINE.rehearse(1);
        comm.Barrier();
        BenchmarkTimer timer = new BenchmarkTimer();
        timer.start();
        operators.phases().start();
        operators.residual(u[top], v, r[top], top);
        operators.norm(r[top]);
        for (int iteration = 1; iteration <= parameters.iterations(); iteration++) {
            if (iteration == 1 || iteration == parameters.iterations() || iteration % 5 == 0) {
                ITERATION_LINE.print(progress, iteration);
            }
            vCycle(operators, coarse, u, r, v, top);
            operators.residual(u[top], v, r[top], top);
        }
        double norm = operators.norm(r[top]);
        timer.stop();

        double error = Math.abs(norm - parameters.norm()) / parameters.norm();
        progress.printf(" L2 Norm is %20.13e, reference %20.13e, error %e%n", norm, parameters.norm(), error);
        double points = Math.pow(1 << top, 3);
        double megaOperations = 58.0 * parameters.iterations() * points * 1.0e-6;
        return new Outcome(warmups, timer.timing(), megaOperations, "floating point", error <= EPSILON,
                operators.phases());
    }

    /**
     * One V-cycle ({@code mg3P}): down by restriction, solve on level 1, up
     * by interpolation; the levels below the grid's distributed base, if
     * any, by {@code coarse}.
     */
    private static void vCycle(MgOperators operators, MgAgglomeration coarse, double[][] u, double[][] r,
            double[] v, int top) throws MPIException {
        int base = coarse == null ? 1 : coarse.base();
        for (int k = top; k > base; k--) {
            operators.restrict(r[k], r[k - 1], k);
        }
        if (coarse == null) {
            Arrays.fill(u[1], 0.0);
            operators.smooth(r[1], u[1], 1);
        } else {
            coarse.solve(r[base], u[base]);
            operators.phases().end(MgOperators.COARSE_LEVELS);
        }
        for (int k = base + 1; k < top; k++) {
            Arrays.fill(u[k], 0.0);
            operators.interpolate(u[k - 1], u[k], k);
            operators.residual(u[k], r[k], r[k], k);
            operators.smooth(r[k], u[k], k);
        }
        operators.interpolate(u[top - 1], u[top], top);
        operators.residual(u[top], v, r[top], top);
        operators.smooth(r[top], u[top], top);
    }

    /**
     * The MG class table.
     *
     * @param levels log2 of the grid points per axis
     * @param iterations the V-cycles
     * @param norm the expected final residual norm
     */
    record Parameters(int levels, int iterations, double norm) {
        static Parameters of(ProblemClass problemClass) {
            return switch (problemClass) {
                case S -> new Parameters(5, 4, 0.5307707005734e-4);
                case W -> new Parameters(7, 4, 0.6467329375339e-5);
                case A -> new Parameters(8, 4, 0.2433365309069e-5);
                case B -> new Parameters(8, 20, 0.1800564401355e-5);
                case C -> new Parameters(9, 20, 0.5706732285740e-6);
            };
        }
    }
}
