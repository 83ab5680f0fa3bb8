package org.mpjbuf.npb;

/**
 * The 5x5 blocks of LU's sweeps at one point, {@code L_d} or {@code U_d}
 * and {@code D} (notation of {@link LuSweeps}), written from the entries of
 * the flux Jacobians that can be non-zero.
 *
 * <p>Design note (NPB 3.4 MPI {@code jacld.f}, {@code jacu.f}). Forming
 * {@code F_d} and {@code N_d} in full ({@link FluxJacobians}) and combining
 * them entry by entry spends most of its arithmetic on zeros. Here each
 * non-zero entry is one expression with the same operations in the same
 * order as the full path's ({@code t2 F - t1 N}, then the dissipation on the
 * diagonal), so the blocks are equal to the last bit; the entries both
 * Jacobians leave zero are written as zero. Along direction {@code d} with
 * velocity component {@code vel = d + 1}, the non-zero entries are, per row:
 * <pre>
 *   row 0         columns 0, vel
 *   row vel       all five
 *   rows m != vel columns 0, vel, m
 *   row 4         all five
 * </pre>
 * and those of {@code D}, on every direction, the diagonal, the first column
 * and the last row.
 *
 * <p>Stateless and thread-safe.
 */
final class LuBlocks {
    private static final double C1345 = SpConstants.C1C5 * SpConstants.C3C4;

    private LuBlocks() {
    }

    /**
     * Writes {@code t2 F_d - t1 N_d - diag(dissipation)} at one point into
     * the entries of {@code a[ao .. ao + 24]} (row-major) that can be
     * non-zero along {@code dir}, and leaves the others as they are: a block
     * zeroed once and then used for one direction only needs no zeroing per
     * point. The lower sweep's {@code L_d} has {@code t2 = -dt/(2 h_d)}, the
     * upper's {@code U_d} {@code t2 = dt/(2 h_d)}.
     *
     * @param u the solution, five interleaved components per point
     * @param o where the point's component 0 is in {@code u}
     * @param dir the direction, 0 = x, 1 = y, 2 = z
     * @param t2 the factor of the inviscid Jacobian
     * @param t1 the factor of the viscous Jacobian, {@code dt/h_d^2}
     * @param dissipation {@code dt/h_d^2} times the dissipation, per component from {@code dissipationOffset}
     * @param dissipationOffset where this direction's five values start
     * @param a receives the block
     * @param ao where the block starts
     */
    static void offDiagonal(double[] u, int o, int dir, double t2, double t1, double[] dissipation,
            int dissipationOffset, double[] a, int ao) {
        double c1 = SpConstants.C1;
        double c2 = SpConstants.C2;
        double c3c4 = SpConstants.C3C4;
        int vel = dir + 1;
        double r1 = 1.0 / u[o];
        double r2 = r1 * r1;
        double r3 = r1 * r2;
        double qs = 0.5 * (u[o + 1] * u[o + 1] + u[o + 2] * u[o + 2] + u[o + 3] * u[o + 3]) * r1 * r1;
        double w = u[o + vel];
        double wr = w * r1;
        double ww = w * w * r2;
        double energy = u[o + 4];
        a[ao] = -dissipation[dissipationOffset];
        a[ao + vel] = t2;
        int last = ao + 20;
        double energyViscous = 0.0;
        for (int m = 1; m <= 3; m++) {
            int row = ao + 5 * m;
            double um = u[o + m];
            double coefficient = m == vel ? SpConstants.CON43 * c3c4 : c3c4;
            double diagonalViscous = coefficient * r1;
            double firstViscous = -coefficient * r2 * um;
            energyViscous -= (coefficient - C1345) * r3 * (um * um);
            double lastViscous = (coefficient - C1345) * r2 * um;
            if (m == vel) {
                a[row] = t2 * (-ww + c2 * qs) - t1 * firstViscous;
                for (int j = 1; j <= 3; j++) {
                    if (j != vel) {
                        a[row + j] = t2 * (-c2 * (u[o + j] * r1));
                    }
                }
                a[row + m] = t2 * ((2.0 - c2) * wr) - t1 * diagonalViscous - dissipation[dissipationOffset + m];
                a[row + 4] = t2 * c2;
                a[last + m] = t2 * (c1 * energy * r1 - c2 * (ww + qs)) - t1 * lastViscous;
            } else {
                double umw = um * w;
                a[row] = t2 * (-umw * r2) - t1 * firstViscous;
                a[row + vel] = t2 * (um * r1);
                a[row + m] = t2 * wr - t1 * diagonalViscous - dissipation[dissipationOffset + m];
                a[last + m] = t2 * (-c2 * umw * r2) - t1 * lastViscous;
            }
        }
        a[last] = t2 * ((c2 * 2.0 * qs - c1 * (energy * r1)) * wr) - t1 * (energyViscous - C1345 * r2 * energy);
        a[last + 4] = t2 * (c1 * wr) - t1 * (C1345 * r1) - dissipation[dissipationOffset + 4];
    }

