package org.mpjbuf.npb;

/**
 * The constants of SP's discretisation: the exact solution's coefficients,
 * the gas constants, and per direction the grid spacing and the
 * coefficients of the fluxes, the viscous terms and the implicit operators.
 *
 * <p>Design note (NPB 3.4 MPI {@code set_constants.f}). The reference names
 * every constant three times ({@code tx1, ty1, tz1}, {@code xxcon1, yycon1,
 * zzcon1}, ...); here each is an array indexed by the direction {@code d}
 * (0 = x, 1 = y, 2 = z), whose velocity is solution component {@code d + 1}.
 * Every value is computed by the reference's expression, in its order.
 *
 * <p>Immutable and thread-safe (the arrays are not modified after
 * construction and not handed out beyond the package).
 */
final class SpConstants {
    /** The gas constants {@code c1 .. c5} and {@code bt}. */
    static final double C1 = 1.4;
    static final double C2 = 0.4;
    static final double C3 = 0.1;
    static final double C4 = 1.0;
    static final double C5 = 1.4;
    static final double BT = Math.sqrt(0.5);
    static final double C1C2 = C1 * C2;
    static final double C1C5 = C1 * C5;
    static final double C3C4 = C3 * C4;
    static final double CONZ1 = 1.0 - C1C5;
    static final double C2IV = 2.5;
    static final double CON43 = 4.0 / 3.0;
    static final double CON16 = 1.0 / 6.0;

    /** The coefficients of the exact solution, {@code ce(m, n)}: component m, term n. */
    static final double[][] CE = {
        {2.0, 0.0, 0.0, 4.0, 5.0, 3.0, 0.5, 0.02, 0.01, 0.03, 0.5, 0.4, 0.3},
        {1.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 0.01, 0.03, 0.02, 0.4, 0.3, 0.5},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.04, 0.03, 0.05, 0.3, 0.5, 0.4},
        {2.0, 2.0, 0.0, 0.0, 0.0, 2.0, 3.0, 0.03, 0.05, 0.04, 0.2, 0.1, 0.3},
        {5.0, 4.0, 3.0, 2.0, 0.1, 0.4, 0.3, 0.05, 0.04, 0.03, 0.1, 0.3, 0.2},
    };

    /** The artificial dissipation coefficients {@code dx1 .. dz5}, per direction and component. */
    private static final double[] DISSIPATION = {0.75, 0.75, 1.0};

    final int[] points;
    final double dt;
    /** {@code 1 / (N - 1)}: the grid spacing. */
    final double[] spacing = new double[3];
    /** {@code tx1}: {@code 1 / h^2}. */
    final double[] t1 = new double[3];
    /** {@code tx2}: {@code 1 / (2 h)}. */
    final double[] t2 = new double[3];
    /** {@code dx1tx1 .. dx5tx1} per direction and component. */
    final double[][] dt1 = new double[3][5];
    /** {@code xxcon1 .. xxcon5} per direction. */
    final double[][] con = new double[3][5];
    /** {@code dx1 .. dx5} per direction and component. */
    final double[][] d = new double[3][5];
    /** {@code dxmax}: the larger dissipation of the two other momenta. */
    final double[] dmax = new double[3];
    /** {@code dttx1}, {@code dttx2}, {@code c2dttx1}. */
    final double[] dtt1 = new double[3];
    final double[] dtt2 = new double[3];
    final double[] c2dtt1 = new double[3];
    final double dssp;
    final double comz1;
    final double comz4;
    final double comz5;
    final double comz6;

    /**
     * Computes the constants of a grid and time step.
     *
     * @param points the grid points per direction
     * @param dt the time step
     */
    SpConstants(int[] points, double dt) {
        this.points = points.clone();
        this.dt = dt;
        for (int dir = 0; dir < 3; dir++) {
            double h = 1.0 / (points[dir] - 1);
            spacing[dir] = h;
            t1[dir] = 1.0 / (h * h);
            t2[dir] = 1.0 / (2.0 * h);
            double t3 = 1.0 / h;
            for (int m = 0; m < 5; m++) {
                d[dir][m] = DISSIPATION[dir];
                dt1[dir][m] = d[dir][m] * t1[dir];
            }
            int other1 = dir == 0 ? 2 : 1;
            int other2 = dir == 2 ? 2 : 3;
            dmax[dir] = Math.max(d[dir][other1], d[dir][other2]);
            double c3c4t3 = C3C4 * t3;
            con[dir][0] = c3c4t3 * CON43 * t3;
            con[dir][1] = c3c4t3 * t3;
            con[dir][2] = c3c4t3 * CONZ1 * t3;
            con[dir][3] = c3c4t3 * CON16 * t3;
            con[dir][4] = c3c4t3 * C1C5 * t3;
            dtt1[dir] = dt * t1[dir];
            dtt2[dir] = dt * t2[dir];
            c2dtt1[dir] = 2.0 * dtt1[dir];
        }
        dssp = 0.25 * Math.max(d[0][0], Math.max(d[1][0], d[2][0]));
        double dtdssp = dt * dssp;
        comz1 = dtdssp;
        comz4 = 4.0 * dtdssp;
        comz5 = 5.0 * dtdssp;
        comz6 = 6.0 * dtdssp;
    }

    /**
     * Writes the exact solution at a point into {@code target}.
     *
     * @param xi the x coordinate in [0, 1]
     * @param eta the y coordinate
     * @param zeta the z coordinate
     * @param target five components, overwritten
     */
    static void exactSolution(double xi, double eta, double zeta, double[] target) {
        for (int m = 0; m < 5; m++) {
            double[] ce = CE[m];
            target[m] = ce[0]
                    + xi * (ce[1] + xi * (ce[4] + xi * (ce[7] + xi * ce[10])))
                    + eta * (ce[2] + eta * (ce[5] + eta * (ce[8] + eta * ce[11])))
                    + zeta * (ce[3] + zeta * (ce[6] + zeta * (ce[9] + zeta * ce[12])));
        }
    }
}
