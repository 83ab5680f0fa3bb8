package org.mpjbuf.npb;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * BT's implicit part: along each direction, one block tridiagonal system
 * per grid line, with 5x5 blocks, solved across the cells of the line as a
 * pipeline.
 *
 * <p>Design note (NPB 3.4 MPI {@code x_solve.f}, {@code y_solve.f},
 * {@code z_solve.f}, {@code solve_subs.f}). Notation: along direction
 * {@code d}, {@code F(i)} is the Jacobian of the inviscid flux at point
 * {@code i} and {@code N(i)} that of the viscous flux ({@link FluxJacobians});
 * with {@code t1 = dt / h^2}, {@code t2 = dt / (2h)} and the dissipation
 * {@code D = d_d I}, row {@code i} of the system is
 * <pre>
 *   A(i) = -t2 F(i-1) - t1 N(i-1) - t1 D
 *   B(i) =  I + 2 t1 N(i) + 2 t1 D
 *   C(i) =  t2 F(i+1) - t1 N(i+1) - t1 D
 *   A(i) x(i-1) + B(i) x(i) + C(i) x(i+1) = rhs(i)
 * </pre>
 * over the points the time step changes; the boundary points' increments
 * are zero (the reference keeps identity rows for them, which add nothing).
 * Block Gaussian elimination without pivoting, point by point:
 * <ol>
 * <li>forward: {@code rhs(i) -= A(i) rhs'(i-1)}, {@code B(i) -= A(i) C'(i-1)},
 *     then {@code C'(i) = B(i)^-1 C(i)} and {@code rhs'(i) = B(i)^-1 rhs(i)}
 *     by Gauss-Jordan elimination ({@code binvcrhs});</li>
 * <li>backward: {@code x(i) = rhs'(i) - C'(i) x(i+1)}.</li>
 * </ol>
 * {@code C'} is kept for every point of a cell (25 values a point) for the
 * backward pass. A line crosses {@code q} cells, one per rank
 * ({@link SpPartition}): in stage {@code s} of the forward pass every rank
 * eliminates its cell in slab {@code s}, having received {@code C'} and
 * {@code rhs'} of the last point of each line of the cell before it (30
 * values per line), and sends on its own; the backward pass runs the stages
 * in reverse and sends the solution at the first point of each line (5
 * values) back. Sends are non-blocking, since every rank sends before it
 * receives in the same stage; a send buffer is reused after its send
 * completed.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class BtSolver {
    private static final int FORWARD_TAG = 9000;
    private static final int BACKWARD_TAG = 9100;
    private static final int BLOCK = FluxJacobians.BLOCK;
    private static final int FORWARD_VALUES = BLOCK + 5;
    private static final int BACKWARD_VALUES = 5;

    private final Intracomm comm;
    private final SpPartition partition;
    private final SpConstants k;
    /** Per cell, {@code C'} at every point: 25 values from {@code 25 * index}, row-major. */
    private final double[][] normalisedUpper;
    private final double[] outgoing;
    private final double[] incoming;
    /**
     * The Jacobians {@code F} and {@code N} along one line, 25 values a point, from the point before it starts;
     * zeroed when a direction's solve starts, after which only the entries that can be non-zero along it are written.
     */
    private final double[] inviscid;
    private final double[] viscous;
    private final double[] lower = new double[BLOCK];
    private final double[] diagonal = new double[BLOCK];
    private final double[] right = new double[5];
    private Request pendingSend;

    /**
     * Creates the solver of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param k the constants
     */
    BtSolver(Intracomm comm, SpPartition partition, SpConstants k) {
        this.comm = comm;
        this.partition = partition;
        this.k = k;
        int lines = 0;
        int longest = 0;
        normalisedUpper = new double[partition.cells.length][];
        for (int c = 0; c < partition.cells.length; c++) {
            SpCell cell = partition.cells[c];
            normalisedUpper[c] = new double[BLOCK * cell.volume];
            for (int dir = 0; dir < 3; dir++) {
                lines = Math.max(lines, cell.lineCount(dir, k.points));
                longest = Math.max(longest, cell.size[dir]);
            }
        }
        outgoing = new double[FORWARD_VALUES * lines];
        incoming = new double[FORWARD_VALUES * lines];
        inviscid = new double[BLOCK * (longest + 2)];
        viscous = new double[BLOCK * (longest + 2)];
    }

    /**
     * Solves the systems along {@code dir} in every cell, leaving the
     * increment in the cells' right-hand sides.
     *
     * @param dir the direction
     * @throws MPIException if communication fails
     */
    void solve(int dir) throws MPIException {
        Arrays.fill(inviscid, 0.0);
        Arrays.fill(viscous, 0.0);
        int q = partition.cellsPerSide;
        for (int stage = 0; stage < q; stage++) {
            int c = partition.slice[dir][stage];
            SpCell cell = partition.cells[c];
            int count = FORWARD_VALUES * cell.lineCount(dir, k.points);
            if (stage > 0) {
                comm.Recv(incoming, 0, count, MPI.DOUBLE, partition.predecessor[dir], FORWARD_TAG + dir);
            }
            boolean sends = stage < q - 1;
            if (sends) {
                awaitSend();
            }
            eliminate(cell, normalisedUpper[c], dir, stage > 0, sends);
            if (sends) {
                pendingSend = comm.Isend(outgoing, 0, count, MPI.DOUBLE, partition.successor[dir], FORWARD_TAG + dir);
            }
        }
        awaitSend();
        for (int stage = q - 1; stage >= 0; stage--) {
            int c = partition.slice[dir][stage];
            SpCell cell = partition.cells[c];
            int count = BACKWARD_VALUES * cell.lineCount(dir, k.points);
            if (stage < q - 1) {
                comm.Recv(incoming, 0, count, MPI.DOUBLE, partition.successor[dir], BACKWARD_TAG + dir);
            }
            boolean sends = stage > 0;
            if (sends) {
                awaitSend();
            }
            substitute(cell, normalisedUpper[c], dir, stage < q - 1, sends);
            if (sends) {
                pendingSend = comm.Isend(outgoing, 0, count, MPI.DOUBLE, partition.predecessor[dir],
                        BACKWARD_TAG + dir);
            }
        }
        awaitSend();
    }

    private void awaitSend() throws MPIException {
        if (pendingSend != null) {
            pendingSend.Wait();
            pendingSend = null;
        }
    }

    /**
     * The forward pass over a cell's lines: with {@code received}, the
     * first point continues from the previous cell's last one in
     * {@code incoming}; with {@code sends}, each line's last {@code C'} and
     * {@code rhs'} go into {@code outgoing}.
     */
    private void eliminate(SpCell cell, double[] upper, int dir, boolean received, boolean sends) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int s = cell.stride[dir];
        int v = cell.volume;
        double[] rhs = cell.rhs;
        double t1 = k.dtt1[dir];
        double t2 = k.dtt2[dir];
        double[] d = k.d[dir];
        int first = cell.first(dir);
        int n = cell.last(dir, k.points[dir]) - first + 1;
        int[] local = new int[3];
        int line = 0;
        for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[a] = cell.first(a); local[a] <= cell.last(a, k.points[a]); local[a]++, line++) {
                local[dir] = first;
                int start = cell.index(local[0], local[1], local[2]);
                for (int t = 0; t <= n + 1; t++) {
                    int q = start + (t - 1) * s;
                    FluxJacobians.writeInviscid(cell.u, q, v, cell.rhoI[q], cell.qs[q], dir + 1, inviscid, BLOCK * t);
                    FluxJacobians.writeViscous(cell.u, q, v, cell.rhoI[q], dir + 1, viscous, BLOCK * t);
                }
                for (int t = 0; t < n; t++) {
                    int p = start + t * s;
                    int here = BLOCK * (t + 1);
                    int next = BLOCK * (t + 2);
                    int c = BLOCK * p;
                    for (int e = 0; e < BLOCK; e++) {
                        diagonal[e] = t1 * 2.0 * viscous[here + e];
                        upper[c + e] = t2 * inviscid[next + e] - t1 * viscous[next + e];
                    }
                    for (int row = 0; row < 5; row++) {
                        diagonal[6 * row] = 1.0 + diagonal[6 * row] + t1 * 2.0 * d[row];
                        upper[c + 6 * row] -= t1 * d[row];
                        right[row] = rhs[row * v + p];
                    }
                    if (t > 0 || received) {
                        int previous = BLOCK * t;
                        for (int e = 0; e < BLOCK; e++) {
                            lower[e] = -t2 * inviscid[previous + e] - t1 * viscous[previous + e];
                        }
                        for (int row = 0; row < 5; row++) {
                            lower[6 * row] -= t1 * d[row];
                        }
                        if (t > 0) {
                            int pp = p - s;
                            subtractLowerTimes(rhs, pp, v);
                            subtractProduct(upper, BLOCK * pp);
                        } else {
                            int o = FORWARD_VALUES * line;
                            subtractLowerTimes(incoming, o + BLOCK, 1);
                            subtractProduct(incoming, o);
                        }
                    }
                    gaussJordan(upper, c);
                    for (int m = 0; m < 5; m++) {
                        rhs[m * v + p] = right[m];
                    }
                }
                if (sends) {
                    int last = start + (n - 1) * s;
                    int o = FORWARD_VALUES * line;
                    System.arraycopy(upper, BLOCK * last, outgoing, o, BLOCK);
                    for (int m = 0; m < 5; m++) {
                        outgoing[o + BLOCK + m] = rhs[m * v + last];
                    }
                }
            }
        }
    }

    /**
     * {@code right -= A x}, with {@code x} at {@code offset}, {@code offset + stride}, ... of {@code source}.
     * Here and in the other products, the operand read at every row is held in locals, and each sum is
     * written as one expression in the order of the loop over {@code j}: the JIT would otherwise load it
     * again after each store into an array of the same type.
     */
    private void subtractLowerTimes(double[] source, int offset, int stride) {
        double x0 = source[offset];
        double x1 = source[offset + stride];
        double x2 = source[offset + 2 * stride];
        double x3 = source[offset + 3 * stride];
        double x4 = source[offset + 4 * stride];
        for (int m = 0; m < 5; m++) {
            int row = 5 * m;
            right[m] = right[m] - lower[row] * x0 - lower[row + 1] * x1 - lower[row + 2] * x2
                    - lower[row + 3] * x3 - lower[row + 4] * x4;
        }
    }

    /** {@code B -= A C'}, with {@code C'} at {@code offset} of {@code source}. */
    private void subtractProduct(double[] source, int offset) {
        for (int row = 0; row < 5; row++) {
            int r = 5 * row;
            double a0 = lower[r];
            double a1 = lower[r + 1];
            double a2 = lower[r + 2];
            double a3 = lower[r + 3];
            double a4 = lower[r + 4];
            for (int col = 0; col < 5; col++) {
                int o = offset + col;
                diagonal[r + col] = diagonal[r + col] - a0 * source[o] - a1 * source[o + 5] - a2 * source[o + 10]
                        - a3 * source[o + 15] - a4 * source[o + 20];
            }
        }
    }

    /**
     * Replaces {@code C} at {@code offset} of {@code upper} and {@code right} by {@code B^-1 C} and {@code B^-1 right}.
     * The pivot row of {@code C} is held in locals while the other rows are reduced: the JIT cannot tell that
     * the rows it stores into are not the row it reads, and would otherwise load the pivot row again after each store.
     */
    private void gaussJordan(double[] upper, int offset) {
        double[] bm = diagonal;
        double[] r = right;
        for (int p = 0; p < 5; p++) {
            int pivotRow = 5 * p;
            double pivot = 1.0 / bm[pivotRow + p];
            for (int j = p + 1; j < 5; j++) {
                bm[pivotRow + j] *= pivot;
            }
            int c = offset + pivotRow;
            double c0 = upper[c] * pivot;
            double c1 = upper[c + 1] * pivot;
            double c2 = upper[c + 2] * pivot;
            double c3 = upper[c + 3] * pivot;
            double c4 = upper[c + 4] * pivot;
            upper[c] = c0;
            upper[c + 1] = c1;
            upper[c + 2] = c2;
            upper[c + 3] = c3;
            upper[c + 4] = c4;
            double rp = r[p] * pivot;
            r[p] = rp;
            for (int m = 0; m < 5; m++) {
                if (m == p) {
                    continue;
                }
                int row = 5 * m;
                double coefficient = bm[row + p];
                for (int j = p + 1; j < 5; j++) {
                    bm[row + j] -= coefficient * bm[pivotRow + j];
                }
                int cm = offset + row;
                upper[cm] -= coefficient * c0;
                upper[cm + 1] -= coefficient * c1;
                upper[cm + 2] -= coefficient * c2;
                upper[cm + 3] -= coefficient * c3;
                upper[cm + 4] -= coefficient * c4;
                r[m] -= coefficient * rp;
            }
        }
    }

    /**
     * {@code x -= C' y}, with {@code C'} at {@code c} of {@code upper}, {@code x} at point {@code p} of
     * {@code rhs} (components {@code v} apart) and {@code y} at {@code offset}, {@code offset + stride}, ...
     * of {@code source}; operands in locals as in {@link #subtractLowerTimes}.
     */
    private static void subtractUpperTimes(double[] upper, int c, double[] rhs, int v, int p, double[] source,
            int offset, int stride) {
        double y0 = source[offset];
        double y1 = source[offset + stride];
        double y2 = source[offset + 2 * stride];
        double y3 = source[offset + 3 * stride];
        double y4 = source[offset + 4 * stride];
        for (int m = 0; m < 5; m++) {
            int row = c + 5 * m;
            rhs[m * v + p] = rhs[m * v + p] - upper[row] * y0 - upper[row + 1] * y1 - upper[row + 2] * y2
                    - upper[row + 3] * y3 - upper[row + 4] * y4;
        }
    }

    /**
     * The backward pass over a cell's lines: with {@code received}, the
     * last point uses the next cell's first solution in {@code incoming};
     * with {@code sends}, each line's first solution goes into
     * {@code outgoing}.
     */
    private void substitute(SpCell cell, double[] upper, int dir, boolean received, boolean sends) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int s = cell.stride[dir];
        int v = cell.volume;
        double[] rhs = cell.rhs;
        int first = cell.first(dir);
        int n = cell.last(dir, k.points[dir]) - first + 1;
        int[] local = new int[3];
        int line = 0;
        for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[a] = cell.first(a); local[a] <= cell.last(a, k.points[a]); local[a]++, line++) {
                local[dir] = first;
                int start = cell.index(local[0], local[1], local[2]);
                for (int t = n - 1; t >= 0; t--) {
                    int p = start + t * s;
                    int c = BLOCK * p;
                    if (t < n - 1) {
                        subtractUpperTimes(upper, c, rhs, v, p, rhs, p + s, v);
                    } else if (received) {
                        subtractUpperTimes(upper, c, rhs, v, p, incoming, BACKWARD_VALUES * line, 1);
                    }
                }
                if (sends) {
                    int o = BACKWARD_VALUES * line;
                    for (int m = 0; m < 5; m++) {
                        outgoing[o + m] = rhs[m * v + start];
                    }
                }
            }
        }
    }
}