    /**
     * Writes {@code D = I + sum_d (2 t1_d N_d + 2 diag(dissipation_d))} at one
     * point into the entries of {@code a[ao .. ao + 24]} that can be non-zero
     * (row-major; the others are left as they are).
     *
     * @param u the solution, five interleaved components per point
     * @param o where the point's component 0 is in {@code u}
     * @param t1 {@code dt/h_d^2} per direction
     * @param dissipation {@code dt/h_d^2} times the dissipation, {@code 5 d + m}
     * @param a receives the block
     * @param ao where the block starts
     */
    static void diagonal(double[] u, int o, double[] t1, double[] dissipation, double[] a, int ao) {
        double c3c4 = SpConstants.C3C4;
        double r1 = 1.0 / u[o];
        double r2 = r1 * r1;
        double r3 = r1 * r2;
        double u1 = u[o + 1];
        double u2 = u[o + 2];
        double u3 = u[o + 3];
        double energy = u[o + 4];
        // the sums over the directions, in the order x, y, z
        double d0 = 0.0;
        double d1 = 0.0;
        double d2 = 0.0;
        double d3 = 0.0;
        double d4 = 0.0;
        double first1 = 0.0;
        double first2 = 0.0;
        double first3 = 0.0;
        double first4 = 0.0;
        double last1 = 0.0;
        double last2 = 0.0;
        double last3 = 0.0;
        for (int dir = 0; dir < 3; dir++) {
            double t = 2.0 * t1[dir];
            double k1 = dir == 0 ? SpConstants.CON43 * c3c4 : c3c4;
            double k2 = dir == 1 ? SpConstants.CON43 * c3c4 : c3c4;
            double k3 = dir == 2 ? SpConstants.CON43 * c3c4 : c3c4;
            double energyViscous = 0.0;
            energyViscous -= (k1 - C1345) * r3 * (u1 * u1);
            energyViscous -= (k2 - C1345) * r3 * (u2 * u2);
            energyViscous -= (k3 - C1345) * r3 * (u3 * u3);
            int s = 5 * dir;
            first1 += t * (-k1 * r2 * u1);
            first2 += t * (-k2 * r2 * u2);
            first3 += t * (-k3 * r2 * u3);
            first4 += t * (energyViscous - C1345 * r2 * energy);
            last1 += t * ((k1 - C1345) * r2 * u1);
            last2 += t * ((k2 - C1345) * r2 * u2);
            last3 += t * ((k3 - C1345) * r2 * u3);
            d0 += 2.0 * dissipation[s];
            d1 = d1 + t * (k1 * r1) + 2.0 * dissipation[s + 1];
            d2 = d2 + t * (k2 * r1) + 2.0 * dissipation[s + 2];
            d3 = d3 + t * (k3 * r1) + 2.0 * dissipation[s + 3];
            d4 = d4 + t * (C1345 * r1) + 2.0 * dissipation[s + 4];
        }
        a[ao] = d0 + 1.0;
        a[ao + 5] = first1;
        a[ao + 6] = d1 + 1.0;
        a[ao + 10] = first2;
        a[ao + 12] = d2 + 1.0;
        a[ao + 15] = first3;
        a[ao + 18] = d3 + 1.0;
        a[ao + 20] = first4;
        a[ao + 21] = last1;
        a[ao + 22] = last2;
        a[ao + 23] = last3;
        a[ao + 24] = d4 + 1.0;
    }
}
