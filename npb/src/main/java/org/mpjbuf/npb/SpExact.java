package org.mpjbuf.npb;

import java.util.Arrays;

/**
 * What SP computes from the exact solution: the initial field, the forcing
 * that makes the exact solution steady, and the error norms.
 *
 * <p>Design note (NPB 3.4 MPI {@code initialize.f}, {@code exact_rhs.f},
 * {@code error.f}). The initial field interpolates the exact solution on
 * the six faces of the cube into the interior (a transfinite
 * interpolation), and takes the exact solution on the faces. The forcing is
 * minus the discrete right-hand side of the exact solution: per direction
 * the fluxes' central differences and the dissipation, evaluated along each
 * line from the exact solution two points beyond the cell (no
 * communication). Both are computed per cell from global indices.
 *
 * <p>Stateless and thread-safe; the cells it fills are not.
 */
final class SpExact {
    private SpExact() {
    }

    /**
     * Sets a cell's solution to the initial field ({@code initialize}).
     *
     * @param cell the cell
     * @param k the constants
     */
    static void initialize(SpCell cell, SpConstants k) {
        int v = cell.volume;
        // the reference's background, (1, 0, 0, 0, 1), where the ghost layers hold no neighbour's values
        Arrays.fill(cell.u, 0.0);
        Arrays.fill(cell.u, 0, v, 1.0);
        Arrays.fill(cell.u, 4 * v, 5 * v, 1.0);
        double[][] faces = new double[6][5];
        double[] value = new double[5];
        for (int z = 0; z < cell.size[2]; z++) {
            for (int y = 0; y < cell.size[1]; y++) {
                for (int x = 0; x < cell.size[0]; x++) {
                    double xi = (cell.low[0] + x) * k.spacing[0];
                    double eta = (cell.low[1] + y) * k.spacing[1];
                    double zeta = (cell.low[2] + z) * k.spacing[2];
                    interpolate(xi, eta, zeta, faces, value);
                    int index = cell.index(x, y, z);
                    for (int m = 0; m < 5; m++) {
                        cell.u[m * v + index] = value[m];
                    }
                }
            }
        }
        double[] exact = new double[5];
        for (int dir = 0; dir < 3; dir++) {
            for (int side = 0; side < 2; side++) {
                boolean onFace = side == 0 ? cell.low[dir] == 0 : cell.low[dir] + cell.size[dir] == k.points[dir];
                if (!onFace) {
                    continue;
                }
                int a = (dir + 1) % 3;
                int b = (dir + 2) % 3;
                int[] local = new int[3];
                local[dir] = side == 0 ? 0 : cell.size[dir] - 1;
                for (local[b] = 0; local[b] < cell.size[b]; local[b]++) {
                    for (local[a] = 0; local[a] < cell.size[a]; local[a]++) {
                        double[] c = new double[3];
                        for (int e = 0; e < 3; e++) {
                            c[e] = (cell.low[e] + local[e]) * k.spacing[e];
                        }
                        c[dir] = side;
                        SpConstants.exactSolution(c[0], c[1], c[2], exact);
                        int index = cell.index(local[0], local[1], local[2]);
                        for (int m = 0; m < 5; m++) {
                            cell.u[m * v + index] = exact[m];
                        }
                    }
                }
            }
        }
    }

    /**
     * Writes the initial field at an interior point: the transfinite
     * interpolation of the exact solution on the six faces of the unit cube
     * (SP's, BT's and LU's {@code initialize} / {@code setiv}).
     *
     * @param xi the x coordinate in [0, 1]
     * @param eta the y coordinate
     * @param zeta the z coordinate
     * @param faces scratch space, 6 x 5 values
     * @param target five components, overwritten
     */
    static void interpolate(double xi, double eta, double zeta, double[][] faces, double[] target) {
        for (int side = 0; side < 2; side++) {
            SpConstants.exactSolution(side, eta, zeta, faces[side]);
            SpConstants.exactSolution(xi, side, zeta, faces[2 + side]);
            SpConstants.exactSolution(xi, eta, side, faces[4 + side]);
        }
        for (int m = 0; m < 5; m++) {
            double px = xi * faces[1][m] + (1.0 - xi) * faces[0][m];
            double py = eta * faces[3][m] + (1.0 - eta) * faces[2][m];
            double pz = zeta * faces[5][m] + (1.0 - zeta) * faces[4][m];
            target[m] = px + py + pz - px * py - px * pz - py * pz + px * py * pz;
        }
    }

    /**
     * Computes a cell's forcing ({@code exact_rhs}).
     *
     * @param cell the cell
     * @param k the constants
     */
    static void forcing(SpCell cell, SpConstants k) {
        int v = cell.volume;
        Arrays.fill(cell.forcing, 0.0);
        for (int dir = 0; dir < 3; dir++) {
            int n = k.points[dir];
            Line line = new Line(n);
            int a = dir == 0 ? 1 : 0;
            int b = dir == 2 ? 1 : 2;
            int[] local = new int[3];
            for (local[b] = cell.first(b); local[b] <= cell.last(b, k.points[b]); local[b]++) {
                for (local[a] = cell.first(a); local[a] <= cell.last(a, k.points[a]); local[a]++) {
                    int from = Math.max(cell.low[dir] - 2, 0);
                    int to = Math.min(cell.low[dir] + cell.size[dir] + 1, n - 1);
                    line.fill(cell, k, dir, local, from, to);
                    for (local[dir] = cell.first(dir); local[dir] <= cell.last(dir, n); local[dir]++) {
                        int g = cell.low[dir] + local[dir];
                        int p = cell.index(local[0], local[1], local[2]);
                        line.addFluxes(cell.forcing, v, p, g, k, dir);
                        for (int m = 0; m < 5; m++) {
                            cell.forcing[m * v + p] = cell.forcing[m * v + p]
                                    - k.dssp * SpRhs.fourthDifference(line.ue[m], g, 1, g, n);
                        }
                    }
                }
            }
        }
        for (int m = 0; m < 5; m++) {
            for (int z = cell.first(2); z <= cell.last(2, k.points[2]); z++) {
                for (int y = cell.first(1); y <= cell.last(1, k.points[1]); y++) {
                    for (int x = cell.first(0); x <= cell.last(0, k.points[0]); x++) {
                        int p = m * v + cell.index(x, y, z);
                        cell.forcing[p] = -1.0 * cell.forcing[p];
                    }
                }
            }
        }
    }

