package org.mpjbuf.npb;

/**
 * LU's spatial operator: the discrete divergence of the inviscid and
 * viscous fluxes with second- and fourth-order dissipation, added to a
 * target at the interior points of a rank's block.
 *
 * <p>Design note (NPB 3.4 MPI {@code rhs.f}, {@code erhs.f}). The reference
 * applies the same operator twice: {@code erhs} to the exact solution, for
 * the forcing, and {@code rhs} to the current solution, for the residual.
 * Along each direction {@code d} (velocity component {@code v = d + 1},
 * grid spacing {@code h}, {@code t1 = 1/h^2}, {@code t2 = 1/(2h)},
 * {@code t3 = 1/h}), for every line through interior points:
 * <ol>
 * <li>the inviscid flux {@code F} at the line's interior points and one
 *     beyond each end; {@code r -= t2 (F(i+1) - F(i-1))};</li>
 * <li>the viscous flux {@code G(i)} between points {@code i-1} and
 *     {@code i}, from the velocities' differences;
 *     {@code r += t3 c3 c4 (G(i+1) - G(i)) + d t1 (f(i-1) - 2 f(i) + f(i+1))};</li>
 * <li>{@code r -= dssp} times the fourth difference along the line,
 *     one-sided at global points 1, 2, N-3 and N-2
 *     ({@link SpRhs#fourthDifference}).</li>
 * </ol>
 * The lines along x and y reach two points beyond the block, into the
 * ghost layers ({@link LuGhosts}), which must be current.
 *
 * <p>Not thread-safe: one instance per rank, which owns its line buffers.
 */
final class LuRhs {
    private static final double R43 = 4.0 / 3.0;
    private static final double R16 = 1.0 / 6.0;

    private final LuDomain g;
    private final SpConstants k;
    /**
     * The inviscid flux along one line, five values per point, from the
     * point before the first interior one; or along a sheet's lines, one
     * x-row of them after the other ({@link #addSheet}).
     */
    private final double[] flux;
    /** The viscous flux along one line or a sheet's lines, likewise. */
    private final double[] viscous;

    /**
     * Sets up the operator of one rank.
     *
     * @param domain this rank's block
     * @param k the grid's constants (spacing, dissipation)
     */
    LuRhs(LuDomain domain, SpConstants k) {
        this.g = domain;
        this.k = k;
        int longest = Math.max(Math.max(domain.nx, domain.ny), domain.nz) + 2;
        flux = new double[5 * domain.nx * longest];
        viscous = new double[5 * domain.nx * longest];
    }

    /**
     * Adds the operator applied to {@code field} to {@code target} at every
     * interior point.
     *
     * @param field five interleaved components per point, ghost layers current
     * @param target where the operator is added
     */
    void add(double[] field, double[] target) {
        for (int k2 = 1; k2 <= g.nz - 2; k2++) {
            for (int j = g.jst; j <= g.jend; j++) {
                addLine(field, target, 0, g.index(0, j, k2), g.ist, g.iend);
                subtractDissipationAlongX(field, target, g.index(0, j, k2));
            }
            addSheet(field, target, 1, g.index(0, 0, k2), g.jst, g.jend, g.jpt);
        }
        for (int j = g.jst; j <= g.jend; j++) {
            addSheet(field, target, 2, g.index(0, j, 0), 1, g.nz - 2, 0);
        }
    }

