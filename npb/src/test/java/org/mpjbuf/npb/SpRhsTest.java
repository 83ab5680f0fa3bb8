package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The right-hand side gives, bit for bit, what the reference's loops give
 * written out point by point, a direction and a component at a time: its
 * rows of points, its loops per component and its centred points apart
 * from the one-sided ones change no operation. Every cell of a partition
 * is checked, so cells at the boundaries and inside the grid, on grids of
 * different sizes per direction.
 */
class SpRhsTest {
    private static final int[] POINTS = {12, 13, 14};
    private static final double DT = 0.015;

    @ParameterizedTest(name = "{0} cells per side")
    @ValueSource(ints = {1, 2, 3})
    void shouldComputeEveryCellAsThePointByPointFormDoes(int cellsPerSide) {
        SpConstants k = new SpConstants(POINTS, DT);
        for (int rank = 0; rank < cellsPerSide * cellsPerSide; rank++) {
            SpCell[] computed = new SpPartition(rank, cellsPerSide, POINTS).cells;
            SpCell[] expected = new SpPartition(rank, cellsPerSide, POINTS).cells;
            for (int c = 0; c < computed.length; c++) {
                fill(computed[c], c);
                fill(expected[c], c);
                SpRhs.compute(computed[c], k);
                computePointByPoint(expected[c], k);
                assertArrayEquals(expected[c].rhs, computed[c].rhs, "rank " + rank + ", cell " + c);
            }
        }
    }

    /** A random solution with a positive density and pressure, ghost layers included, and a random forcing. */
    private static void fill(SpCell cell, int seed) {
        Random random = new Random(seed);
        int v = cell.volume;
        for (int p = 0; p < v; p++) {
            cell.u[p] = 1.0 + random.nextDouble();
            for (int m = 1; m <= 3; m++) {
                cell.u[m * v + p] = random.nextDouble() - 0.5;
            }
            cell.u[4 * v + p] = 3.0 + random.nextDouble();
        }
        for (int i = 0; i < cell.forcing.length; i++) {
            cell.forcing[i] = random.nextDouble() - 0.5;
            cell.rhs[i] = random.nextDouble();
        }
    }

    /** The right-hand side in the reference's order: whole-cell sweeps per direction, then per component. */
    private static void computePointByPoint(SpCell cell, SpConstants k) {
        auxiliaries(cell);
        int v = cell.volume;
        for (int m = 0; m < 5; m++) {
            for (int z = 0; z < cell.size[2]; z++) {
                for (int y = 0; y < cell.size[1]; y++) {
                    for (int x = 0; x < cell.size[0]; x++) {
                        int p = m * v + cell.index(x, y, z);
                        cell.rhs[p] = cell.forcing[p];
                    }
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
                    for (int x = lo[0]; x <= hi[0]; x++) {
                        int p = m * v + cell.index(x, y, z);
                        cell.rhs[p] *= k.dt;
                    }
                }
            }
        }
    }

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
        for (int z = cell.first(2); z <= cell.last(2, k.points[2]); z++) {
            for (int y = cell.first(1); y <= cell.last(1, k.points[1]); y++) {
                for (int x = cell.first(0); x <= cell.last(0, k.points[0]); x++) {
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

    /** The dissipation with the reference's five cases written out per point. */
    private static void dissipation(SpCell cell, SpConstants k, int dir) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        int s = cell.stride[dir];
        int n = k.points[dir];
        for (int m = 0; m < 5; m++) {
            for (int z = cell.first(2); z <= cell.last(2, k.points[2]); z++) {
                for (int y = cell.first(1); y <= cell.last(1, k.points[1]); y++) {
                    for (int x = cell.first(0); x <= cell.last(0, k.points[0]); x++) {
                        int p = m * cell.volume + cell.index(x, y, z);
                        int g = cell.low[dir] + (dir == 0 ? x : dir == 1 ? y : z);
                        double difference;
                        if (g == 1) {
                            difference = 5.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
                        } else if (g == 2) {
                            difference = -4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
                        } else if (g == n - 3) {
                            difference = u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s];
                        } else if (g == n - 2) {
                            difference = u[p - 2 * s] - 4.0 * u[p - s] + 5.0 * u[p];
                        } else {
                            difference = u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
                        }
                        r[p] = r[p] - k.dssp * difference;
                    }
                }
            }
        }
    }
}