    /**
     * Adds a cell's squared errors against the exact solution, per
     * component, to {@code sums} (all its points, boundaries included).
     *
     * @param cell the cell
     * @param k the constants
     * @param sums five sums
     */
    static void addSquaredErrors(SpCell cell, SpConstants k, double[] sums) {
        int v = cell.volume;
        double[] exact = new double[5];
        for (int z = 0; z < cell.size[2]; z++) {
            double zeta = (cell.low[2] + z) * k.spacing[2];
            for (int y = 0; y < cell.size[1]; y++) {
                double eta = (cell.low[1] + y) * k.spacing[1];
                for (int x = 0; x < cell.size[0]; x++) {
                    double xi = (cell.low[0] + x) * k.spacing[0];
                    SpConstants.exactSolution(xi, eta, zeta, exact);
                    int p = cell.index(x, y, z);
                    for (int m = 0; m < 5; m++) {
                        double difference = cell.u[m * v + p] - exact[m];
                        sums[m] += difference * difference;
                    }
                }
            }
        }
    }

    /** The exact solution and its derived quantities along one grid line, by global index. */
    private static final class Line {
        final double[][] ue;
        final double[][] buf;
        final double[] cuf;
        final double[] q;
        private final double[] temp = new double[5];

        Line(int points) {
            ue = new double[5][points];
            buf = new double[5][points];
            cuf = new double[points];
            q = new double[points];
        }

        /** Evaluates the line along {@code dir} through {@code local} from global point {@code from} to {@code to}. */
        void fill(SpCell cell, SpConstants k, int dir, int[] local, int from, int to) {
            double[] c = new double[3];
            for (int e = 0; e < 3; e++) {
                c[e] = (cell.low[e] + local[e]) * k.spacing[e];
            }
            int vel = dir + 1;
            int other1 = dir == 0 ? 2 : 1;
            int other2 = dir == 2 ? 2 : 3;
            for (int g = from; g <= to; g++) {
                c[dir] = g * k.spacing[dir];
                SpConstants.exactSolution(c[0], c[1], c[2], temp);
                for (int m = 0; m < 5; m++) {
                    ue[m][g] = temp[m];
                }
                double dtpp = 1.0 / temp[0];
                for (int m = 1; m < 5; m++) {
                    buf[m][g] = dtpp * temp[m];
                }
                cuf[g] = buf[vel][g] * buf[vel][g];
                buf[0][g] = cuf[g] + buf[other1][g] * buf[other1][g] + buf[other2][g] * buf[other2][g];
                q[g] = 0.5 * (buf[1][g] * ue[1][g] + buf[2][g] * ue[2][g] + buf[3][g] * ue[3][g]);
            }
        }

        /** Adds the fluxes' central differences along {@code dir} at global point {@code g} to the forcing at {@code p}. */
        void addFluxes(double[] f, int v, int p, int g, SpConstants k, int dir) {
            int vel = dir + 1;
            int gp = g + 1;
            int gm = g - 1;
            double t2 = k.t2[dir];
            double[] dt1 = k.dt1[dir];
            double[] con = k.con[dir];
            double c1 = SpConstants.C1;
            double c2 = SpConstants.C2;
            f[p] = f[p] - t2 * (ue[vel][gp] - ue[vel][gm]) + dt1[0] * (ue[0][gp] - 2.0 * ue[0][g] + ue[0][gm]);
            for (int m = 1; m <= 3; m++) {
                int o = m * v + p;
                if (m == vel) {
                    f[o] = f[o] - t2 * ((ue[m][gp] * buf[vel][gp] + c2 * (ue[4][gp] - q[gp]))
                            - (ue[m][gm] * buf[vel][gm] + c2 * (ue[4][gm] - q[gm])))
                            + con[0] * (buf[m][gp] - 2.0 * buf[m][g] + buf[m][gm])
                            + dt1[m] * (ue[m][gp] - 2.0 * ue[m][g] + ue[m][gm]);
                } else {
                    f[o] = f[o] - t2 * (ue[m][gp] * buf[vel][gp] - ue[m][gm] * buf[vel][gm])
                            + con[1] * (buf[m][gp] - 2.0 * buf[m][g] + buf[m][gm])
                            + dt1[m] * (ue[m][gp] - 2.0 * ue[m][g] + ue[m][gm]);
                }
            }
            int o = 4 * v + p;
            f[o] = f[o] - t2 * (buf[vel][gp] * (c1 * ue[4][gp] - c2 * q[gp])
                    - buf[vel][gm] * (c1 * ue[4][gm] - c2 * q[gm]))
                    + 0.5 * con[2] * (buf[0][gp] - 2.0 * buf[0][g] + buf[0][gm])
                    + con[3] * (cuf[gp] - 2.0 * cuf[g] + cuf[gm])
                    + con[4] * (buf[4][gp] - 2.0 * buf[4][g] + buf[4][gm])
                    + dt1[4] * (ue[4][gp] - 2.0 * ue[4][g] + ue[4][gm]);
        }
    }
}
