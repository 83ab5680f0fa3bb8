package org.mpjbuf.npb;

/**
 * SP's explicit part on one cell: the right-hand side of a time step, the
 * pointwise changes of basis around the line solves, and the update of the
 * solution.
 *
 * <p>Design note (NPB 3.4 MPI {@code rhs.f}, {@code txinvr.f},
 * {@code ninvr.f}, {@code pinvr.f}, {@code tzetar.f}, {@code add.f}). The
 * right-hand side is {@code dt} times the forcing plus, per direction, the
 * central differences of the fluxes and viscous terms and a fourth-order
 * artificial dissipation, one-sided at the two points next to each
 * boundary. The reference writes the three directions out; here one loop
 * takes the direction's stride and constants, and the points next to a
 * boundary are found from their global index, so a cell needs no case of
 * its own. The stencils reach two points beyond the cell: the ghost layers
 * the exchange filled ({@link SpFaces}).
 *
 * <p>Stateless and thread-safe; the cells it changes are not.
 */
final class SpRhs {
    private SpRhs() {
    }

    /**
     * Computes the right-hand side of a cell from its solution, ghost layers
     * included.
     *
     * @param cell the cell
     * @param k the constants
     */
    static void compute(SpCell cell, SpConstants k) {
        auxiliaries(cell);
        int v = cell.volume;
        for (int m = 0; m < 5; m++) {
            for (int z = 0; z < cell.size[2]; z++) {
                for (int y = 0; y < cell.size[1]; y++) {
                    int index = m * v + cell.index(0, y, z);
                    System.arraycopy(cell.forcing, index, cell.rhs, index, cell.size[0]);
                }
            }
        }
        for (int dir = 0; dir < 3; dir++) {
            fluxes(cell, k, dir);
            dissipation(cell, k, dir);
        }
        int[] lo = {cell.first(0), cell.first(1), cell.first(2)};
        int[] hi = {cell.last(0, k.points[0]), cell.last(1, k.points[1]), cell.last(2, k.points[2])};
        for (int m = 0; m < 5; m++) {
            for (int z = lo[2]; z <= hi[2]; z++) {
                for (int y = lo[1]; y <= hi[1]; y++) {
                    int base = m * v + cell.index(0, y, z);
                    for (int x = lo[0]; x <= hi[0]; x++) {
                        cell.rhs[base + x] *= k.dt;
                    }
                }
            }
        }
    }

    /** Density inverse, velocities, kinetic energy, speed of sound: on the cell and one ghost layer. */
    private static void auxiliaries(SpCell cell) {
        double[] u = cell.u;
        int v = cell.volume;
        for (int z = -1; z <= cell.size[2]; z++) {
            for (int y = -1; y <= cell.size[1]; y++) {
                for (int x = -1; x <= cell.size[0]; x++) {
                    int p = cell.index(x, y, z);
                    double rhoInv = 1.0 / u[p];
                    cell.rhoI[p] = rhoInv;
                    cell.velocity[0][p] = u[v + p] * rhoInv;
                    cell.velocity[1][p] = u[2 * v + p] * rhoInv;
                    cell.velocity[2][p] = u[3 * v + p] * rhoInv;
                    double square = 0.5 * (u[v + p] * u[v + p] + u[2 * v + p] * u[2 * v + p]
                            + u[3 * v + p] * u[3 * v + p]) * rhoInv;
                    cell.square[p] = square;
                    cell.qs[p] = square * rhoInv;
                    double aux = Math.sqrt(SpConstants.C1C2 * rhoInv * (u[4 * v + p] - square));
                    cell.speed[p] = aux;
                    cell.ainv[p] = 1.0 / aux;
                }
            }
        }
    }

