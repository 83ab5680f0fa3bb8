package org.mpjbuf.npb;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPIException;

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
 * The lines of a cell are independent, so they go in groups of up to
 * {@link #WIDTH} lines side by side, a point of each line at a time
 * ({@link #forEachGroup}): no point waits for the one before it, and along y
 * and z the group's points are neighbours in memory. A row's blocks are
 * formed before its solves, and the Gauss-Jordan elimination takes one
 * column at a time ({@link #factorColumn}); every element goes through the
 * same operations in the same order as line by line, row by row.
 * A line crosses {@code q} cells, one per rank
 * ({@link SpPartition}): in stage {@code s} of the forward pass every rank
 * eliminates its cell in slab {@code s}, having received {@code C'} and
 * {@code rhs'} of the last point of each line of the cell before it (30
 * values per line), and sends on its own; the backward pass runs the stages
 * in reverse and sends the solution at the first point of each line (5
 * values) back. Sends are non-blocking, since every rank sends before it
 * receives in the same stage; a send buffer is reused after its send
 * completed. {@code C'} is kept for every point of a cell (25 values a
 * point) for the backward pass, except in the last stage, where each
 * group's backward pass follows its forward pass at once: there (and so on
 * one rank everywhere) a group's {@code C'} stays in a group-sized array in
 * the cache.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class BtSolver {
    private static final int TAG = 9000;
    private static final int BLOCK = FluxJacobians.BLOCK;
    private static final int FORWARD_VALUES = BLOCK + 5;
    private static final int BACKWARD_VALUES = 5;
    /** The most lines of a sheet taken side by side. */
    private static final int WIDTH = 8;

    private final SpPartition partition;
    private final SpConstants k;
    /**
     * Per cell, with more than one rank per line, {@code C'} at every point: 25 values a point, row-major;
     * the group of lines from line {@code line} on, of {@code n} points each, from {@code 25 n line} on, the
     * group's points in order along the lines and at each point its lines side by side
     * ({@link #upperIndex}).
     */
    private final double[][] normalisedUpper;
    /** {@code C'} at every point of a group of lines whose backward pass follows at once, laid out the same way. */
    private final double[] groupUpper;
    /** The stages' messages; its {@code incoming} and {@code outgoing} are the buffers the passes read and fill. */
    private final LinePipeline pipeline;
    private final double[] outgoing;
    private final double[] incoming;
    /**
     * The Jacobians {@code F} and {@code N} at three rows of a sheet, 25 values a line, {@link #WIDTH} lines a row;
     * zeroed when a direction's solve starts, after which only the entries that can be non-zero along it are written.
     */
    private final double[] inviscid;
    private final double[] viscous;
    /** The blocks {@code A} and {@code B} at a row of a sheet, 25 values a line. */
    private final double[] lower;
    private final double[] diagonal;
    /** The right-hand sides at a row of a group, 5 values a line. */
    private final double[] right = new double[5 * WIDTH];
    /** The blocks {@code B - A C'} at a row of a group, 25 values a line, and then their elimination's factors. */
    private final double[] factors = new double[BLOCK * WIDTH];

    /**
     * Creates the solver of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param k the constants
     */
    BtSolver(Intracomm comm, SpPartition partition, SpConstants k) {
        this.partition = partition;
        this.k = k;
        int longest = 0;
        normalisedUpper = new double[partition.cells.length][];
        for (int c = 0; c < partition.cells.length; c++) {
            SpCell cell = partition.cells[c];
            if (partition.cellsPerSide > 1) {
                normalisedUpper[c] = new double[BLOCK * cell.volume];
            }
            for (int dir = 0; dir < 3; dir++) {
                longest = Math.max(longest, cell.size[dir]);
            }
        }
        groupUpper = new double[BLOCK * WIDTH * longest];
        pipeline = new LinePipeline(comm, partition, k.points, FORWARD_VALUES, BACKWARD_VALUES, TAG);
        outgoing = pipeline.outgoing;
        incoming = pipeline.incoming;
        inviscid = new double[3 * BLOCK * WIDTH];
        viscous = new double[3 * BLOCK * WIDTH];
        lower = new double[BLOCK * WIDTH];
        diagonal = new double[BLOCK * WIDTH];
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
        pipeline.run(dir,
            (cell, c, stage) -> eliminate(cell, c, dir, stage, q),
            (cell, c, stage) -> {
                boolean sends = stage > 0;
                int n = lineLength(cell, dir);
                forEachGroup(cell, dir, (start, lanes, line) -> substituteGroup(cell, normalisedUpper[c],
                        BLOCK * n * line, dir, start, lanes, line, true, sends));
            });
    }

    /** {@return the points of a line along {@code dir} through {@code cell} that the time step changes} */
    private int lineLength(SpCell cell, int dir) {
        return cell.last(dir, k.points[dir]) - cell.first(dir) + 1;
    }

    /** What is done with a group of lines side by side. */
    @FunctionalInterface
    private interface GroupAction {
        /**
         * @param start the index of the group's first line's first point
         * @param lanes the group's lines, {@code cell.stride[a]} apart at each point
         * @param line the number of the group's first line among the cell's lines
         */
        void apply(int start, int lanes, int line);
    }

    /**
     * Hands the lines along {@code dir} through a cell to {@code action} in groups of up to {@link #WIDTH} lines
     * side by side: the lines of a sheet (those that share their coordinate along {@code b}) in order along
     * {@code a}. Along y and z neighbouring lines are neighbours in memory; along x a narrow group keeps the
     * lines' points in the level 2 cache from one point to the next.
     */
    private void forEachGroup(SpCell cell, int dir, GroupAction action) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int lastLine = cell.last(a, k.points[a]);
        int[] local = {cell.first(0), cell.first(1), cell.first(2)};
        int line = 0;
        for (; local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[a] = cell.first(a); local[a] <= lastLine; local[a] += WIDTH) {
                int lanes = Math.min(WIDTH, lastLine - local[a] + 1);
                action.apply(cell.index(local[0], local[1], local[2]), lanes, line);
                line += lanes;
            }
        }
    }

    /**
     * The forward pass over a cell's lines in stage {@code stage} of {@code q}: after the first stage, the
     * first point continues from the previous cell's last one in {@code incoming}; before the last, each
     * line's last {@code C'} and {@code rhs'} go into {@code outgoing}. In the last stage, nothing waits
     * between a line's forward and backward pass: each group's backward pass follows its forward pass while
     * its {@code C'} is still in the cache, and after the first stage each line's first solution goes into
     * {@code outgoing}.
     */
    private void eliminate(SpCell cell, int c, int dir, int stage, int q) {
        boolean last = stage == q - 1;
        int n = lineLength(cell, dir);
        forEachGroup(cell, dir, (start, lanes, line) -> {
            if (last) {
                eliminateGroup(cell, groupUpper, 0, dir, start, lanes, line, stage > 0, false);
                substituteGroup(cell, groupUpper, 0, dir, start, lanes, line, false, stage > 0);
            } else {
                eliminateGroup(cell, normalisedUpper[c], BLOCK * n * line, dir, start, lanes, line, stage > 0, true);
            }
        });
    }

    /**
     * The forward pass over a group of lines, a point of each at a time, so that no point waits for the one
     * before it: with {@code received}, the first point continues from the previous cell's last one in
     * {@code incoming}; with {@code sends}, each line's last {@code C'} and {@code rhs'} go into
     * {@code outgoing}. A row's blocks are formed first, off the path of the solves, which depend on the
     * point before them along their line.
     */
    private void eliminateGroup(SpCell cell, double[] upper, int first, int dir, int start, int lanes, int line,
            boolean received, boolean sends) {
        int s = cell.stride[dir];
        int laneStride = cell.stride[dir == 0 ? 1 : 0];
        int v = cell.volume;
        double[] rhs = cell.rhs;
        int n = lineLength(cell, dir);
        writeJacobians(cell, dir, start - s, laneStride, lanes, 0);
        writeJacobians(cell, dir, start, laneStride, lanes, 1);
        for (int t = 0; t < n; t++) {
            int row = start + t * s;
            writeJacobians(cell, dir, row + s, laneStride, lanes, (t + 2) % 3);
            formBlocks(upper, upperIndex(first, lanes, t, 0), dir, lanes, t, t > 0 || received);
            for (int i = 0; i < lanes; i++) {
                int p = row + i * laneStride;
                int o = BLOCK * i;
                int c = upperIndex(first, lanes, t, i);
                for (int m = 0; m < 5; m++) {
                    right[5 * i + m] = rhs[m * v + p];
                }
                if (t > 0) {
                    subtractLowerTimes(i, rhs, p - s, v);
                    subtractProduct(o, upper, c - BLOCK * lanes);
                } else if (received) {
                    int in = FORWARD_VALUES * (line + i);
                    subtractLowerTimes(i, incoming, in + BLOCK, 1);
                    subtractProduct(o, incoming, in);
                } else {
                    System.arraycopy(diagonal, o, factors, o, BLOCK);
                }
            }
            for (int j = 0; j < 5; j++) {
                for (int i = 0; i < lanes; i++) {
                    factorColumn(BLOCK * i, j);
                }
            }
            for (int i = 0; i < lanes; i++) {
                int p = row + i * laneStride;
                applyFactors(i, upper, upperIndex(first, lanes, t, i));
                for (int m = 0; m < 5; m++) {
                    rhs[m * v + p] = right[5 * i + m];
                }
            }
        }
        if (sends) {
            for (int i = 0; i < lanes; i++) {
                int last = start + (n - 1) * s + i * laneStride;
                int out = FORWARD_VALUES * (line + i);
                System.arraycopy(upper, upperIndex(first, lanes, n - 1, i), outgoing, out, BLOCK);
                for (int m = 0; m < 5; m++) {
                    outgoing[out + BLOCK + m] = rhs[m * v + last];
                }
            }
        }
    }

    /**
     * Writes {@code F} and {@code N} at a row of a sheet, the points {@code row + i * laneStride} of its
     * {@code lanes} lines, into {@code slot} (of three, taken in turn along the lines) of {@link #inviscid}
     * and {@link #viscous}.
     */
    private void writeJacobians(SpCell cell, int dir, int row, int laneStride, int lanes, int slot) {
        int offset = BLOCK * slot * WIDTH;
        for (int i = 0; i < lanes; i++) {
            int q = row + i * laneStride;
            int o = offset + BLOCK * i;
            FluxJacobians.writeInviscid(cell.u, q, cell.volume, cell.rhoI[q], cell.qs[q], dir + 1, inviscid, o);
            FluxJacobians.writeViscous(cell.u, q, cell.volume, cell.rhoI[q], dir + 1, viscous, o);
        }
    }

    /**
     * Forms the blocks of row {@code t} of a sheet from the Jacobians of its rows {@code t - 1} to
     * {@code t + 1}: {@code B} into {@link #diagonal} and {@code C} into {@code upper} at each point, and
     * with {@code coupled} {@code A} into {@link #lower}, 25 values a line. The lines' Jacobians, {@code B} and
     * {@code A} follow each other in their arrays, so each of {@code B} and {@code A} is one loop over the row;
     * {@code C} goes to the row's lines, side by side from {@code first} of {@code upper}.
     */
    private void formBlocks(double[] upper, int first, int dir, int lanes, int t, boolean coupled) {
        double t1 = k.dtt1[dir];
        double t2 = k.dtt2[dir];
        double[] d = k.d[dir];
        int previous = BLOCK * (t % 3) * WIDTH;
        int here = BLOCK * ((t + 1) % 3) * WIDTH;
        int next = BLOCK * ((t + 2) % 3) * WIDTH;
        int count = BLOCK * lanes;
        for (int e = 0; e < count; e++) {
            diagonal[e] = t1 * 2.0 * viscous[here + e];
        }
        if (coupled) {
            for (int e = 0; e < count; e++) {
                lower[e] = -t2 * inviscid[previous + e] - t1 * viscous[previous + e];
            }
        }
        for (int i = 0; i < lanes; i++) {
            int o = BLOCK * i;
            int c = first + o;
            for (int e = 0; e < BLOCK; e++) {
                upper[c + e] = t2 * inviscid[next + o + e] - t1 * viscous[next + o + e];
            }
            for (int m = 0; m < 5; m++) {
                diagonal[o + 6 * m] = 1.0 + diagonal[o + 6 * m] + t1 * 2.0 * d[m];
                upper[c + 6 * m] -= t1 * d[m];
                if (coupled) {
                    lower[o + 6 * m] -= t1 * d[m];
                }
            }
        }
    }

    /**
     * {@code right -= A x}, with {@code A} at {@code o} of {@link #lower} and {@code x} at {@code offset},
     * {@code offset + stride}, ... of {@code source}.
     * Here and in the other products, the operand read at every row is held in locals, and each sum is
     * written as one expression in the order of the loop over {@code j}: the JIT would otherwise load it
     * again after each store into an array of the same type.
     */
    private void subtractLowerTimes(int lane, double[] source, int offset, int stride) {
        double x0 = source[offset];
        double x1 = source[offset + stride];
        double x2 = source[offset + 2 * stride];
        double x3 = source[offset + 3 * stride];
        double x4 = source[offset + 4 * stride];
        for (int m = 0; m < 5; m++) {
            int row = BLOCK * lane + 5 * m;
            int r = 5 * lane + m;
            right[r] = right[r] - lower[row] * x0 - lower[row + 1] * x1 - lower[row + 2] * x2
                    - lower[row + 3] * x3 - lower[row + 4] * x4;
        }
    }

    /**
     * {@code B - A C'} into {@link #factors}, with {@code A} and {@code B} at {@code o} of theirs and {@code C'} at
     * {@code offset} of {@code source}.
     */
    private void subtractProduct(int o, double[] source, int offset) {
        double[] a = lower;
        double[] b = diagonal;
        double a00 = a[o];
        double a01 = a[o + 1];
        double a02 = a[o + 2];
        double a03 = a[o + 3];
        double a04 = a[o + 4];
        double a10 = a[o + 5];
        double a11 = a[o + 6];
        double a12 = a[o + 7];
        double a13 = a[o + 8];
        double a14 = a[o + 9];
        double a20 = a[o + 10];
        double a21 = a[o + 11];
        double a22 = a[o + 12];
        double a23 = a[o + 13];
        double a24 = a[o + 14];
        double a30 = a[o + 15];
        double a31 = a[o + 16];
        double a32 = a[o + 17];
        double a33 = a[o + 18];
        double a34 = a[o + 19];
        double a40 = a[o + 20];
        double a41 = a[o + 21];
        double a42 = a[o + 22];
        double a43 = a[o + 23];
        double a44 = a[o + 24];
        for (int col = 0; col < 5; col++) {
            int x = offset + col;
            double x0 = source[x];
            double x1 = source[x + 5];
            double x2 = source[x + 10];
            double x3 = source[x + 15];
            double x4 = source[x + 20];
            int r = o + col;
            factors[o + col] = b[r] - a00 * x0 - a01 * x1 - a02 * x2 - a03 * x3 - a04 * x4;
            factors[o + 5 + col] = b[r + 5] - a10 * x0 - a11 * x1 - a12 * x2 - a13 * x3 - a14 * x4;
            factors[o + 10 + col] = b[r + 10] - a20 * x0 - a21 * x1 - a22 * x2 - a23 * x3 - a24 * x4;
            factors[o + 15 + col] = b[r + 15] - a30 * x0 - a31 * x1 - a32 * x2 - a33 * x3 - a34 * x4;
            factors[o + 20 + col] = b[r + 20] - a40 * x0 - a41 * x1 - a42 * x2 - a43 * x3 - a44 * x4;
        }
    }

    /**
     * Takes the columns of {@code C} at {@code offset} of {@code upper}, then the right-hand side of line
     * {@code lane} of the group, through the five steps of the elimination whose factors are at
     * {@code 25 lane} of {@link #factors} ({@link #factorColumn}): at step {@code p}, {@code x[p] *= f[p][p]},
     * then {@code x[m] -= f[m][p] x[p]} for the other rows. The factors and the column are held in locals: the
     * JIT would otherwise load every factor again after each store of a column into an array of the same type.
     */
    private void applyFactors(int lane, double[] upper, int offset) {
        double[] f = factors;
        int factor = BLOCK * lane;
        double f00 = f[factor];
        double f01 = f[factor + 1];
        double f02 = f[factor + 2];
        double f03 = f[factor + 3];
        double f04 = f[factor + 4];
        double f10 = f[factor + 5];
        double f11 = f[factor + 6];
        double f12 = f[factor + 7];
        double f13 = f[factor + 8];
        double f14 = f[factor + 9];
        double f20 = f[factor + 10];
        double f21 = f[factor + 11];
        double f22 = f[factor + 12];
        double f23 = f[factor + 13];
        double f24 = f[factor + 14];
        double f30 = f[factor + 15];
        double f31 = f[factor + 16];
        double f32 = f[factor + 17];
        double f33 = f[factor + 18];
        double f34 = f[factor + 19];
        double f40 = f[factor + 20];
        double f41 = f[factor + 21];
        double f42 = f[factor + 22];
        double f43 = f[factor + 23];
        double f44 = f[factor + 24];
        for (int j = 0; j < 6; j++) {
            double[] x = j < 5 ? upper : right;
            int o = j < 5 ? offset + j : 5 * lane;
            int stride = j < 5 ? 5 : 1;
            double x0 = x[o];
            double x1 = x[o + stride];
            double x2 = x[o + 2 * stride];
            double x3 = x[o + 3 * stride];
            double x4 = x[o + 4 * stride];
            x0 *= f00;
            x1 -= f10 * x0;
            x2 -= f20 * x0;
            x3 -= f30 * x0;
            x4 -= f40 * x0;
            x1 *= f11;
            x0 -= f01 * x1;
            x2 -= f21 * x1;
            x3 -= f31 * x1;
            x4 -= f41 * x1;
            x2 *= f22;
            x0 -= f02 * x2;
            x1 -= f12 * x2;
            x3 -= f32 * x2;
            x4 -= f42 * x2;
            x3 *= f33;
            x0 -= f03 * x3;
            x1 -= f13 * x3;
            x2 -= f23 * x3;
            x4 -= f43 * x3;
            x4 *= f44;
            x0 -= f04 * x4;
            x1 -= f14 * x4;
            x2 -= f24 * x4;
            x3 -= f34 * x4;
            x[o] = x0;
            x[o + stride] = x1;
            x[o + 2 * stride] = x2;
            x[o + 3 * stride] = x3;
            x[o + 4 * stride] = x4;
        }
    }

    /**
     * Factors column {@code j} of the block {@code B} at {@code o} of {@link #factors}, its columns before
     * {@code j} factored: takes it through steps {@code 0} to {@code j - 1}, as {@link #applyFactors} takes a
     * column through all five, and replaces its diagonal entry, step {@code j}'s pivot, by its inverse.
     *
     * <p>Gauss-Jordan elimination without pivoting ({@code binvcrhs}) replaces {@code C} and {@code rhs} by
     * {@code B^-1 C} and {@code B^-1 rhs}: step {@code p} scales row {@code p} of {@code [B C rhs]} by the
     * inverse of its pivot and subtracts multiples of it from the other rows. Every column goes through the same
     * steps, whose factors (the pivot's inverse and the other rows' coefficients) are column {@code p} of
     * {@code B} after the steps before it. So {@code B}'s columns are factored first, in order, and then each
     * column of {@code C} and {@code rhs} goes through all five steps. Each element sees the same operations in
     * the same order as in the elimination row by row; the entries of {@code B} left of each row's pivot, which
     * that leaves as they are, are not needed. A column's factoring waits for the one before it (five divisions
     * in a chain): the lines of a group are factored column by column side by side, so that their chains
     * overlap.
     */
    private void factorColumn(int o, int j) {
        double[] f = factors;
        double x0 = f[o + j];
        double x1 = f[o + j + 5];
        double x2 = f[o + j + 10];
        double x3 = f[o + j + 15];
        double x4 = f[o + j + 20];
        if (j > 0) {
            x0 *= f[o];
            x1 -= f[o + 5] * x0;
            x2 -= f[o + 10] * x0;
            x3 -= f[o + 15] * x0;
            x4 -= f[o + 20] * x0;
        }
        if (j > 1) {
            x1 *= f[o + 6];
            x0 -= f[o + 1] * x1;
            x2 -= f[o + 11] * x1;
            x3 -= f[o + 16] * x1;
            x4 -= f[o + 21] * x1;
        }
        if (j > 2) {
            x2 *= f[o + 12];
            x0 -= f[o + 2] * x2;
            x1 -= f[o + 7] * x2;
            x3 -= f[o + 17] * x2;
            x4 -= f[o + 22] * x2;
        }
        if (j > 3) {
            x3 *= f[o + 18];
            x0 -= f[o + 3] * x3;
            x1 -= f[o + 8] * x3;
            x2 -= f[o + 13] * x3;
            x4 -= f[o + 23] * x3;
        }
        f[o + j] = x0;
        f[o + j + 5] = x1;
        f[o + j + 10] = x2;
        f[o + j + 15] = x3;
        f[o + j + 20] = x4;
        f[o + 6 * j] = 1.0 / f[o + 6 * j];
    }

    /**
     * Tells where {@code C'} of a group's line {@code lane} at its point {@code t} starts in {@code upper}, the
     * group's starting at {@code first}: the group's lines are side by side at each point, so that the forward
     * pass writes and the backward pass reads one run of memory (with more than one rank per line, a cell's
     * {@code C'} does not stay in the cache from one pass to the other: in eight runs, one per line, the
     * backward pass took 16 % of BT's time at class A on 4 ranks, against 5 % on one rank).
     */
    private static int upperIndex(int first, int lanes, int t, int lane) {
        return first + BLOCK * (t * lanes + lane);
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
     * The backward pass over a group of lines, a point of each at a time: with {@code received}, the last
     * point uses the next cell's first solution in {@code incoming}; with {@code sends}, each line's first
     * solution goes into {@code outgoing}.
     */
    private void substituteGroup(SpCell cell, double[] upper, int first, int dir, int start, int lanes, int line,
            boolean received, boolean sends) {
        int s = cell.stride[dir];
        int laneStride = cell.stride[dir == 0 ? 1 : 0];
        int v = cell.volume;
        double[] rhs = cell.rhs;
        int n = lineLength(cell, dir);
        if (received) {
            int row = start + (n - 1) * s;
            for (int i = 0; i < lanes; i++) {
                int p = row + i * laneStride;
                subtractUpperTimes(upper, upperIndex(first, lanes, n - 1, i), rhs, v, p, incoming,
                        BACKWARD_VALUES * (line + i), 1);
            }
        }
        for (int t = n - 2; t >= 0; t--) {
            int row = start + t * s;
            for (int i = 0; i < lanes; i++) {
                int p = row + i * laneStride;
                subtractUpperTimes(upper, upperIndex(first, lanes, t, i), rhs, v, p, rhs, p + s, v);
            }
        }
        if (sends) {
            for (int i = 0; i < lanes; i++) {
                int out = BACKWARD_VALUES * (line + i);
                for (int m = 0; m < 5; m++) {
                    outgoing[out + m] = rhs[m * v + start + i * laneStride];
                }
            }
        }
    }
}
