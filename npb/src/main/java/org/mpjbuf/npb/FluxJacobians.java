package org.mpjbuf.npb;

import java.util.Arrays;

/**
 * The Jacobians, at one grid point, of the inviscid and of the viscous flux
 * of the three-dimensional compressible Navier-Stokes equations along one
 * direction, as BT's and LU's implicit operators use them.
 *
 * <p>Design note (NPB 3.4 MPI BT {@code x_solve.f}, LU {@code jacld.f},
 * {@code jacu.f}). With the solution {@code (rho, m1, m2, m3, e)} at the
 * point, {@code r = 1 / rho}, {@code qs = (m1^2 + m2^2 + m3^2) r^2 / 2} and
 * {@code w} the momentum along the direction (component {@code vel}),
 * {@code F} is the derivative of the flux {@code (w, m w r + c2 (e - qs rho)
 * [along vel], (c1 e - c2 qs rho) w r)} with respect to the solution, and
 * {@code N} that of the viscous flux's difference ({@code c3 c4} times the
 * velocity gradients, {@code 4/3} along the direction, and
 * {@code c1 c5} for the energy). Each is a 5x5 block, row-major: row = equation,
 * column = solution component.
 *
 * <p>Stateless and thread-safe.
 */
final class FluxJacobians {
    /** The values of one 5x5 block. */
    static final int BLOCK = 25;

    private static final double C1345 = SpConstants.C1C5 * SpConstants.C3C4;

    private FluxJacobians() {
    }

    /**
     * Writes {@code F} and {@code N} at one point into
     * {@code inviscid[offset ..]} and {@code viscous[offset ..]}.
     *
     * @param u the solution
     * @param p where component 0 of the point is in {@code u}
     * @param componentStride how far apart the point's components are in {@code u}
     * @param rhoInverse {@code 1 / rho} at the point
     * @param qs {@code (m1^2 + m2^2 + m3^2) / (2 rho^2)} at the point
     * @param vel the component of the momentum along the direction, 1 to 3
     * @param inviscid receives {@code F}, 25 values from {@code offset}
     * @param viscous receives {@code N}, 25 values from {@code offset}
     * @param offset where the blocks start
     */
    static void fill(double[] u, int p, int componentStride, double rhoInverse, double qs, int vel,
            double[] inviscid, double[] viscous, int offset) {
        fillInviscid(u, p, componentStride, rhoInverse, qs, vel, inviscid, offset);
        fillViscous(u, p, componentStride, rhoInverse, vel, viscous, offset);
    }

    /**
     * Writes {@code F} at one point into {@code f[offset ..]}; arguments as
     * {@link #fill}.
     */
    static void fillInviscid(double[] u, int p, int componentStride, double rhoInverse, double qs, int vel,
            double[] f, int offset) {
        Arrays.fill(f, offset, offset + BLOCK, 0.0);
        writeInviscid(u, p, componentStride, rhoInverse, qs, vel, f, offset);
    }

    /**
     * Writes the entries of {@code F} that can be non-zero along direction
     * {@code vel} (the same ones at every point) and leaves the others as
     * they are: a block zeroed once and then used for one direction only
     * needs no zeroing per point. Arguments as {@link #fill}.
     */
    static void writeInviscid(double[] u, int p, int componentStride, double rhoInverse, double qs, int vel,
            double[] f, int offset) {
        int v = componentStride;
        double c1 = SpConstants.C1;
        double c2 = SpConstants.C2;
        double r1 = rhoInverse;
        double r2 = r1 * r1;
        double w = u[vel * v + p];
        double wr = w * r1;
        double ww = w * w * r2;
        double energy = u[4 * v + p];
        f[offset + vel] = 1.0;
        int e = offset + 20;
        for (int m = 1; m <= 3; m++) {
            int row = offset + 5 * m;
            if (m == vel) {
                f[row] = -ww + c2 * qs;
                for (int j = 1; j <= 3; j++) {
                    f[row + j] = j == vel ? (2.0 - c2) * wr : -c2 * (u[j * v + p] * r1);
                }
                f[row + 4] = c2;
                f[e + m] = c1 * energy * r1 - c2 * (ww + qs);
            } else {
                double um = u[m * v + p];
                double umw = um * w;
                f[row] = -umw * r2;
                f[row + vel] = um * r1;
                f[row + m] = wr;
                f[e + m] = -c2 * umw * r2;
            }
        }
        f[e] = (c2 * 2.0 * qs - c1 * (energy * r1)) * wr;
        f[e + 4] = c1 * wr;
    }

    /**
     * Writes {@code N} at one point into {@code nj[offset ..]}; arguments as
     * {@link #fill}.
     */
    static void fillViscous(double[] u, int p, int componentStride, double rhoInverse, int vel, double[] nj,
            int offset) {
        Arrays.fill(nj, offset, offset + BLOCK, 0.0);
        writeViscous(u, p, componentStride, rhoInverse, vel, nj, offset);
    }

    /**
     * Writes the entries of {@code N} that can be non-zero (the same ones
     * along every direction: the momentum rows' first and diagonal entries
     * and the energy row) and leaves the others as they are, like
     * {@link #writeInviscid}. Arguments as {@link #fill}.
     */
    static void writeViscous(double[] u, int p, int componentStride, double rhoInverse, int vel, double[] nj,
            int offset) {
        int v = componentStride;
        double c3c4 = SpConstants.C3C4;
        double r1 = rhoInverse;
        double r2 = r1 * r1;
        double r3 = r1 * r2;
        double energy = u[4 * v + p];
        int e = offset + 20;
        double energyViscous = 0.0;
        for (int m = 1; m <= 3; m++) {
            double um = u[m * v + p];
            int row = offset + 5 * m;
            double coefficient = m == vel ? SpConstants.CON43 * c3c4 : c3c4;
            nj[row] = -coefficient * r2 * um;
            nj[row + m] = coefficient * r1;
            energyViscous -= (coefficient - C1345) * r3 * (um * um);
            nj[e + m] = (coefficient - C1345) * r2 * um;
        }
        nj[e] = energyViscous - C1345 * r2 * energy;
        nj[e + 4] = C1345 * r1;
    }
}