    /** Adds the central differences of the fluxes and viscous terms along {@code dir}. */
    private static void fluxes(SpCell cell, SpConstants k, int dir) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        int v = cell.volume;
        int s = cell.stride[dir];
        int vel = dir + 1;
        double[] w = cell.velocity[dir];
        double t2 = k.t2[dir];
        double[] dt1 = k.dt1[dir];
        double[] con = k.con[dir];
        int[] lo = {cell.first(0), cell.first(1), cell.first(2)};
        int[] hi = {cell.last(0, k.points[0]), cell.last(1, k.points[1]), cell.last(2, k.points[2])};
        for (int z = lo[2]; z <= hi[2]; z++) {
            for (int y = lo[1]; y <= hi[1]; y++) {
                for (int x = lo[0]; x <= hi[0]; x++) {
                    int p = cell.index(x, y, z);
                    int pp = p + s;
                    int pm = p - s;
                    double wijk = w[p];
                    double wp1 = w[pp];
                    double wm1 = w[pm];
                    r[p] = r[p] + dt1[0] * (u[pp] - 2.0 * u[p] + u[pm])
                            - t2 * (u[vel * v + pp] - u[vel * v + pm]);
                    for (int m = 1; m <= 3; m++) {
                        int o = m * v;
                        double viscous = m == vel
                                ? con[1] * SpConstants.CON43 * (wp1 - 2.0 * wijk + wm1)
                                : con[1] * (cell.velocity[m - 1][pp] - 2.0 * cell.velocity[m - 1][p]
                                        + cell.velocity[m - 1][pm]);
                        double flux = u[o + pp] * wp1 - u[o + pm] * wm1;
                        if (m == vel) {
                            flux = flux + (u[4 * v + pp] - cell.square[pp] - u[4 * v + pm] + cell.square[pm])
                                    * SpConstants.C2;
                        }
                        r[o + p] = r[o + p] + dt1[m] * (u[o + pp] - 2.0 * u[o + p] + u[o + pm]) + viscous
                                - t2 * flux;
                    }
                    int e = 4 * v;
                    r[e + p] = r[e + p] + dt1[4] * (u[e + pp] - 2.0 * u[e + p] + u[e + pm])
                            + con[2] * (cell.qs[pp] - 2.0 * cell.qs[p] + cell.qs[pm])
                            + con[3] * (wp1 * wp1 - 2.0 * wijk * wijk + wm1 * wm1)
                            + con[4] * (u[e + pp] * cell.rhoI[pp] - 2.0 * u[e + p] * cell.rhoI[p]
                                    + u[e + pm] * cell.rhoI[pm])
                            - t2 * ((SpConstants.C1 * u[e + pp] - SpConstants.C2 * cell.square[pp]) * wp1
                                    - (SpConstants.C1 * u[e + pm] - SpConstants.C2 * cell.square[pm]) * wm1);
                }
            }
        }
    }

    /** Subtracts the fourth-order dissipation along {@code dir}, one-sided next to the boundaries. */
    private static void dissipation(SpCell cell, SpConstants k, int dir) {
        int v = cell.volume;
        int s = cell.stride[dir];
        int n = k.points[dir];
        int[] lo = {cell.first(0), cell.first(1), cell.first(2)};
        int[] hi = {cell.last(0, k.points[0]), cell.last(1, k.points[1]), cell.last(2, k.points[2])};
        for (int m = 0; m < 5; m++) {
            double[] u = cell.u;
            double[] r = cell.rhs;
            int o = m * v;
            for (int z = lo[2]; z <= hi[2]; z++) {
                for (int y = lo[1]; y <= hi[1]; y++) {
                    for (int x = lo[0]; x <= hi[0]; x++) {
                        int p = o + cell.index(x, y, z);
                        int g = cell.low[dir] + (dir == 0 ? x : dir == 1 ? y : z);
                        r[p] = r[p] - k.dssp * fourthDifference(u, p, s, g, n);
                    }
                }
            }
        }
    }

    /**
     * {@return the fourth difference of {@code u} at {@code p} along a line
     * of {@code n} points where {@code p} is point {@code g}: centred, or
     * one-sided at points 1, 2, n - 3 and n - 2}
     */
    static double fourthDifference(double[] u, int p, int s, int g, int n) {
        if (g == 1) {
            return 5.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
        } else if (g == 2) {
            return -4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
        } else if (g == n - 3) {
            return u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s];
        } else if (g == n - 2) {
            return u[p - 2 * s] - 4.0 * u[p - s] + 5.0 * u[p];
        }
        return u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
    }
}
