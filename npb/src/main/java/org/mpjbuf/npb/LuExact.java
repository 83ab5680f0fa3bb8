package org.mpjbuf.npb;

import java.util.Arrays;

import mpi.MPIException;

/**
 * What LU computes from the exact solution: the initial field, the forcing
 * that makes the exact solution steady, the error norms' sums and the
 * surface integral's.
 *
 * <p>Design note (NPB 3.4 MPI {@code setbv.f}, {@code setiv.f},
 * {@code erhs.f}, {@code error.f}, {@code pintgr.f}). The exact solution is
 * SP's and BT's ({@link SpConstants#exactSolution}), at global point
 * {@code (i, j, k)} with coordinates {@code i / (nx0 - 1)} and so on. The
 * initial field is the exact solution on the grid's boundary and the
 * transfinite interpolation of it inside ({@link SpExact#interpolate}). The
 * forcing is the spatial operator ({@link LuRhs}) applied to the exact
 * solution, itself exchanged into the ghost layers first; the residual is
 * the operator applied to the solution minus the forcing.
 *
 * <p>The surface integral is the pressure {@code c2 (e - (m1^2 + m2^2 +
 * m3^2) / (2 rho))} integrated by the trapezoidal rule over the six faces
 * of the box of global points {@code 1 .. nx0-2} in x, {@code 1 .. ny0-3} in
 * y and {@code 2 .. nz0-2} in z (0-based; the reference's {@code ii1, ii2,
 * ji1, ji2, ki1, ki2}). The reference sums the cells of each face, each
 * rank exchanging its boundary points with its neighbours first; here
 * every rank adds its own points, each weighted by the number of the face's
 * cells it is a corner of, which is the same sum without the exchange.
 *
 * <p>Stateless and thread-safe; the arrays it fills are not.
 */
final class LuExact {
    private LuExact() {
    }

    /**
     * Sets the solution to the initial field ({@code setbv} and {@code setiv}).
     *
     * @param g this rank's block
     * @param u the solution, overwritten at every point of the block
     */
    static void initialize(LuDomain g, double[] u) {
        double[][] faces = new double[6][5];
        double[] value = new double[5];
        int[] n = g.points;
        for (int z = 0; z < g.nz; z++) {
            for (int j = 0; j < g.ny; j++) {
                for (int i = 0; i < g.nx; i++) {
                    int gi = g.ipt + i;
                    int gj = g.jpt + j;
                    double xi = coordinate(gi, n[0]);
                    double eta = coordinate(gj, n[1]);
                    double zeta = coordinate(z, n[2]);
                    boolean boundary = gi == 0 || gi == n[0] - 1 || gj == 0 || gj == n[1] - 1 || z == 0
                            || z == n[2] - 1;
                    if (boundary) {
                        SpConstants.exactSolution(xi, eta, zeta, value);
                    } else {
                        SpExact.interpolate(xi, eta, zeta, faces, value);
                    }
                    System.arraycopy(value, 0, u, 5 * g.index(i, j, z), 5);
                }
            }
        }
    }

    /**
     * Computes the forcing ({@code erhs}): zero on the boundary, the
     * operator applied to the exact solution inside.
     *
     * @param g this rank's block
     * @param rhs the operator
     * @param ghosts the ghost exchange
     * @param scratch an array of the solution's size, overwritten
     * @param forcing receives the forcing
     * @throws MPIException if communication fails
     */
    static void forcing(LuDomain g, LuRhs rhs, LuGhosts ghosts, double[] scratch, double[] forcing)
            throws MPIException {
        double[] value = new double[5];
        for (int z = 0; z < g.nz; z++) {
            for (int j = 0; j < g.ny; j++) {
                for (int i = 0; i < g.nx; i++) {
                    exact(g, i, j, z, value);
                    System.arraycopy(value, 0, scratch, 5 * g.index(i, j, z), 5);
                }
            }
        }
        ghosts.exchange(scratch);
        Arrays.fill(forcing, 0.0);
        rhs.add(scratch, forcing);
    }

    /**
     * Adds the squared errors against the exact solution at the interior
     * points, per component, to {@code sums} ({@code error}).
     *
     * @param g this rank's block
     * @param u the solution
     * @param sums five sums
     */
    static void addSquaredErrors(LuDomain g, double[] u, double[] sums) {
        double[] value = new double[5];
        for (int z = 1; z <= g.nz - 2; z++) {
            for (int j = g.jst; j <= g.jend; j++) {
                for (int i = g.ist; i <= g.iend; i++) {
                    exact(g, i, j, z, value);
                    int p = 5 * g.index(i, j, z);
                    for (int m = 0; m < 5; m++) {
                        double difference = value[m] - u[p + m];
                        sums[m] += difference * difference;
                    }
                }
            }
        }
    }

    /**
     * {@return this rank's share of the surface integral ({@code pintgr}),
     * to be summed over the ranks}
     *
     * @param g this rank's block
     * @param u the solution
     */
    static double surfaceIntegral(LuDomain g, double[] u) {
        int[] n = g.points;
        // the box's first and last global point per direction
        int[] first = {1, 1, 2};
        int[] last = {n[0] - 2, n[1] - 3, n[2] - 2};
        double[] spacing = new double[3];
        for (int dir = 0; dir < 3; dir++) {
            spacing[dir] = 1.0 / (n[dir] - 1);
        }
        double[] faces = new double[3];
        for (int z = 0; z < g.nz; z++) {
            for (int j = 0; j < g.ny; j++) {
                for (int i = 0; i < g.nx; i++) {
                    int[] global = {g.ipt + i, g.jpt + j, z};
                    double pressure = Double.NaN;
                    for (int normal = 0; normal < 3; normal++) {
                        if (global[normal] != first[normal] && global[normal] != last[normal]) {
                            continue;
                        }
                        double weight = 1.0;
                        for (int dir = 0; dir < 3; dir++) {
                            if (dir != normal) {
                                weight *= cornerOf(global[dir], first[dir], last[dir]);
                            }
                        }
                        if (weight == 0.0) {
                            continue;
                        }
                        if (Double.isNaN(pressure)) {
                            pressure = pressure(u, 5 * g.index(i, j, z));
                        }
                        faces[normal] += weight * pressure;
                    }
                }
            }
        }
        // the faces normal to z are spanned by x and y, those normal to y by x and z, those normal to x by y and z
        return 0.25 * (spacing[0] * spacing[1] * faces[2] + spacing[0] * spacing[2] * faces[1]
                + spacing[1] * spacing[2] * faces[0]);
    }

    /** {@return in how many of the cells between {@code first} and {@code last} point {@code g} is a corner} */
    private static double cornerOf(int g, int first, int last) {
        return (g >= first && g < last ? 1 : 0) + (g > first && g <= last ? 1 : 0);
    }

    private static double pressure(double[] u, int p) {
        return SpConstants.C2 * (u[p + 4]
                - 0.5 * (u[p + 1] * u[p + 1] + u[p + 2] * u[p + 2] + u[p + 3] * u[p + 3]) / u[p]);
    }

    private static void exact(LuDomain g, int i, int j, int z, double[] value) {
        int[] n = g.points;
        SpConstants.exactSolution(coordinate(g.ipt + i, n[0]), coordinate(g.jpt + j, n[1]),
                coordinate(z, n[2]), value);
    }

    private static double coordinate(int g, int points) {
        return (double) g / (points - 1);
    }
}
