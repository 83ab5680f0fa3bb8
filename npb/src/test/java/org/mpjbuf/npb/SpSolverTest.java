package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;

import mpi.MPIException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SP's line solves on one rank give, bit for bit, what building and solving
 * each line's three pentadiagonal systems on its own gives: the solver's
 * passes over whole rows of lines change only the order in which lines are
 * visited.
 */
class SpSolverTest {
    private static final int POINTS = 12;
    private static final double DT = 0.015;

    @ParameterizedTest(name = "along direction {0}")
    @ValueSource(ints = {0, 1, 2})
    void shouldSolveEveryLineAsALineByLineEliminationDoes(int dir) throws MPIException {
        int[] points = {POINTS, POINTS, POINTS};
        SpConstants k = new SpConstants(points, DT);
        SpPartition partition = new SpPartition(0, 1, points);
        SpCell solved = fillRandomly(partition.cells[0]);
        SpCell expected = fillRandomly(new SpPartition(0, 1, points).cells[0]);

        new SpSolver(null, partition, k).solve(dir);
        solveLineByLine(expected, dir, k);

        assertArrayEquals(expected.rhs, solved.rhs);
    }

    private static SpCell fillRandomly(SpCell cell) {
        Random random = new Random(1);
        for (int p = 0; p < cell.volume; p++) {
            cell.rhoI[p] = 0.5 + random.nextDouble();
            cell.speed[p] = 0.5 + random.nextDouble();
            for (double[] velocity : cell.velocity) {
                velocity[p] = random.nextDouble() - 0.5;
            }
        }
        for (int i = 0; i < cell.rhs.length; i++) {
            cell.rhs[i] = random.nextDouble() - 0.5;
        }
        return cell;
    }

    /** Builds and solves the systems of one line at a time, each row's operations as the specification orders them. */
    private static void solveLineByLine(SpCell cell, int dir, SpConstants k) {
        double[] lhs = new double[15 * cell.volume];
        for (int system = 0; system < 3; system++) {
            Arrays.fill(lhs, (5 * system + 2) * cell.volume, (5 * system + 3) * cell.volume, 1.0);
        }
        CellLines.forEach(cell, dir, k, p0 -> {
            buildLine(cell, lhs, dir, k, p0);
            solveLine(cell, lhs, dir, k, p0);
        });
    }

    /** Writes a line's three systems into {@code lhs}, five diagonals each; the boundary rows keep the identity. */
    private static void buildLine(SpCell cell, double[] lhs, int dir, SpConstants k, int p0) {
        int v = cell.volume;
        int s = cell.stride[dir];
        int n = k.points[dir];
        double[][] dissipation = {
            {0.0, 0.0, k.comz5, -k.comz4, k.comz1},
            {0.0, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, k.comz1},
            {k.comz1, -k.comz4, k.comz6, -k.comz4, 0.0},
            {k.comz1, -k.comz4, k.comz5, 0.0, 0.0},
        };
        for (int l = cell.first(dir); l <= cell.last(dir, n); l++) {
            int p = p0 + l * s;
            int g = cell.low[dir] + l;
            double[] cv = cell.velocity[dir];
            lhs[p] = 0.0;
            lhs[v + p] = -k.dtt2[dir] * cv[p - s] - k.dtt1[dir] * viscosity(cell, dir, k, p - s);
            lhs[2 * v + p] = 1.0 + k.c2dtt1[dir] * viscosity(cell, dir, k, p);
            lhs[3 * v + p] = k.dtt2[dir] * cv[p + s] - k.dtt1[dir] * viscosity(cell, dir, k, p + s);
            lhs[4 * v + p] = 0.0;
            double[] add = dissipation[g == 1 ? 0 : g == 2 ? 1 : g == n - 3 ? 3 : g == n - 2 ? 4 : 2];
            for (int diagonal = 0; diagonal < 5; diagonal++) {
                lhs[diagonal * v + p] += add[diagonal];
            }
            double below = k.dtt2[dir] * cell.speed[p - s];
            double above = k.dtt2[dir] * cell.speed[p + s];
            for (int diagonal = 0; diagonal < 5; diagonal++) {
                lhs[(5 + diagonal) * v + p] = lhs[diagonal * v + p];
                lhs[(10 + diagonal) * v + p] = lhs[diagonal * v + p];
            }
            lhs[6 * v + p] = lhs[v + p] - below;
            lhs[8 * v + p] = lhs[3 * v + p] + above;
            lhs[11 * v + p] = lhs[v + p] + below;
            lhs[13 * v + p] = lhs[3 * v + p] - above;
        }
    }

    private static double viscosity(SpCell cell, int dir, SpConstants k, int p) {
        double ru1 = SpConstants.C3C4 * cell.rhoI[p];
        double[] d = k.d[dir];
        return Math.max(Math.max(Math.max(d[dir + 1] + SpConstants.CON43 * ru1, d[4] + SpConstants.C1C5 * ru1),
                k.dmax[dir] + ru1), d[0]);
    }

    private static void solveLine(SpCell cell, double[] lhs, int dir, SpConstants k, int p0) {
        int v = cell.volume;
        int s = cell.stride[dir];
        int n = k.points[dir];
        double[] rhs = cell.rhs;
        for (int l = 0; l < n; l++) {
            int p = p0 + l * s;
            for (int system = 0; system < 3; system++) {
                int o = 5 * system * v;
                int firstM = system == 0 ? 0 : system + 2;
                int lastM = system == 0 ? 2 : system + 2;
                if (l >= 2) {
                    double a = lhs[o + p];
                    int q = p - 2 * s;
                    lhs[o + v + p] = lhs[o + v + p] - a * lhs[o + 3 * v + q];
                    lhs[o + 2 * v + p] = lhs[o + 2 * v + p] - a * lhs[o + 4 * v + q];
                    for (int m = firstM; m <= lastM; m++) {
                        rhs[m * v + p] = rhs[m * v + p] - a * rhs[m * v + q];
                    }
                }
                if (l >= 1) {
                    double b = lhs[o + v + p];
                    int q = p - s;
                    lhs[o + 2 * v + p] = lhs[o + 2 * v + p] - b * lhs[o + 3 * v + q];
                    lhs[o + 3 * v + p] = lhs[o + 3 * v + p] - b * lhs[o + 4 * v + q];
                    for (int m = firstM; m <= lastM; m++) {
                        rhs[m * v + p] = rhs[m * v + p] - b * rhs[m * v + q];
                    }
                }
                double fac = 1.0 / lhs[o + 2 * v + p];
                lhs[o + 3 * v + p] = fac * lhs[o + 3 * v + p];
                lhs[o + 4 * v + p] = fac * lhs[o + 4 * v + p];
                for (int m = firstM; m <= lastM; m++) {
                    rhs[m * v + p] = fac * rhs[m * v + p];
                }
            }
        }
        for (int l = n - 2; l >= 0; l--) {
            int p = p0 + l * s;
            for (int m = 0; m < 5; m++) {
                int d = (5 * (m < 3 ? 0 : m - 2) + 3) * v + p;
                int r = m * v + p;
                rhs[r] = l == n - 2 ? rhs[r] - lhs[d] * rhs[r + s]
                        : rhs[r] - lhs[d] * rhs[r + s] - lhs[d + v] * rhs[r + 2 * s];
            }
        }
    }
}
