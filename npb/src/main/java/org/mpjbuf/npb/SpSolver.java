package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * SP's implicit part: along each direction, three scalar pentadiagonal
 * systems per grid line (one for the first three characteristic variables,
 * one for each of the last two), solved across the cells of the line as a
 * pipeline.
 *
 * <p>Design note (NPB 3.4 MPI {@code lhsx.f}, {@code x_solve.f} and their y
 * and z twins). Notation: row {@code r} of a system has the diagonals
 * {@code (a, b, c, d, e)} at offsets -2 .. +2, stored as components
 * {@code n .. n + 4} of {@code lhs}, {@code n = 0, 5, 10}. The operator is
 * built from the velocity, density and speed of sound along the line plus
 * the implicit dissipation ({@link #buildOperators}). Gaussian elimination
 * without pivoting, row by row along the line:
 * <ol>
 * <li>forward: subtract {@code a} times normalised row {@code r - 2} and
 *     then {@code b} times normalised row {@code r - 1} from row {@code r},
 *     then divide it by its diagonal, leaving {@code (d, e)} and the
 *     right-hand side;</li>
 * <li>backward: {@code x(r) = rhs(r) - d x(r + 1) - e x(r + 2)}.</li>
 * </ol>
 * The reference pushes row {@code r}'s updates into rows {@code r + 1} and
 * {@code r + 2}; pulling them into row {@code r}, as here, performs the
 * same operations on every element in the same order. The lines of a
 * cell are independent, so the passes go row by row over a plane of lines
 * side by side ({@link #forEachRow}), like the reference's loops: along y
 * and z a row is contiguous in x, and no point of it waits for another.
 * A line crosses {@code q} cells, one per rank ({@link SpPartition}): in
 * stage {@code s} of the forward pass every rank eliminates its cell in
 * slab {@code s}, having received the last two normalised rows of the cell
 * before it ({@code d, e} and the right-hand sides: 22 values per line)
 * into the cell's ghost rows, and sends on its own last two; the backward
 * pass runs the stages in reverse and sends the first two rows' solutions
 * (10 values per line) back. Sends are non-blocking, since every rank sends before it
 * receives in the same stage; a send buffer is reused after its send
 * completed.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class SpSolver {
    private static final int FORWARD_TAG = 8000;
    private static final int BACKWARD_TAG = 8100;
    private static final int FORWARD_VALUES = 22;
    private static final int BACKWARD_VALUES = 10;

    private final Intracomm comm;
    private final SpPartition partition;
    private final SpConstants k;
    /** The implicit dissipation's rows: at points 1 and 2, inside, at points n - 3 and n - 2. */
    private final double[][] dissipationRows;
    private final double[] outgoing;
    private final double[] incoming;
    private Request pendingSend;

    /**
     * Creates the solver of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param k the constants
     */
    SpSolver(Intracomm comm, SpPartition partition, SpConstants k) {
        this.comm = comm;
        this.partition = partition;
        this.k = k;
        dissipationRows = new double[][] {
            {0.0, 0.0, k.comz5, -k.comz4, k.comz1},
            {0.0, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, 0.0},
            {k.comz1, -k.comz4, k.comz5, 0.0, 0.0},
        };
        int lines = 0;
        for (SpCell cell : partition.cells) {
            for (int dir = 0; dir < 3; dir++) {
                lines = Math.max(lines, cell.lineCount(dir, k.points));
            }
        }
        outgoing = new double[FORWARD_VALUES * lines];
        incoming = new double[FORWARD_VALUES * lines];
    }

    /**
     * Solves the systems along {@code dir} in every cell, leaving the
     * solution in the cells' right-hand sides.
     *
     * @param dir the direction
     * @throws MPIException if communication fails
     */
    void solve(int dir) throws MPIException {
        int q = partition.cellsPerSide;
        for (int stage = 0; stage < q; stage++) {
            SpCell cell = partition.cells[partition.slice[dir][stage]];
            int count = FORWARD_VALUES * cell.lineCount(dir, k.points);
            Request receive = stage == 0 ? null
                    : comm.Irecv(incoming, 0, count, MPI.DOUBLE, partition.predecessor[dir], FORWARD_TAG + dir);
            buildOperators(cell, dir);
            if (receive != null) {
                receive.Wait();
                copyRows(cell, dir, true, false);
            }
            eliminate(cell, dir);
            if (stage < q - 1) {
                awaitSend();
                copyRows(cell, dir, true, true);
                pendingSend = comm.Isend(outgoing, 0, count, MPI.DOUBLE, partition.successor[dir], FORWARD_TAG + dir);
            }
        }
        awaitSend();
        for (int stage = q - 1; stage >= 0; stage--) {
            SpCell cell = partition.cells[partition.slice[dir][stage]];
            int count = BACKWARD_VALUES * cell.lineCount(dir, k.points);
            if (stage < q - 1) {
                comm.Recv(incoming, 0, count, MPI.DOUBLE, partition.successor[dir], BACKWARD_TAG + dir);
                copyRows(cell, dir, false, false);
            }
            substitute(cell, dir);
            if (stage > 0) {
                awaitSend();
                copyRows(cell, dir, false, true);
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

    /** A visitor of the lines along a direction: {@code p0} is the index of the line's local point 0. */
    @FunctionalInterface
    private interface LineAction {
        void apply(int p0);
    }

    /** Visits the lines along {@code dir} through a cell, in the order of the messages. */
    private void forEachLine(SpCell cell, int dir, LineAction action) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int[] local = new int[3];
        for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[a] = cell.first(a); local[a] <= cell.last(a, k.points[a]); local[a]++) {
                action.apply(cell.index(local[0], local[1], local[2]));
            }
        }
    }

    /**
     * A visitor of the rows of a plane of lines: {@code count} points, one
     * per line, at {@code start}, {@code start + step}, ..., all at global
     * point {@code g} along the lines.
     */
    @FunctionalInterface
    private interface RowAction {
        void apply(int start, int step, int count, int g);
    }

    /**
     * Visits a cell's lines along {@code dir} a plane at a time, and in each
     * plane the rows from local point {@code from} to {@code to} along the
     * lines (downwards if {@code to < from}). The lines of a plane lie side
     * by side along x for the solves along y and z, so that a row is
     * contiguous in memory and its points are independent of each other.
     */
    private void forEachRow(SpCell cell, int dir, int from, int to, RowAction action) {
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int step = cell.stride[a];
        int count = cell.last(a, k.points[a]) - cell.first(a) + 1;
        int direction = to >= from ? 1 : -1;
        int[] local = new int[3];
        local[a] = cell.first(a);
        for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
            for (local[dir] = from; local[dir] != to + direction; local[dir] += direction) {
                int start = cell.index(local[0], local[1], local[2]);
                action.apply(start, step, count, cell.low[dir] + local[dir]);
            }
        }
    }

    /** Builds the three systems' operators at the rows the time step changes ({@code lhsx}). */
    private void buildOperators(SpCell cell, int dir) {
        int v = cell.volume;
        int s = cell.stride[dir];
        double[] lhs = cell.lhs;
        double[] cv = cell.velocity[dir];
        double[] speed = cell.speed;
        int n = k.points[dir];
        double dtt1 = k.dtt1[dir];
        double dtt2 = k.dtt2[dir];
        double c2dtt1 = k.c2dtt1[dir];
        forEachRow(cell, dir, cell.first(dir), cell.last(dir, n), (start, step, count, g) -> {
            double[] add = dissipationRow(g, n);
            double add0 = add[0];
            double add1 = add[1];
            double add2 = add[2];
            double add3 = add[3];
            double add4 = add[4];
            for (int p = start, end = start + count * step; p < end; p += step) {
                double lhsA = 0.0 + add0;
                double lhsB = -dtt2 * cv[p - s] - dtt1 * viscosity(cell, dir, p - s) + add1;
                double lhsC = 1.0 + c2dtt1 * viscosity(cell, dir, p) + add2;
                double lhsD = dtt2 * cv[p + s] - dtt1 * viscosity(cell, dir, p + s) + add3;
                double lhsE = 0.0 + add4;
                double below = dtt2 * speed[p - s];
                double above = dtt2 * speed[p + s];
                lhs[p] = lhsA;
                lhs[v + p] = lhsB;
                lhs[2 * v + p] = lhsC;
                lhs[3 * v + p] = lhsD;
                lhs[4 * v + p] = lhsE;
                lhs[5 * v + p] = lhsA;
                lhs[6 * v + p] = lhsB - below;
                lhs[7 * v + p] = lhsC;
                lhs[8 * v + p] = lhsD + above;
                lhs[9 * v + p] = lhsE;
                lhs[10 * v + p] = lhsA;
                lhs[11 * v + p] = lhsB + below;
                lhs[12 * v + p] = lhsC;
                lhs[13 * v + p] = lhsD - above;
                lhs[14 * v + p] = lhsE;
            }
        });
    }

    /** The largest of the viscous and dissipation coefficients at a point ({@code rhon}). */
    private double viscosity(SpCell cell, int dir, int p) {
        double ru1 = SpConstants.C3C4 * cell.rhoI[p];
        double[] d = k.d[dir];
        return Math.max(Math.max(Math.max(d[dir + 1] + SpConstants.CON43 * ru1, d[4] + SpConstants.C1C5 * ru1),
                k.dmax[dir] + ru1), d[0]);
    }

    /** The implicit fourth-order dissipation of row {@code g} of {@code n}, one-sided next to the ends. */
    private double[] dissipationRow(int g, int n) {
        if (g == 1) {
            return dissipationRows[0];
        } else if (g == 2) {
            return dissipationRows[1];
        } else if (g == n - 3) {
            return dissipationRows[3];
        } else if (g == n - 2) {
            return dissipationRows[4];
        }
        return dissipationRows[2];
    }

    /**
     * The forward elimination of a cell, its first rows continuing from the
     * ghost rows before it: row by row, each point's row of a system with
     * the right-hand sides the system solves for. Every element goes
     * through the same operations in the same order as in an elimination
     * line by line.
     */
    private void eliminate(SpCell cell, int dir) {
        int v = cell.volume;
        int s = cell.stride[dir];
        double[] lhs = cell.lhs;
        double[] rhs = cell.rhs;
        forEachRow(cell, dir, 0, cell.size[dir] - 1, (start, step, count, g) -> {
            for (int system = 0; system < 3; system++) {
                int n = 5 * system * v;
                int firstR = (system == 0 ? 0 : system + 2) * v;
                int lastR = (system == 0 ? 2 : system + 2) * v;
                for (int p = start, end = start + count * step; p < end; p += step) {
                    double a = lhs[n + p];
                    double lhsB = lhs[n + v + p];
                    double lhsC = lhs[n + 2 * v + p];
                    double lhsD = lhs[n + 3 * v + p];
                    double lhsE = lhs[n + 4 * v + p];
                    if (g >= 2) {
                        int q = p - 2 * s;
                        lhsB = lhsB - a * lhs[n + 3 * v + q];
                        lhsC = lhsC - a * lhs[n + 4 * v + q];
                    }
                    if (g >= 1) {
                        int q = p - s;
                        lhsC = lhsC - lhsB * lhs[n + 3 * v + q];
                        lhsD = lhsD - lhsB * lhs[n + 4 * v + q];
                    }
                    double fac = 1.0 / lhsC;
                    lhs[n + v + p] = lhsB;
                    lhs[n + 2 * v + p] = lhsC;
                    lhs[n + 3 * v + p] = fac * lhsD;
                    lhs[n + 4 * v + p] = fac * lhsE;
                    for (int r = firstR; r <= lastR; r += v) {
                        double value = rhs[r + p];
                        if (g >= 2) {
                            value = value - a * rhs[r + p - 2 * s];
                        }
                        if (g >= 1) {
                            value = value - lhsB * rhs[r + p - s];
                        }
                        rhs[r + p] = fac * value;
                    }
                }
            }
        });
    }

    /** The back substitution of a cell, its last rows continuing from the ghost rows after it. */
    private void substitute(SpCell cell, int dir) {
        int v = cell.volume;
        int s = cell.stride[dir];
        int n = k.points[dir];
        double[] lhs = cell.lhs;
        double[] rhs = cell.rhs;
        forEachRow(cell, dir, cell.size[dir] - 1, 0, (start, step, count, g) -> {
            if (g == n - 1) {
                return;
            }
            for (int m = 0; m < 5; m++) {
                int system = m < 3 ? 0 : m - 2;
                int d = (5 * system + 3) * v;
                int r = m * v;
                int end = start + count * step;
                if (g == n - 2) {
                    for (int p = start; p < end; p += step) {
                        rhs[r + p] = rhs[r + p] - lhs[d + p] * rhs[r + p + s];
                    }
                } else {
                    for (int p = start; p < end; p += step) {
                        rhs[r + p] = rhs[r + p] - lhs[d + p] * rhs[r + p + s] - lhs[d + v + p] * rhs[r + p + 2 * s];
                    }
                }
            }
        });
    }

    /**
     * Copies the rows a pass sends to the next stage out of a cell
     * ({@code pack}), or those it received into the cell's ghost rows: the
     * forward pass's last two rows' {@code d, e} and right-hand sides, the
     * backward pass's first two rows' solutions.
     */
    private void copyRows(SpCell cell, int dir, boolean forward, boolean pack) {
        int v = cell.volume;
        int s = cell.stride[dir];
        double[] buffer = pack ? outgoing : incoming;
        int size = cell.size[dir];
        int firstRow;
        if (forward) {
            firstRow = pack ? size - 2 : -2;
        } else {
            firstRow = pack ? 0 : size;
        }
        int[] position = {0};
        forEachLine(cell, dir, p0 -> {
            for (int row = firstRow; row < firstRow + 2; row++) {
                int p = p0 + row * s;
                for (int m = 0; m < 5; m++) {
                    // forward, a system's d and e go before the first right-hand side it solves for
                    if (forward && (m == 0 || m >= 3)) {
                        int system = m < 3 ? 0 : m - 2;
                        int d = (5 * system + 3) * v + p;
                        position[0] = copy(cell.lhs, d, buffer, position[0], pack);
                        position[0] = copy(cell.lhs, d + v, buffer, position[0], pack);
                    }
                    position[0] = copy(cell.rhs, m * v + p, buffer, position[0], pack);
                }
            }
        });
    }

    private static int copy(double[] field, int index, double[] buffer, int position, boolean pack) {
        if (pack) {
            buffer[position] = field[index];
        } else {
            field[index] = buffer[position];
        }
        return position + 1;
    }
}
