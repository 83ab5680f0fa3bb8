package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * LU's two triangular sweeps of one SSOR iteration, pipelined across the
 * process grid as wavefronts, one z-plane at a time.
 *
 * <p>Design note (NPB 3.4 MPI {@code ssor.f}, {@code jacld.f},
 * {@code blts.f}, {@code jacu.f}, {@code buts.f}, {@code exchange_1.f}).
 * Notation: at point {@code p}, {@code F_d} and {@code N_d} are the
 * Jacobians of the inviscid and viscous fluxes along direction {@code d}
 * ({@link FluxJacobians}); with {@code t1 = dt/h_d^2}, {@code t2 = dt/(2 h_d)}
 * and the dissipation {@code d_d},
 * <pre>
 *   D(p)     = I + 2 sum_d t1 (N_d(p) + d_d I)
 *   L_d(p)   = -t2 F_d(p - e_d) - t1 N_d(p - e_d) - t1 d_d I     (lower, jacld)
 *   U_d(p)   =  t2 F_d(p + e_d) - t1 N_d(p + e_d) - t1 d_d I     (upper, jacu)
 * </pre>
 * The lower sweep ({@code blts}) visits the interior points with k, then j,
 * then i increasing and replaces the residual {@code v} by
 * {@code D^-1 (v - omega sum_d L_d v(p - e_d))}; the upper sweep
 * ({@code buts}) visits them in the opposite order and subtracts
 * {@code D^-1 omega sum_d U_d v(p + e_d)}. {@code D} is solved by Gaussian
 * elimination without pivoting, which its shape makes short ({@link #solveArrow}).
 *
 * <p>Each x-row is done in two loops: the first writes every point's
 * {@code L_d} (or {@code U_d}) and {@code D} ({@link LuBlocks}), which
 * depend on the solution only, so it carries no dependence from point to
 * point; the second, the solve proper, only multiplies them with the
 * neighbours' values and solves with {@code D}, one point after the other.
 * The blocks of a row rather than of a plane (the reference's
 * {@code jacld} forms a plane's) stay in cache between the two loops.
 *
 * <p>The pipeline: in the lower sweep a rank needs, for plane k, the values
 * its north neighbour computed in its last x-row and its west neighbour in
 * its last y-column of the same plane; so for each k it receives those two
 * (blocking), sweeps the plane and sends its own last row south and last
 * column east. The wave moves from the north-west corner rank to the
 * south-east one, every rank one plane behind its predecessors. The upper
 * sweep runs the planes backwards and the wave the other way (from the
 * south and east, to the north and west). The data flows one way along
 * each sweep, so blocking sends cannot deadlock.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class LuSweeps {
    private static final int TAG = 9400;
    private static final int LOWER_X_TAG = TAG;
    private static final int LOWER_Y_TAG = TAG + 1;
    private static final int UPPER_X_TAG = TAG + 2;
    private static final int UPPER_Y_TAG = TAG + 3;
    private static final int BLOCK = FluxJacobians.BLOCK;

    private final Intracomm comm;
    private final LuDomain g;
    private final SpConstants k;
    private final double omega;
    private final PhaseTimes phases;
    /** One x-row's values ({@code 5 * ny}) and one y-column's ({@code 5 * nx}), for the messages. */
    private final double[] row;
    private final double[] column;
    /** {@code dt/h_d^2 d_d} per direction and component, {@code 5 * d + m}. */
    private final double[] dissipation = new double[15];
    /**
     * The off-diagonal blocks of the x-row being swept, {@code L_d} or
     * {@code U_d} of its {@code t}-th point from {@code BLOCK * (3 t + d)};
     * the entries that are zero along {@code d} stay zero from the start
     * ({@link LuBlocks#offDiagonal}).
     */
    private final double[] rowBlocks;
    /** {@code D} of the x-row's {@code t}-th point from {@code BLOCK * t}, written where it can be non-zero ({@link LuBlocks#diagonal}). */
    private final double[] rowDiagonals;

    /**
     * Sets up the sweeps of one rank.
     *
     * @param comm the communicator of the ranks
     * @param domain this rank's block
     * @param k the constants (with the time step)
     * @param omega the relaxation factor
     * @param phases where the sweeps mark their computation and their communication
     */
    LuSweeps(Intracomm comm, LuDomain domain, SpConstants k, double omega, PhaseTimes phases) {
        this.comm = comm;
        this.g = domain;
        this.k = k;
        this.omega = omega;
        this.phases = phases;
        row = new double[5 * domain.ny];
        column = new double[5 * domain.nx];
        rowBlocks = new double[3 * BLOCK * domain.nx];
        rowDiagonals = new double[BLOCK * domain.nx];
        for (int dir = 0; dir < 3; dir++) {
            for (int m = 0; m < 5; m++) {
                dissipation[5 * dir + m] = k.dtt1[dir] * k.d[dir][m];
            }
        }
    }

    /**
     * The lower-triangular sweep over the residual {@code v}.
     *
     * @param u the solution, ghost layers current
     * @param v the residual (times {@code dt}), changed in place
     * @param computePhase the phase the sweep's arithmetic goes to
     * @param communicationPhase the phase its messages (and waiting) go to
     * @throws MPIException if communication fails
     */
    void lower(double[] u, double[] v, int computePhase, int communicationPhase) throws MPIException {
        for (int z = 1; z <= g.nz - 2; z++) {
            receive(v, z, g.north, -1, g.west, -1, LOWER_X_TAG, LOWER_Y_TAG);
            phases.end(communicationPhase);
            for (int j = g.jst; j <= g.jend; j++) {
                formRow(u, j, z, -1);
                lowerRow(v, j, z);
            }
            phases.end(computePhase);
            send(v, z, g.south, g.nx - 1, g.east, g.ny - 1, LOWER_X_TAG, LOWER_Y_TAG);
            phases.end(communicationPhase);
        }
    }

    /**
     * The upper-triangular sweep over the residual {@code v}, after
     * {@link #lower}.
     *
     * @param u the solution, ghost layers current
     * @param v the residual, changed in place
     * @param computePhase the phase the sweep's arithmetic goes to
     * @param communicationPhase the phase its messages (and waiting) go to
     * @throws MPIException if communication fails
     */
    void upper(double[] u, double[] v, int computePhase, int communicationPhase) throws MPIException {
        for (int z = g.nz - 2; z >= 1; z--) {
            receive(v, z, g.south, g.nx, g.east, g.ny, UPPER_X_TAG, UPPER_Y_TAG);
            phases.end(communicationPhase);
            for (int j = g.jend; j >= g.jst; j--) {
                formRow(u, j, z, 1);
                upperRow(v, j, z);
            }
            phases.end(computePhase);
            send(v, z, g.north, 0, g.west, 0, UPPER_X_TAG, UPPER_Y_TAG);
            phases.end(communicationPhase);
        }
    }

    /**
     * Forms the blocks of x-row {@code j} of plane {@code z} into
     * {@link #rowBlocks} and {@link #rowDiagonals} (side -1: the lower
     * sweep's, +1: the upper's). They depend on the solution only, so this
     * loop carries no dependence from point to point, unlike the solve.
     */
    private void formRow(double[] u, int j, int z, int side) {
        for (int i = g.ist, t = 0; i <= g.iend; i++, t++) {
            int p = g.index(i, j, z);
            for (int dir = 2; dir >= 0; dir--) {
                int q = p + side * g.stride(dir);
                LuBlocks.offDiagonal(u, 5 * q, dir, side * k.dtt2[dir], k.dtt1[dir], dissipation, 5 * dir, rowBlocks,
                        BLOCK * (3 * t + dir));
            }
            LuBlocks.diagonal(u, 5 * p, k.dtt1, dissipation, rowDiagonals, BLOCK * t);
        }
    }

    /**
     * The lower sweep along x-row {@code j} of plane {@code z}, in increasing
     * {@code i}: {@link #solveArrow}'s operations on the point's values held
     * in locals, which also carry them to the next point as its neighbour
     * along x, so that its solve does not wait for them to be stored and
     * loaded again.
     */
    private void lowerRow(double[] v, int j, int z) {
        int back = 5 * g.strideZ;
        int down = 5 * g.strideY;
        double[] a = rowBlocks;
        double[] d = rowDiagonals;
        int first = 5 * g.index(g.ist, j, z);
        double w0 = v[first - 5];
        double w1 = v[first - 4];
        double w2 = v[first - 3];
        double w3 = v[first - 2];
        double w4 = v[first - 1];
        for (int i = g.ist, o = first, b = 0, e = 0; i <= g.iend; i++, o += 5, b += 3 * BLOCK, e += BLOCK) {
            double x0 = v[o] - omega * (product(a, b + 2 * BLOCK, v, o - back) + product(a, b + BLOCK, v, o - down)
                    + product(a, b, w0, w1, w2, w3, w4));
            double x1 = v[o + 1] - omega * (product(a, b + 2 * BLOCK + 5, v, o - back)
                    + product(a, b + BLOCK + 5, v, o - down) + product(a, b + 5, w0, w1, w2, w3, w4));
            double x2 = v[o + 2] - omega * (product(a, b + 2 * BLOCK + 10, v, o - back)
                    + product(a, b + BLOCK + 10, v, o - down) + product(a, b + 10, w0, w1, w2, w3, w4));
            double x3 = v[o + 3] - omega * (product(a, b + 2 * BLOCK + 15, v, o - back)
                    + product(a, b + BLOCK + 15, v, o - down) + product(a, b + 15, w0, w1, w2, w3, w4));
            double x4 = v[o + 4] - omega * (product(a, b + 2 * BLOCK + 20, v, o - back)
                    + product(a, b + BLOCK + 20, v, o - down) + product(a, b + 20, w0, w1, w2, w3, w4));
            double inverse = 1.0 / d[e];
            x1 = x1 - x0 * (inverse * d[e + 5]);
            x2 = x2 - x0 * (inverse * d[e + 10]);
            x3 = x3 - x0 * (inverse * d[e + 15]);
            x4 = x4 - x0 * (inverse * d[e + 20]);
            x4 = x4 - x1 * ((1.0 / d[e + 6]) * d[e + 21]);
            x4 = x4 - x2 * ((1.0 / d[e + 12]) * d[e + 22]);
            x4 = x4 - x3 * ((1.0 / d[e + 18]) * d[e + 23]);
            w0 = x0 / d[e];
            w1 = x1 / d[e + 6];
            w2 = x2 / d[e + 12];
            w3 = x3 / d[e + 18];
            w4 = x4 / d[e + 24];
            v[o] = w0;
            v[o + 1] = w1;
            v[o + 2] = w2;
            v[o + 3] = w3;
            v[o + 4] = w4;
        }
    }

    /**
     * The upper sweep along x-row {@code j} of plane {@code z}, in decreasing
     * {@code i}, in locals as {@link #lowerRow}.
     */
    private void upperRow(double[] v, int j, int z) {
        int front = 5 * g.strideZ;
        int up = 5 * g.strideY;
        double[] a = rowBlocks;
        double[] d = rowDiagonals;
        int last = 5 * g.index(g.iend, j, z);
        double w0 = v[last + 5];
        double w1 = v[last + 6];
        double w2 = v[last + 7];
        double w3 = v[last + 8];
        double w4 = v[last + 9];
        int count = g.iend - g.ist;
        for (int i = g.iend, o = last, b = 3 * BLOCK * count, e = BLOCK * count; i >= g.ist;
                i--, o -= 5, b -= 3 * BLOCK, e -= BLOCK) {
            double x0 = omega * (product(a, b + 2 * BLOCK, v, o + front) + product(a, b + BLOCK, v, o + up)
                    + product(a, b, w0, w1, w2, w3, w4));
            double x1 = omega * (product(a, b + 2 * BLOCK + 5, v, o + front) + product(a, b + BLOCK + 5, v, o + up)
                    + product(a, b + 5, w0, w1, w2, w3, w4));
            double x2 = omega * (product(a, b + 2 * BLOCK + 10, v, o + front) + product(a, b + BLOCK + 10, v, o + up)
                    + product(a, b + 10, w0, w1, w2, w3, w4));
            double x3 = omega * (product(a, b + 2 * BLOCK + 15, v, o + front) + product(a, b + BLOCK + 15, v, o + up)
                    + product(a, b + 15, w0, w1, w2, w3, w4));
            double x4 = omega * (product(a, b + 2 * BLOCK + 20, v, o + front) + product(a, b + BLOCK + 20, v, o + up)
                    + product(a, b + 20, w0, w1, w2, w3, w4));
            double inverse = 1.0 / d[e];
            x1 = x1 - x0 * (inverse * d[e + 5]);
            x2 = x2 - x0 * (inverse * d[e + 10]);
            x3 = x3 - x0 * (inverse * d[e + 15]);
            x4 = x4 - x0 * (inverse * d[e + 20]);
            x4 = x4 - x1 * ((1.0 / d[e + 6]) * d[e + 21]);
            x4 = x4 - x2 * ((1.0 / d[e + 12]) * d[e + 22]);
            x4 = x4 - x3 * ((1.0 / d[e + 18]) * d[e + 23]);
            w0 = v[o] - x0 / d[e];
            w1 = v[o + 1] - x1 / d[e + 6];
            w2 = v[o + 2] - x2 / d[e + 12];
            w3 = v[o + 3] - x3 / d[e + 18];
            w4 = v[o + 4] - x4 / d[e + 24];
            v[o] = w0;
            v[o + 1] = w1;
            v[o + 2] = w2;
            v[o + 3] = w3;
            v[o + 4] = w4;
        }
    }

    /** {@return row {@code a[r .. r + 4]} of a block times the five values {@code x0 .. x4}} */
    private static double product(double[] a, int r, double x0, double x1, double x2, double x3, double x4) {
        return a[r] * x0 + a[r + 1] * x1 + a[r + 2] * x2 + a[r + 3] * x3 + a[r + 4] * x4;
    }

    /** {@return row {@code a[r .. r + 4]} of a block times the five values {@code v[o ..]}} */
    private static double product(double[] a, int r, double[] v, int o) {
        return a[r] * v[o] + a[r + 1] * v[o + 1] + a[r + 2] * v[o + 2] + a[r + 3] * v[o + 3] + a[r + 4] * v[o + 4];
    }

    /**
     * Solves {@code a x = b} in place of {@code b} (five values from
     * {@code o}) for a row-major 5x5 block {@code a} (from {@code ao}) that is zero outside
     * its diagonal, first column and last row, as {@code D} is: Gaussian elimination without
     * pivoting, which on that shape only changes {@code b} (column 0 out of
     * rows 1 to 4, then columns 1 to 3 out of row 4) and leaves {@code a} as
     * it is, and a back substitution that is one division per row.
     */
    static void solveArrow(double[] a, int ao, double[] b, int o) {
        double inverse = 1.0 / a[ao];
        for (int r = 1; r < 5; r++) {
            b[o + r] -= b[o] * (inverse * a[ao + 5 * r]);
        }
        for (int c = 1; c < 4; c++) {
            b[o + 4] -= b[o + c] * ((1.0 / a[ao + 6 * c]) * a[ao + 20 + c]);
        }
        for (int r = 0; r < 5; r++) {
            b[o + r] = b[o + r] / a[ao + 6 * r];
        }
    }

    /**
     * Receives plane {@code z}'s boundary values from the neighbour along x
     * into layer {@code i = xLayer} and from the neighbour along y into
     * {@code j = yLayer}.
     */
    private void receive(double[] v, int z, int xNeighbour, int xLayer, int yNeighbour, int yLayer, int xTag,
            int yTag) throws MPIException {
        if (xNeighbour != LuDomain.NONE) {
            int count = 5 * (g.jend - g.jst + 1);
            comm.Recv(row, 0, count, MPI.DOUBLE, xNeighbour, xTag);
            for (int j = g.jst, o = 0; j <= g.jend; j++, o += 5) {
                System.arraycopy(row, o, v, 5 * g.index(xLayer, j, z), 5);
            }
        }
        if (yNeighbour != LuDomain.NONE) {
            int count = 5 * (g.iend - g.ist + 1);
            comm.Recv(column, 0, count, MPI.DOUBLE, yNeighbour, yTag);
            for (int i = g.ist, o = 0; i <= g.iend; i++, o += 5) {
                System.arraycopy(column, o, v, 5 * g.index(i, yLayer, z), 5);
            }
        }
    }

    /** Sends plane {@code z}'s x-row {@code i = xLayer} and y-column {@code j = yLayer} to the neighbours. */
    private void send(double[] v, int z, int xNeighbour, int xLayer, int yNeighbour, int yLayer, int xTag, int yTag)
            throws MPIException {
        if (xNeighbour != LuDomain.NONE) {
            int count = 5 * (g.jend - g.jst + 1);
            for (int j = g.jst, o = 0; j <= g.jend; j++, o += 5) {
                System.arraycopy(v, 5 * g.index(xLayer, j, z), row, o, 5);
            }
            comm.Send(row, 0, count, MPI.DOUBLE, xNeighbour, xTag);
        }
        if (yNeighbour != LuDomain.NONE) {
            int count = 5 * (g.iend - g.ist + 1);
            for (int i = g.ist, o = 0; i <= g.iend; i++, o += 5) {
                System.arraycopy(v, 5 * g.index(i, yLayer, z), column, o, 5);
            }
            comm.Send(column, 0, count, MPI.DOUBLE, yNeighbour, yTag);
        }
    }
}
