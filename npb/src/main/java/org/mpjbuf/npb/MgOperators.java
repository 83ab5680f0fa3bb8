package org.mpjbuf.npb;

import java.util.List;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;
import mpi.MPIException;

/**
 * The MG stencil operators on one rank's part of a level: residual,
 * smoother, restriction and prolongation ({@code resid}, {@code psinv},
 * {@code rprj3}, {@code interp} of NPB 3.4 {@code mg.f}).
 *
 * <p>Design note. Each operator is a 27-point stencil whose coefficients
 * depend only on the distance class of a neighbour (centre, face, edge,
 * corner). To share additions the operators first form, for a whole x-line,
 * the sums of the four face neighbours and the four edge neighbours in the
 * y-z plane ({@code s1}, {@code s2}), as the reference does; keeping its
 * order of additions keeps its rounding. Arrays are laid out as
 * {@link MgGrid} describes; after an operator writes a level, the ghost
 * layer is refreshed by {@link MgGrid#exchange}.
 *
 * <p>All four operators run on {@link VectorLanes#DOUBLES} points of a
 * line at once with the Vector API: C2 does not vectorise a loop that reads
 * one array at several offsets, as every stencil does. The residual, the smoother and the
 * restriction make two passes over a line: the plane sums for the whole
 * line into the line buffers, then the stencil from those sums. The
 * restriction evaluates its stencil at every fine point of the line and
 * keeps every other one, which costs less than reading the line with a
 * stride of two. The interpolation forms the even and the odd fine points
 * of a line as two vectors and interleaves them ({@link VectorLanes#LOW_PAIRS}). Each lane
 * performs exactly the scalar operations, in the same order and without
 * fused multiply-adds, so the results are the scalar code's bit for bit;
 * the points past the last whole vector of a line (all of them on the
 * coarsest levels) take the same operations one at a time.
 *
 * <p>Not thread-safe: one instance per rank (it owns line buffers).
 */
final class MgOperators {
    private static final VectorSpecies<Double> LANES = VectorLanes.DOUBLES;
    /**
     * The y-lines of a level the residual and the smoother sweep through
     * all planes before moving on: three planes of a block of lines of the
     * largest classes stay inside a 1 MiB L2 cache.
     */
    private static final int BLOCK_LINES = 32;

    /**
     * The phases of MG's timed part, for {@link PhaseTimes}: the operators'
     * compute, their ghost exchanges and the norm's reduction, which the
     * operators mark, and the gathered coarse levels, which {@link MG} marks.
     */
    static final List<String> PHASES = List.of("residual", "smoother", "restriction", "interpolation",
            "ghost exchanges", "norms (Allreduce)", "coarse levels (gathered)");
    static final int RESIDUAL = 0;
    static final int SMOOTHER = 1;
    static final int RESTRICTION = 2;
    static final int INTERPOLATION = 3;
    static final int GHOST_EXCHANGES = 4;
    static final int NORMS = 5;
    static final int COARSE_LEVELS = 6;

    private final MgGrid grid;
    private final double[] a;
    private final double[] c;
    private final double[] line1;
    private final double[] line2;
    private final double[] line3;
    private final PhaseTimes phases = new PhaseTimes(PHASES);

    /**
     * Creates the operators.
     *
     * @param grid the rank's grid
     * @param a the coefficients of the discrete operator by distance class
     * @param c the coefficients of the smoother by distance class
     */
    MgOperators(MgGrid grid, double[] a, double[] c) {
        this.grid = grid;
        this.a = a.clone();
        this.c = c.clone();
        int longest = grid.extent(grid.levels(), 0);
        this.line1 = new double[longest];
        this.line2 = new double[longest];
        this.line3 = new double[longest];
    }