    /**
     * The same as {@link #add}, one line at a time along every direction:
     * the plain form of the operator, against which its tests check
     * {@link #add}'s sheets.
     *
     * @param field five interleaved components per point, ghost layers current
     * @param target where the operator is added
     */
    void addLineByLine(double[] field, double[] target) {
        for (int k2 = 1; k2 <= g.nz - 2; k2++) {
            for (int j = g.jst; j <= g.jend; j++) {
                addLine(field, target, 0, g.index(0, j, k2), g.ist, g.iend);
                subtractDissipation(field, target, 0, g.index(0, j, k2), g.ist, g.iend, g.ipt);
            }
            for (int i = g.ist; i <= g.iend; i++) {
                addLine(field, target, 1, g.index(i, 0, k2), g.jst, g.jend);
                subtractDissipation(field, target, 1, g.index(i, 0, k2), g.jst, g.jend, g.jpt);
            }
        }
        for (int j = g.jst; j <= g.jend; j++) {
            for (int i = g.ist; i <= g.iend; i++) {
                addLine(field, target, 2, g.index(i, j, 0), 1, g.nz - 2);
                subtractDissipation(field, target, 2, g.index(i, j, 0), 1, g.nz - 2, 0);
            }
        }
    }

    /**
     * The lines along {@code dir} (y or z) through the x-row of interior
     * points {@code i = ist .. iend} of a sheet, side by side: its local
     * point {@code (i, t)} is at point index {@code base + i + t * stride},
     * changed from {@code t = lo} to {@code hi}, global point
     * {@code offset + t} along the line. Every step of {@link #addLine} and
     * {@link #subtractDissipation} goes row by row across the sheet, so
     * that its inner loop runs along x, where the points are contiguous;
     * each element gets the same operations in the same order.
     */
    private void addSheet(double[] f, double[] r, int dir, int base, int lo, int hi, int offset) {
        int s = g.stride(dir);
        int vel = dir + 1;
        double t1 = k.t1[dir];
        double t2 = k.t2[dir];
        double t3 = 1.0 / k.spacing[dir];
        double[] d = k.d[dir];
        double c1 = SpConstants.C1;
        double c2 = SpConstants.C2;
        int first = base + g.ist;
        int width = 5 * (g.iend - g.ist + 1);
        int step = 5 * s;
        // row t = 0 of the buffers is local point lo - 1
        for (int t = lo - 1, row = 0; t <= hi + 1; t++, row += width) {
            int from = 5 * (first + t * s);
            for (int p = from, o = row; p < from + width; p += 5, o += 5) {
                double w = f[p + vel] / f[p];
                double q = 0.5 * (f[p + 1] * f[p + 1] + f[p + 2] * f[p + 2] + f[p + 3] * f[p + 3]) / f[p];
                flux[o] = f[p + vel];
                flux[o + 1] = vel == 1 ? f[p + 1] * w + c2 * (f[p + 4] - q) : f[p + 1] * w;
                flux[o + 2] = vel == 2 ? f[p + 2] * w + c2 * (f[p + 4] - q) : f[p + 2] * w;
                flux[o + 3] = vel == 3 ? f[p + 3] * w + c2 * (f[p + 4] - q) : f[p + 3] * w;
                flux[o + 4] = (c1 * f[p + 4] - c2 * q) * w;
            }
        }
        for (int t = lo, row = width; t <= hi; t++, row += width) {
            int from = 5 * (first + t * s);
            for (int e = 0; e < width; e++) {
                r[from + e] = r[from + e] - t2 * (flux[row + width + e] - flux[row - width + e]);
            }
        }
        for (int t = lo, row = width; t <= hi + 1; t++, row += width) {
            int from = 5 * (first + t * s);
            for (int p = from, o = row; p < from + width; p += 5, o += 5) {
                viscousFlux(f, p, p - step, vel, t3, o);
            }
        }
        double c34t3 = t3 * SpConstants.C3 * SpConstants.C4;
        double d0 = d[0] * t1;
        double d1 = d[1] * t1;
        double d2 = d[2] * t1;
        double d3 = d[3] * t1;
        double d4 = d[4] * t1;
        for (int t = lo, row = width; t <= hi; t++, row += width) {
            int from = 5 * (first + t * s);
            for (int p = from, o = row; p < from + width; p += 5, o += 5) {
                int pm = p - step;
                int pp = p + step;
                int on = o + width;
                r[p] = r[p] + d0 * (f[pm] - 2.0 * f[p] + f[pp]);
                r[p + 1] = r[p + 1] + c34t3 * (viscous[on + 1] - viscous[o + 1])
                        + d1 * (f[pm + 1] - 2.0 * f[p + 1] + f[pp + 1]);
                r[p + 2] = r[p + 2] + c34t3 * (viscous[on + 2] - viscous[o + 2])
                        + d2 * (f[pm + 2] - 2.0 * f[p + 2] + f[pp + 2]);
                r[p + 3] = r[p + 3] + c34t3 * (viscous[on + 3] - viscous[o + 3])
                        + d3 * (f[pm + 3] - 2.0 * f[p + 3] + f[pp + 3]);
                r[p + 4] = r[p + 4] + c34t3 * (viscous[on + 4] - viscous[o + 4])
                        + d4 * (f[pm + 4] - 2.0 * f[p + 4] + f[pp + 4]);
            }
        }
        int n = k.points[dir];
        double dssp = k.dssp;
        for (int t = lo; t <= hi; t++) {
            int from = 5 * (first + t * s);
            int global = offset + t;
            if (global == 1 || global == 2 || global == n - 3 || global == n - 2) {
                for (int p = from; p < from + width; p++) {
                    r[p] = r[p] - dssp * SpRhs.fourthDifference(f, p, step, global, n);
                }
            } else {
                subtractCentredDifference(f, r, from, from + width, step);
            }
        }
    }

