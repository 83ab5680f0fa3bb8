package org.mpjbuf.npb;

import java.util.Arrays;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

import mpi.Intracomm;
import mpi.MPIException;

/**
 * SP's implicit part: along each direction, three scalar pentadiagonal
 * systems per grid line (one for the first three characteristic variables,
 * one for each of the last two), solved across the cells of the line as a
 * pipeline.
 *
 * <p>Design note (NPB 3.4 MPI {@code lhsx.f}, {@code x_solve.f} and their y
 * and z twins). Notation: row {@code r} of a system has the diagonals
 * {@code (a, b, c, d, e)} at offsets -2 .. +2. The operator is built from
 * the velocity, density and speed of sound along the line plus the implicit
 * dissipation; the three systems differ only in {@code b} and {@code d}.
 * Gaussian elimination without pivoting, row by row along the line:
 * <ol>
 * <li>forward: subtract {@code a} times normalised row {@code r - 2} and
 *     then {@code b} times normalised row {@code r - 1} from row {@code r},
 *     then divide it by its diagonal, leaving {@code (d, e)} and the
 *     right-hand side;</li>
 * <li>backward: {@code x(r) = rhs(r) - d x(r + 1) - e x(r + 2)}.</li>
 * </ol>
 * The reference builds every row's five diagonals of the three systems into
 * a cell-sized array and then pushes row {@code r}'s updates into rows
 * {@code r + 1} and {@code r + 2}; here a row's diagonals are formed in
 * locals just before it is eliminated (pulling the updates of the rows
 * before it), which performs the same operations on every element in the
 * same order, and only the normalised {@code (d, e)} of the three systems
 * are kept, six values a point, for the backward pass.
 *
 * <p>The lines of a cell are independent, so the passes go a plane of lines
 * side by side at a time, and in a plane row by row ({@link #eliminateRow}):
 * no point of a row waits for another, and the inner loops run over the
 * lines. Along y and z a row is contiguous in x; along x a plane's
 * right-hand sides and coefficients are first copied into arrays whose rows
 * are contiguous ({@link #gather}), and the solution copied back. A line
 * crosses {@code q} cells, one per rank ({@link SpPartition}): in stage
 * {@code s} of the forward pass every rank eliminates its cell in slab
 * {@code s}, having received the last two normalised rows of the cell
 * before it ({@code d, e} and the right-hand sides: 22 values per line)
 * into the ghost rows, and sends on its own last two; the backward pass
 * runs the stages in reverse and sends the first two rows' solutions (10
 * values per line) back. In the last stage nothing waits between a plane's
 * forward and backward pass, which then follow each other while the plane
 * is in the cache, its {@code (d, e)} in a plane-sized array (so on one
 * rank everywhere); in the other stages {@code (d, e)} are kept for the
 * whole cell. Sends are non-blocking, since every rank sends before it
 * receives in the same stage; a send buffer is reused after its send
 * completed.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class SpSolver {
    private static final VectorSpecies<Double> LANES = VectorLanes.DOUBLES;
    private static final int TAG = 8000;
    private static final int FORWARD_VALUES = 22;
    private static final int BACKWARD_VALUES = 10;
    /** The values kept per point for the backward pass: {@code d} and {@code e} of each system. */
    private static final int NORMALISED = 6;

    private final SpPartition partition;
    private final SpConstants k;
    /** The implicit dissipation's rows: at points 1 and 2, inside, at points n - 3 and n - 2. */
    private final double[][] dissipationRows;
    /**
     * Per cell, with more than one rank per line, the normalised rows of every line: plane after plane,
     * each plane as {@link #planeNormalised}.
     */
    private final double[][] cellNormalised;
    /**
     * The normalised rows of a plane: component {@code c} ({@code d} of system {@code t} at {@code 2t},
     * {@code e} at {@code 2t + 1}) of lane {@code i} at local row {@code l} at
     * {@code c * planeLength + (l + 2) * lanes + i}.
     */
    private final double[] planeNormalised;
    /**
     * The largest of the viscous and dissipation coefficients at a plane's points, laid out as one component
     * of {@link #planeNormalised}.
     */
    private final double[] viscosity;
    /**
     * Along x, a plane's right-hand sides, rows and lines swapped: laid out as {@link #planeNormalised}, the
     * components {@link #gatheredLength} apart; then the velocities, speeds of sound and 1/density.
     */
    private final double[] gatheredRhs;
    private final double[] gatheredVelocity;
    private final double[] gatheredSpeed;
    private final double[] gatheredRhoI;
    private final int gatheredLength;
    /** The stages' messages; its {@code incoming} and {@code outgoing} are the buffers the passes read and fill. */
    private final LinePipeline pipeline;
    private final double[] outgoing;
    private final double[] incoming;

    // The plane in work: where its right-hand sides (and velocities, speeds of sound, 1/density) and its
    // normalised rows are.
    private double[] rhs;
    private double[] velocity;
    private double[] speed;
    private double[] rhoI;
    /** The index of the plane's lane 0 at local row 0, in {@link #rhs} (component 0) and the coefficients. */
    private int origin;
    /** The distance between a point and the next along its line. */
    private int rowStride;
    /** The distance between the right-hand side's components. */
    private int component;
    private double[] normalised;
    /** The index of lane 0 at local row 0 of component 0 in {@link #normalised}. */
    private int normalisedOrigin;
    /** The lines of the plane, which is also the distance between rows in {@link #normalised}. */
    private int lanes;
    /** The distance between components in {@link #normalised}. */
    private int planeLength;

    /**
     * Creates the solver of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param k the constants
     */
    SpSolver(Intracomm comm, SpPartition partition, SpConstants k) {
        this.partition = partition;
        this.k = k;
        dissipationRows = new double[][] {
            {0.0, 0.0, k.comz5, -k.comz4, k.comz1},
            {0.0, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, 0.0},
            {k.comz1, -k.comz4, k.comz5, 0.0, 0.0},
        };
        int plane = 0;
        int gathered = 0;
        cellNormalised = new double[partition.cells.length][];
        for (int c = 0; c < partition.cells.length; c++) {
            SpCell cell = partition.cells[c];
            int cellLength = 0;
            for (int dir = 0; dir < 3; dir++) {
                int length = lanesOf(cell, dir) * (cell.size[dir] + 2 * SpCell.GHOSTS);
                plane = Math.max(plane, length);
                cellLength = Math.max(cellLength, planesOf(cell, dir) * length);
                if (dir == 0) {
                    gathered = Math.max(gathered, length);
                }
            }
            if (partition.cellsPerSide > 1) {
                cellNormalised[c] = new double[NORMALISED * cellLength];
            }
        }
        planeNormalised = new double[NORMALISED * plane];
        viscosity = new double[plane];
        gatheredLength = gathered;
        gatheredRhs = new double[5 * gathered];
        gatheredVelocity = new double[gathered];
        gatheredSpeed = new double[gathered];
        gatheredRhoI = new double[gathered];
        pipeline = new LinePipeline(comm, partition, k.points, FORWARD_VALUES, BACKWARD_VALUES, TAG);
        outgoing = pipeline.outgoing;
        incoming = pipeline.incoming;
    }

    /** {@return the direction along which a plane's lines lie side by side} */
    private static int laneDirection(int dir) {
        return dir == 0 ? 1 : 0;
    }

    /** {@return the direction from plane to plane} */
    private static int planeDirection(int dir) {
        return dir == 2 ? 1 : 2;
    }

    /** {@return the lines of a plane of a cell along {@code dir}} */
    private int lanesOf(SpCell cell, int dir) {
        int a = laneDirection(dir);
        return cell.last(a, k.points[a]) - cell.first(a) + 1;
    }

    /** {@return the planes of lines of a cell along {@code dir}} */
    private int planesOf(SpCell cell, int dir) {
        int b = planeDirection(dir);
        return cell.last(b, k.points[b]) - cell.first(b) + 1;
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
        pipeline.run(dir,
            (cell, c, stage) -> {
                for (int plane = 0; plane < planesOf(cell, dir); plane++) {
                    forwardPlane(cell, c, dir, plane, stage > 0, stage == q - 1);
                }
            },
            (cell, c, stage) -> {
                for (int plane = 0; plane < planesOf(cell, dir); plane++) {
                    backwardPlane(cell, c, dir, plane, stage > 0);
                }
            });
    }

    /**
     * The forward pass over plane {@code plane} of a cell's lines: with {@code received}, its first rows
     * continue from the ghost rows in {@code incoming}; if the stage is {@code last}, the backward pass
     * follows, and else the last two rows go into {@code outgoing}.
     */
    private void forwardPlane(SpCell cell, int c, int dir, int plane, boolean received, boolean last) {
        int size = cell.size[dir];
        int first = cell.first(dir);
        int lastRow = cell.last(dir, k.points[dir]);
        openPlane(cell, dir, plane, last ? null : cellNormalised[c]);
        if (dir == 0) {
            gather(cell, plane, 0, size - 1, true);
        }
        if (received) {
            unpackForward(plane);
        }
        computeViscosity(dir, first - 1, lastRow + 1);
        int n = k.points[dir];
        for (int l = 0; l < size; l++) {
            int g = cell.low[dir] + l;
            if (g == 0 || g == n - 1) {
                identityRow(l);
            } else if (g == 1) {
                eliminateSecondRow(dir, l, dissipationRow(g, n));
            } else {
                eliminateRow(dir, l, dissipationRow(g, n));
            }
        }
        if (last) {
            substitutePlane(cell, dir);
            if (received) {
                packBackward(plane);
            }
        } else {
            packForward(plane, size);
        }
        if (dir == 0) {
            scatter(cell, plane);
        }
    }

    /**
     * The backward pass over plane {@code plane} of a cell's lines, its last rows continuing from the ghost
     * rows in {@code incoming}; with {@code sends}, the first two rows' solutions go into {@code outgoing}.
     */
    private void backwardPlane(SpCell cell, int c, int dir, int plane, boolean sends) {
        openPlane(cell, dir, plane, cellNormalised[c]);
        if (dir == 0) {
            gather(cell, plane, 0, cell.size[dir] - 1, false);
        }
        unpackBackward(plane, cell.size[dir]);
        substitutePlane(cell, dir);
        if (sends) {
            packBackward(plane);
        }
        if (dir == 0) {
            scatter(cell, plane);
        }
    }

    /**
     * Points the fields of the plane in work at plane {@code plane} of a cell's lines along {@code dir}:
     * along x at the gathered arrays, else at the cell's; the normalised rows at the plane's part of
     * {@code kept}, or at {@link #planeNormalised} if {@code null}.
     */
    private void openPlane(SpCell cell, int dir, int plane, double[] kept) {
        lanes = lanesOf(cell, dir);
        planeLength = lanes * (cell.size[dir] + 2 * SpCell.GHOSTS);
        if (dir == 0) {
            rhs = gatheredRhs;
            velocity = gatheredVelocity;
            speed = gatheredSpeed;
            rhoI = gatheredRhoI;
            origin = SpCell.GHOSTS * lanes;
            rowStride = lanes;
            component = gatheredLength;
        } else {
            rhs = cell.rhs;
            velocity = cell.velocity[dir];
            speed = cell.speed;
            rhoI = cell.rhoI;
            origin = dir == 1 ? cell.index(cell.first(0), 0, cell.first(2) + plane)
                    : cell.index(cell.first(0), cell.first(1) + plane, 0);
            rowStride = cell.stride[dir];
            component = cell.volume;
        }
        if (kept == null) {
            normalised = planeNormalised;
            normalisedOrigin = SpCell.GHOSTS * lanes;
        } else {
            normalised = kept;
            normalisedOrigin = NORMALISED * planeLength * plane + SpCell.GHOSTS * lanes;
        }
    }

    /**
     * Along x, copies plane {@code plane}'s right-hand sides at local rows {@code from} to {@code to} into
     * the gathered arrays, and with {@code coefficients} also the velocities, speeds of sound and 1/density
     * at the rows the operators reach, one more on each side.
     */
    private void gather(SpCell cell, int plane, int from, int to, boolean coefficients) {
        int v = cell.volume;
        int n = lanes;
        int m = gatheredLength;
        double[] cv = cell.velocity[0];
        for (int i = 0; i < n; i++) {
            int p0 = cell.index(0, cell.first(1) + i, cell.first(2) + plane);
            for (int l = from; l <= to; l++) {
                int t = (l + SpCell.GHOSTS) * n + i;
                int p = p0 + l;
                for (int r = 0; r < 5; r++) {
                    gatheredRhs[r * m + t] = cell.rhs[r * v + p];
                }
            }
            if (coefficients) {
                for (int l = from - 1; l <= to + 1; l++) {
                    int t = (l + SpCell.GHOSTS) * n + i;
                    int p = p0 + l;
                    gatheredVelocity[t] = cv[p];
                    gatheredSpeed[t] = cell.speed[p];
                    gatheredRhoI[t] = cell.rhoI[p];
                }
            }
        }
    }

    /** Along x, copies the gathered right-hand sides of plane {@code plane}'s rows back into the cell. */
    private void scatter(SpCell cell, int plane) {
        int v = cell.volume;
        int n = lanes;
        int m = gatheredLength;
        for (int i = 0; i < n; i++) {
            int p0 = cell.index(0, cell.first(1) + i, cell.first(2) + plane);
            for (int l = 0; l < cell.size[0]; l++) {
                int t = (l + SpCell.GHOSTS) * n + i;
                int p = p0 + l;
                for (int r = 0; r < 5; r++) {
                    cell.rhs[r * v + p] = gatheredRhs[r * m + t];
                }
            }
        }
    }

    /** Computes the viscosity ({@code rhon}) at the plane's local rows {@code from} to {@code to}. */
    private void computeViscosity(int dir, int from, int to) {
        double[] d = k.d[dir];
        double along = d[dir + 1];
        double energy = d[4];
        double dmax = k.dmax[dir];
        double density = d[0];
        double[] rho = rhoI;
        double[] out = viscosity;
        int n = lanes;
        for (int l = from; l <= to; l++) {
            int p0 = origin + l * rowStride;
            int w0 = (l + SpCell.GHOSTS) * n;
            for (int i = 0; i < n; i++) {
                double ru1 = SpConstants.C3C4 * rho[p0 + i];
                out[w0 + i] = Math.max(Math.max(Math.max(along + SpConstants.CON43 * ru1,
                        energy + SpConstants.C1C5 * ru1), dmax + ru1), density);
            }
        }
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

    /** A boundary row, the identity: its normalised {@code d} and {@code e} are zero, its right-hand side stays. */
    private void identityRow(int l) {
        int d0 = normalisedOrigin + l * lanes;
        for (int c = 0; c < NORMALISED; c++) {
            int start = d0 + c * planeLength;
            Arrays.fill(normalised, start, start + lanes, 0.0);
        }
    }

    /**
     * Builds and eliminates local row {@code l} of the plane's three systems, two rows or more after the
     * line's boundary point: per point, the diagonals as the reference's {@code lhsx} forms them, then the
     * forward step of each system with the right-hand sides it solves for.
     */
    private void eliminateRow(int dir, int l, double[] add) {
        double dtt1 = k.dtt1[dir];
        double dtt2 = k.dtt2[dir];
        double c2dtt1 = k.c2dtt1[dir];
        double a = 0.0 + add[0];
        double add1 = add[1];
        double add2 = add[2];
        double add3 = add[3];
        double e = 0.0 + add[4];
        double[] r = rhs;
        double[] cv = velocity;
        double[] cs = speed;
        double[] w = viscosity;
        double[] de = normalised;
        int n = lanes;
        int s = rowStride;
        int rv = component;
        int dv = planeLength;
        int p0 = origin + l * s;
        int d0 = normalisedOrigin + l * n;
        int w0 = (l + SpCell.GHOSTS) * n;
        for (int i = 0; i < n; i++) {
            int p = p0 + i;
            int d = d0 + i;
            int x = w0 + i;
            double lhsB = -dtt2 * cv[p - s] - dtt1 * w[x - n] + add1;
            double lhsC = 1.0 + c2dtt1 * w[x] + add2;
            double lhsD = dtt2 * cv[p + s] - dtt1 * w[x + n] + add3;
            double below = dtt2 * cs[p - s];
            double above = dtt2 * cs[p + s];

            double b = lhsB - a * de[d - 2 * n];
            double c = lhsC - a * de[dv + d - 2 * n];
            c = c - b * de[d - n];
            double fac = 1.0 / c;
            de[d] = fac * (lhsD - b * de[dv + d - n]);
            de[dv + d] = fac * e;
            r[p] = fac * (r[p] - a * r[p - 2 * s] - b * r[p - s]);
            r[rv + p] = fac * (r[rv + p] - a * r[rv + p - 2 * s] - b * r[rv + p - s]);
            r[2 * rv + p] = fac * (r[2 * rv + p] - a * r[2 * rv + p - 2 * s] - b * r[2 * rv + p - s]);

            b = lhsB - below - a * de[2 * dv + d - 2 * n];
            c = lhsC - a * de[3 * dv + d - 2 * n];
            c = c - b * de[2 * dv + d - n];
            fac = 1.0 / c;
            de[2 * dv + d] = fac * (lhsD + above - b * de[3 * dv + d - n]);
            de[3 * dv + d] = fac * e;
            r[3 * rv + p] = fac * (r[3 * rv + p] - a * r[3 * rv + p - 2 * s] - b * r[3 * rv + p - s]);

            b = lhsB + below - a * de[4 * dv + d - 2 * n];
            c = lhsC - a * de[5 * dv + d - 2 * n];
            c = c - b * de[4 * dv + d - n];
            fac = 1.0 / c;
            de[4 * dv + d] = fac * (lhsD - above - b * de[5 * dv + d - n]);
            de[5 * dv + d] = fac * e;
            r[4 * rv + p] = fac * (r[4 * rv + p] - a * r[4 * rv + p - 2 * s] - b * r[4 * rv + p - s]);
        }
    }

    /**
     * {@link #eliminateRow} for the row after the line's first (boundary) point, which has no row two
     * before it.
     */
    private void eliminateSecondRow(int dir, int l, double[] add) {
        double dtt1 = k.dtt1[dir];
        double dtt2 = k.dtt2[dir];
        double c2dtt1 = k.c2dtt1[dir];
        double add1 = add[1];
        double add2 = add[2];
        double add3 = add[3];
        double e = 0.0 + add[4];
        int n = lanes;
        int s = rowStride;
        int rv = component;
        int dv = planeLength;
        int p0 = origin + l * s;
        int d0 = normalisedOrigin + l * n;
        int w0 = (l + SpCell.GHOSTS) * n;
        for (int i = 0; i < n; i++) {
            int p = p0 + i;
            int d = d0 + i;
            int x = w0 + i;
            double lhsB = -dtt2 * velocity[p - s] - dtt1 * viscosity[x - n] + add1;
            double lhsC = 1.0 + c2dtt1 * viscosity[x] + add2;
            double lhsD = dtt2 * velocity[p + s] - dtt1 * viscosity[x + n] + add3;
            double below = dtt2 * speed[p - s];
            double above = dtt2 * speed[p + s];
            for (int t = 0; t < 3; t++) {
                int dd = 2 * t * dv + d;
                double b = t == 0 ? lhsB : t == 1 ? lhsB - below : lhsB + below;
                double lhsDt = t == 0 ? lhsD : t == 1 ? lhsD + above : lhsD - above;
                double c = lhsC - b * normalised[dd - n];
                double fac = 1.0 / c;
                normalised[dd] = fac * (lhsDt - b * normalised[dd + dv - n]);
                normalised[dd + dv] = fac * e;
                for (int m = t == 0 ? 0 : t + 2; m <= t + 2; m++) {
                    int q = m * rv + p;
                    rhs[q] = fac * (rhs[q] - b * rhs[q - s]);
                }
            }
        }
    }

    /** The back substitution of the plane, its last rows continuing from the ghost rows after it. */
    private void substitutePlane(SpCell cell, int dir) {
        int n = k.points[dir];
        double[] r = rhs;
        double[] de = normalised;
        int w = lanes;
        int s = rowStride;
        int rv = component;
        int dv = planeLength;
        for (int l = cell.size[dir] - 1; l >= 0; l--) {
            int g = cell.low[dir] + l;
            if (g == n - 1) {
                continue;
            }
            int p0 = origin + l * s;
            int d0 = normalisedOrigin + l * w;
            if (g == n - 2) {
                for (int m = 0; m < 5; m++) {
                    int dd = d0 + 2 * (m < 3 ? 0 : m - 2) * dv;
                    int q0 = p0 + m * rv;
                    for (int i = 0; i < w; i++) {
                        r[q0 + i] = r[q0 + i] - de[dd + i] * r[q0 + i + s];
                    }
                }
            } else {
                int vectorEnd = LANES.loopBound(w);
                for (int m = 0; m < 5; m++) {
                    int dd = d0 + 2 * (m < 3 ? 0 : m - 2) * dv;
                    int q0 = p0 + m * rv;
                    int i = 0;
                    for (; i < vectorEnd; i += LANES.length()) {
                        DoubleVector.fromArray(LANES, r, q0 + i)
                                .sub(DoubleVector.fromArray(LANES, de, dd + i)
                                        .mul(DoubleVector.fromArray(LANES, r, q0 + i + s)))
                                .sub(DoubleVector.fromArray(LANES, de, dd + dv + i)
                                        .mul(DoubleVector.fromArray(LANES, r, q0 + i + 2 * s)))
                                .intoArray(r, q0 + i);
                    }
                    for (; i < w; i++) {
                        r[q0 + i] = r[q0 + i] - de[dd + i] * r[q0 + i + s] - de[dd + dv + i] * r[q0 + i + 2 * s];
                    }
                }
            }
        }
    }

    /** Copies the plane's last two normalised rows ({@code d, e} and the right-hand sides) into {@code outgoing}. */
    private void packForward(int plane, int size) {
        copyForward(plane, size - 2, true);
    }

    /** Copies the two normalised rows received for the plane into its ghost rows before row 0. */
    private void unpackForward(int plane) {
        copyForward(plane, -2, false);
    }

    private void copyForward(int plane, int firstRow, boolean pack) {
        int n = lanes;
        for (int i = 0; i < n; i++) {
            int position = FORWARD_VALUES * (plane * n + i);
            for (int row = firstRow; row < firstRow + 2; row++) {
                int d = normalisedOrigin + row * n + i;
                for (int c = 0; c < NORMALISED; c++) {
                    position = copy(normalised, d + c * planeLength, position, pack);
                }
                int p = origin + row * rowStride + i;
                for (int m = 0; m < 5; m++) {
                    position = copy(rhs, p + m * component, position, pack);
                }
            }
        }
    }

    /** Copies the plane's first two rows' solutions into {@code outgoing}. */
    private void packBackward(int plane) {
        copyBackward(plane, 0, true);
    }

    /** Copies the two rows' solutions received for the plane into its ghost rows after the last. */
    private void unpackBackward(int plane, int size) {
        copyBackward(plane, size, false);
    }

    private void copyBackward(int plane, int firstRow, boolean pack) {
        int n = lanes;
        for (int i = 0; i < n; i++) {
            int position = BACKWARD_VALUES * (plane * n + i);
            for (int row = firstRow; row < firstRow + 2; row++) {
                int p = origin + row * rowStride + i;
                for (int m = 0; m < 5; m++) {
                    position = copy(rhs, p + m * component, position, pack);
                }
            }
        }
    }

    private int copy(double[] field, int index, int position, boolean pack) {
        if (pack) {
            outgoing[position] = field[index];
        } else {
            field[index] = incoming[position];
        }
        return position + 1;
    }
}