    /**
     * {@code r = v - A u} on the interior of a level, then the ghost exchange.
     * {@code r} may be {@code v}.
     *
     * @param u the approximation
     * @param v the right-hand side
     * @param r receives the residual
     * @param level the level
     * @throws MPIException if the exchange fails
     */
    void residual(double[] u, double[] v, double[] r, int level) throws MPIException {
        int n1 = grid.extent(level, 0);
        int n2 = grid.extent(level, 1);
        int n3 = grid.extent(level, 2);
        for (int first2 = 1; first2 < n2 - 1; first2 += BLOCK_LINES) {
            int end2 = Math.min(first2 + BLOCK_LINES, n2 - 1);
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                for (int i2 = first2; i2 < end2; i2++) {
                    residualLine(u, v, r, n1 * (i2 + n2 * i3), n1, n1 * n2);
                }
            }
        }
        phases.end(RESIDUAL);
        grid.exchange(r, level);
        phases.end(GHOST_EXCHANGES);
    }

    /** {@return the timers the operators mark, phases {@link #PHASES}} */
    PhaseTimes phases() {
        return phases;
    }

    /** The residual on the interior of the x-line starting at {@code centre}. */
    private void residualLine(double[] u, double[] v, double[] r, int centre, int n1, int plane) {
        double a0 = a[0];
        double a2 = a[2];
        double a3 = a[3];
        double[] faces = line1;
        double[] edges = line2;
        int south = centre - n1;
        int north = centre + n1;
        sum4(u, south, north, centre - plane, centre + plane, faces, n1);
        sum4(u, south - plane, north - plane, south + plane, north + plane, edges, n1);
        int lanes = LANES.length();
        int i1 = 1;
        for (; i1 <= n1 - 1 - lanes; i1 += lanes) {
            int index = centre + i1;
            DoubleVector.fromArray(LANES, v, index)
                    .sub(DoubleVector.fromArray(LANES, u, index).mul(a0))
                    .sub(DoubleVector.fromArray(LANES, edges, i1)
                            .add(DoubleVector.fromArray(LANES, faces, i1 - 1))
                            .add(DoubleVector.fromArray(LANES, faces, i1 + 1)).mul(a2))
                    .sub(DoubleVector.fromArray(LANES, edges, i1 - 1)
                            .add(DoubleVector.fromArray(LANES, edges, i1 + 1)).mul(a3))
                    .intoArray(r, index);
        }
        for (; i1 < n1 - 1; i1++) {
            int index = centre + i1;
            r[index] = v[index] - a0 * u[index]
                    - a2 * (edges[i1] + faces[i1 - 1] + faces[i1 + 1])
                    - a3 * (edges[i1 - 1] + edges[i1 + 1]);
        }
    }

    /**
     * {@code u = u + C r} on the interior of a level, then the ghost exchange.
     *
     * @param r the residual
     * @param u the approximation, updated
     * @param level the level
     * @throws MPIException if the exchange fails
     */
    void smooth(double[] r, double[] u, int level) throws MPIException {
        int n1 = grid.extent(level, 0);
        int n2 = grid.extent(level, 1);
        int n3 = grid.extent(level, 2);
        for (int first2 = 1; first2 < n2 - 1; first2 += BLOCK_LINES) {
            int end2 = Math.min(first2 + BLOCK_LINES, n2 - 1);
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                for (int i2 = first2; i2 < end2; i2++) {
                    smoothLine(r, u, n1 * (i2 + n2 * i3), n1, n1 * n2);
                }
            }
        }
        phases.end(SMOOTHER);
        grid.exchange(u, level);
        phases.end(GHOST_EXCHANGES);
    }

    /** The smoother on the interior of the x-line starting at {@code centre}. */
    private void smoothLine(double[] r, double[] u, int centre, int n1, int plane) {
        double c0 = c[0];
        double c1 = c[1];
        double c2 = c[2];
        double[] faces = line1;
        double[] edges = line2;
        int south = centre - n1;
        int north = centre + n1;
        sum4(r, south, north, centre - plane, centre + plane, faces, n1);
        sum4(r, south - plane, north - plane, south + plane, north + plane, edges, n1);
        int lanes = LANES.length();
        int i1 = 1;
        for (; i1 <= n1 - 1 - lanes; i1 += lanes) {
            int index = centre + i1;
            DoubleVector.fromArray(LANES, u, index)
                    .add(DoubleVector.fromArray(LANES, r, index).mul(c0))
                    .add(DoubleVector.fromArray(LANES, r, index - 1)
                            .add(DoubleVector.fromArray(LANES, r, index + 1))
                            .add(DoubleVector.fromArray(LANES, faces, i1)).mul(c1))
                    .add(DoubleVector.fromArray(LANES, edges, i1)
                            .add(DoubleVector.fromArray(LANES, faces, i1 - 1))
                            .add(DoubleVector.fromArray(LANES, faces, i1 + 1)).mul(c2))
                    .intoArray(u, index);
        }
        for (; i1 < n1 - 1; i1++) {
            int index = centre + i1;
            u[index] = u[index]
                    + c0 * r[index]
                    + c1 * (r[index - 1] + r[index + 1] + faces[i1])
                    + c2 * (edges[i1] + faces[i1 - 1] + faces[i1 + 1]);
        }
    }

    /**
     * Sums four lines of {@code x} element by element, in the order given:
     * {@code sum[i] = x[first + i] + x[second + i] + x[third + i] + x[fourth + i]}
     * for {@code i} in {@code [0, length)}.
     */
    private static void sum4(double[] x, int first, int second, int third, int fourth, double[] sum, int length) {
        int lanes = LANES.length();
        int i = 0;
        for (; i <= length - lanes; i += lanes) {
            DoubleVector.fromArray(LANES, x, first + i)
                    .add(DoubleVector.fromArray(LANES, x, second + i))
                    .add(DoubleVector.fromArray(LANES, x, third + i))
                    .add(DoubleVector.fromArray(LANES, x, fourth + i))
                    .intoArray(sum, i);
        }
        for (; i < length; i++) {
            sum[i] = x[first + i] + x[second + i] + x[third + i] + x[fourth + i];
        }
    }

    /**
     * Restricts the residual of level {@code level} to the interior of level
     * {@code level - 1} (full weighting), then the ghost exchange there.
     *
     * @param r the fine residual
     * @param s receives the coarse residual
     * @param level the fine level
     * @throws MPIException if the exchange fails
     */
    void restrict(double[] r, double[] s, int level) throws MPIException {
        int coarse = level - 1;
        int m1k = grid.extent(level, 0);
        int m2k = grid.extent(level, 1);
        int m1j = grid.extent(coarse, 0);
        int m2j = grid.extent(coarse, 1);
        int m3j = grid.extent(coarse, 2);
        int d1 = m1k == 3 ? 1 : 0;
        int d2 = m2k == 3 ? 1 : 0;
        int d3 = grid.extent(level, 2) == 3 ? 1 : 0;
        int plane = m1k * m2k;
        double[] weighted = line3;
        for (int j3 = 1; j3 < m3j - 1; j3++) {
            int i3 = 2 * j3 - d3;
            for (int j2 = 1; j2 < m2j - 1; j2++) {
                int i2 = 2 * j2 - d2;
                weightLine(r, m1k * (i2 + m2k * i3), m1k, plane);
                int target = m1j * (j2 + m2j * j3);
                for (int j1 = 1; j1 < m1j - 1; j1++) {
                    s[target + j1] = weighted[2 * j1 - d1];
                }
            }
        }
        phases.end(RESTRICTION);
        grid.exchange(s, coarse);
        phases.end(GHOST_EXCHANGES);
    }

    /**
     * The full weighting of {@code r} at every interior point of the fine
     * x-line starting at {@code centre}, into the third line buffer.
     */
    private void weightLine(double[] r, int centre, int m1k, int plane) {
        double[] x1 = line1;
        double[] y1 = line2;
        double[] weighted = line3;
        int south = centre - m1k;
        int north = centre + m1k;
        sum4(r, south, north, centre - plane, centre + plane, x1, m1k);
        sum4(r, south - plane, south + plane, north - plane, north + plane, y1, m1k);
        int lanes = LANES.length();
        int i1 = 1;
        for (; i1 <= m1k - 1 - lanes; i1 += lanes) {
            int index = centre + i1;
            DoubleVector.fromArray(LANES, r, index).mul(0.5)
                    .add(DoubleVector.fromArray(LANES, r, index - 1)
                            .add(DoubleVector.fromArray(LANES, r, index + 1))
                            .add(DoubleVector.fromArray(LANES, x1, i1)).mul(0.25))
                    .add(DoubleVector.fromArray(LANES, x1, i1 - 1)
                            .add(DoubleVector.fromArray(LANES, x1, i1 + 1))
                            .add(DoubleVector.fromArray(LANES, y1, i1)).mul(0.125))
                    .add(DoubleVector.fromArray(LANES, y1, i1 - 1)
                            .add(DoubleVector.fromArray(LANES, y1, i1 + 1)).mul(0.0625))
                    .intoArray(weighted, i1);
        }
        for (; i1 < m1k - 1; i1++) {
            int index = centre + i1;
            weighted[i1] = 0.5 * r[index]
                    + 0.25 * (r[index - 1] + r[index + 1] + x1[i1])
                    + 0.125 * (x1[i1 - 1] + x1[i1 + 1] + y1[i1])
                    + 0.0625 * (y1[i1 - 1] + y1[i1 + 1]);
        }
    }

    /**
     * Adds the trilinear interpolation of level {@code level - 1} to level
     * {@code level}, ghosts included: the coarse ghosts are current, so the
     * fine ghosts come out equal to the neighbours' interior and need no
     * exchange.
     *
     * @param z the coarse approximation
     * @param u the fine approximation, updated
     * @param level the fine level
     */
    void interpolate(double[] z, double[] u, int level) {
        int coarse = level - 1;
        int mm1 = grid.extent(coarse, 0);
        int mm2 = grid.extent(coarse, 1);
        int mm3 = grid.extent(coarse, 2);
        int n1 = grid.extent(level, 0);
        int n2 = grid.extent(level, 1);
        for (int i3 = 0; i3 < mm3 - 1; i3++) {
            interpolatePlane(z, u, i3, mm1, mm2, n1, n1 * n2);
        }
        phases.end(INTERPOLATION);
    }

    /**
     * Interpolates coarse plane {@code i3} into the two fine planes above it. A method of its own
     * so that the JIT compiler sees it called often: the interpolation runs once per level and
     * V-cycle, so a loop over every plane in {@link #interpolate} reached the optimising
     * compiler's thresholds only after MG's warm-up, and was compiled in its timed part.
     */
    private void interpolatePlane(double[] z, double[] u, int i3, int mm1, int mm2, int n1, int finePlane) {
        int coarsePlane = mm1 * mm2;
        for (int i2 = 0; i2 < mm2 - 1; i2++) {
            int zc = mm1 * i2 + coarsePlane * i3;
            coarseSums(z, zc, mm1, coarsePlane);
            int base = n1 * (2 * i2) + finePlane * (2 * i3);
            int up = base + n1;
            addInterpolated(u, base, z, zc, mm1 - 1, 1.0, 0.5);
            addInterpolated(u, up, line1, 0, mm1 - 1, 0.5, 0.25);
            addInterpolated(u, base + finePlane, line2, 0, mm1 - 1, 0.5, 0.25);
            addInterpolated(u, up + finePlane, line3, 0, mm1 - 1, 0.25, 0.125);
        }
    }

    /**
     * The sums of the coarse line starting at {@code zc} with its neighbours
     * north, up, and north and up, for the interpolation ({@code z1},
     * {@code z2}, {@code z3} of the reference) into the line buffers.
     */
    private void coarseSums(double[] z, int zc, int mm1, int coarsePlane) {
        double[] z1 = line1;
        double[] z2 = line2;
        double[] z3 = line3;
        int zn = zc + mm1;
        int zu = zc + coarsePlane;
        int znu = zn + coarsePlane;
        int lanes = LANES.length();
        int i1 = 0;
        for (; i1 <= mm1 - lanes; i1 += lanes) {
            DoubleVector centre = DoubleVector.fromArray(LANES, z, zc + i1);
            DoubleVector up = DoubleVector.fromArray(LANES, z, zu + i1);
            DoubleVector north = DoubleVector.fromArray(LANES, z, zn + i1).add(centre);
            north.intoArray(z1, i1);
            up.add(centre).intoArray(z2, i1);
            DoubleVector.fromArray(LANES, z, znu + i1).add(up).add(north).intoArray(z3, i1);
        }
        for (; i1 < mm1; i1++) {
            z1[i1] = z[zn + i1] + z[zc + i1];
            z2[i1] = z[zu + i1] + z[zc + i1];
            z3[i1] = z[znu + i1] + z[zu + i1] + z1[i1];
        }
    }

    /**
     * Adds a coarse line to a fine one: {@code u[fine + 2 i] += even w[offset + i]}
     * and {@code u[fine + 2 i + 1] += odd (w[offset + i] + w[offset + i + 1])}
     * for {@code i} in {@code [0, count)}. A weight of 1 leaves the value as
     * it is, so it serves the plain copy of the reference too.
     */
    private static void addInterpolated(double[] u, int fine, double[] w, int offset, int count,
            double even, double odd) {
        int lanes = LANES.length();
        int i = 0;
        for (; i <= count - lanes; i += lanes) {
            DoubleVector here = DoubleVector.fromArray(LANES, w, offset + i);
            DoubleVector between = DoubleVector.fromArray(LANES, w, offset + i + 1).add(here).mul(odd);
            DoubleVector at = here.mul(even);
            int index = fine + 2 * i;
            DoubleVector.fromArray(LANES, u, index).add(VectorLanes.LOW_PAIRS.selectFrom(at, between))
                    .intoArray(u, index);
            DoubleVector.fromArray(LANES, u, index + lanes).add(VectorLanes.HIGH_PAIRS.selectFrom(at, between))
                    .intoArray(u, index + lanes);
        }
        for (; i < count; i++) {
            u[fine + 2 * i] += even * w[offset + i];
            u[fine + 2 * i + 1] += odd * (w[offset + i + 1] + w[offset + i]);
        }
    }

    /**
     * {@return the L2 norm of the interior of the finest level, scaled by
     * the number of points ({@code norm2u3}), over all ranks}
     *
     * @param r an array of the finest level
     * @throws MPIException if the reduction fails
     */
    double norm(double[] r) throws MPIException {
        int level = grid.levels();
        int n1 = grid.extent(level, 0);
        int n2 = grid.extent(level, 1);
        int n3 = grid.extent(level, 2);
        double sum = 0.0;
        for (int i3 = 1; i3 < n3 - 1; i3++) {
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                int row = n1 * (i2 + n2 * i3);
                for (int i1 = 1; i1 < n1 - 1; i1++) {
                    double value = r[row + i1];
                    sum += value * value;
                }
            }
        }
        double points = Math.pow(grid.globalSize(level), 3);
        double norm = Math.sqrt(grid.sum(sum) / points);
        phases.end(NORMS);
        return norm;
    }
}