    /**
     * Steps 1 and 2 of the operator (the inviscid and the viscous flux)
     * along one line along {@code dir} whose local point 0 is at point index
     * {@code base}, changed from local point {@code lo} to {@code hi}; step
     * 3 follows it, {@link #subtractDissipation} or
     * {@link #subtractDissipationAlongX}.
     */
    private void addLine(double[] f, double[] r, int dir, int base, int lo, int hi) {
        int s = g.stride(dir);
        int vel = dir + 1;
        double t1 = k.t1[dir];
        double t2 = k.t2[dir];
        double t3 = 1.0 / k.spacing[dir];
        double[] d = k.d[dir];
        double c1 = SpConstants.C1;
        double c2 = SpConstants.C2;
        // t = 0 is local point lo - 1
        for (int i = lo - 1, t = 0; i <= hi + 1; i++, t++) {
            int p = 5 * (base + i * s);
            double w = f[p + vel] / f[p];
            double q = 0.5 * (f[p + 1] * f[p + 1] + f[p + 2] * f[p + 2] + f[p + 3] * f[p + 3]) / f[p];
            int o = 5 * t;
            flux[o] = f[p + vel];
            for (int m = 1; m <= 3; m++) {
                flux[o + m] = m == vel ? f[p + m] * w + c2 * (f[p + 4] - q) : f[p + m] * w;
            }
            flux[o + 4] = (c1 * f[p + 4] - c2 * q) * w;
        }
        for (int i = lo, t = 1; i <= hi; i++, t++) {
            int p = 5 * (base + i * s);
            for (int m = 0; m < 5; m++) {
                r[p + m] = r[p + m] - t2 * (flux[5 * (t + 1) + m] - flux[5 * (t - 1) + m]);
            }
        }
        for (int i = lo, t = 1; i <= hi + 1; i++, t++) {
            viscousFlux(f, 5 * (base + i * s), 5 * (base + (i - 1) * s), vel, t3, 5 * t);
        }
        double c34t3 = t3 * SpConstants.C3 * SpConstants.C4;
        for (int i = lo, t = 1; i <= hi; i++, t++) {
            int p = 5 * (base + i * s);
            int pm = p - 5 * s;
            int pp = p + 5 * s;
            r[p] = r[p] + d[0] * t1 * (f[pm] - 2.0 * f[p] + f[pp]);
            for (int m = 1; m < 5; m++) {
                r[p + m] = r[p + m] + c34t3 * (viscous[5 * (t + 1) + m] - viscous[5 * t + m])
                        + d[m] * t1 * (f[pm + m] - 2.0 * f[p + m] + f[pp + m]);
            }
        }
    }

    /**
     * Step 3 of the operator along one line ({@link #addLine}'s), one value
     * at a time: {@code r -= dssp} times the fourth difference.
     */
    private void subtractDissipation(double[] f, double[] r, int dir, int base, int lo, int hi, int offset) {
        int s = g.stride(dir);
        int n = k.points[dir];
        for (int i = lo; i <= hi; i++) {
            int p = 5 * (base + i * s);
            for (int m = 0; m < 5; m++) {
                r[p + m] = r[p + m] - k.dssp * SpRhs.fourthDifference(f, p + m, 5 * s, offset + i, n);
            }
        }
    }

    /**
     * {@link #subtractDissipation} along the x-line from point index
     * {@code base}, with the boundary tests out of the loop: the centred
     * difference at global points 3 to n - 4, in one loop over their values,
     * which are contiguous, and the one-sided ones outside.
     */
    private void subtractDissipationAlongX(double[] f, double[] r, int base) {
        int n = k.points[0];
        int from = Math.max(g.ist, 3 - g.ipt);
        int to = Math.min(g.iend, n - 4 - g.ipt);
        for (int i = g.ist; i <= g.iend; i++) {
            if (i < from || i > to) {
                int p = 5 * (base + i);
                for (int m = 0; m < 5; m++) {
                    r[p + m] = r[p + m] - k.dssp * SpRhs.fourthDifference(f, p + m, 5, g.ipt + i, n);
                }
            }
        }
        if (from <= to) {
            subtractCentredDifference(f, r, 5 * (base + from), 5 * (base + to + 1), 5);
        }
    }

    /**
     * {@code r -= dssp} times the centred fourth difference along a line of
     * stride {@code step} at the values {@code from} to {@code to - 1},
     * as {@link SpRhs#fourthDifference} has it.
     */
    private void subtractCentredDifference(double[] f, double[] r, int from, int to, int step) {
        double dssp = k.dssp;
        for (int p = from; p < to; p++) {
            r[p] = r[p] - dssp * (f[p - 2 * step] - 4.0 * f[p - step] + 6.0 * f[p] - 4.0 * f[p + step]
                    + f[p + 2 * step]);
        }
    }

    /** The viscous flux between the points at {@code pm} and {@code p} into {@link #viscous} at {@code o}. */
    private void viscousFlux(double[] f, int p, int pm, int vel, double t3, int o) {
        double tmp = 1.0 / f[p];
        double u2 = tmp * f[p + 1];
        double u3 = tmp * f[p + 2];
        double u4 = tmp * f[p + 3];
        double u5 = tmp * f[p + 4];
        tmp = 1.0 / f[pm];
        double u2m = tmp * f[pm + 1];
        double u3m = tmp * f[pm + 2];
        double u4m = tmp * f[pm + 3];
        double u5m = tmp * f[pm + 4];
        viscous[o + 1] = (vel == 1 ? R43 : 1.0) * t3 * (u2 - u2m);
        viscous[o + 2] = (vel == 2 ? R43 : 1.0) * t3 * (u3 - u3m);
        viscous[o + 3] = (vel == 3 ? R43 : 1.0) * t3 * (u4 - u4m);
        double uv = vel == 1 ? u2 : vel == 2 ? u3 : u4;
        double uvm = vel == 1 ? u2m : vel == 2 ? u3m : u4m;
        viscous[o + 4] = 0.5 * (1.0 - SpConstants.C1C5) * t3 * ((u2 * u2 + u3 * u3 + u4 * u4)
                - (u2m * u2m + u3m * u3m + u4m * u4m))
                + R16 * t3 * (uv * uv - uvm * uvm)
                + SpConstants.C1C5 * t3 * (u5 - u5m);
    }
}
