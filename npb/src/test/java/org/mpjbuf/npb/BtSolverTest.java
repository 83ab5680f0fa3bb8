package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Random;

import mpi.MPIException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * BT's line solves on one rank give, bit for bit, what forming each line's
 * blocks from the full flux Jacobians and eliminating it on its own, point
 * by point, gives: the solver's order of lines and points and its blocks
 * written from their non-zero entries change no operation.
 */
class BtSolverTest {
    private static final int POINTS = 12;
    private static final double DT = 0.010;
    private static final int BLOCK = FluxJacobians.BLOCK;

    @ParameterizedTest(name = "along direction {0}")
    @ValueSource(ints = {0, 1, 2})
    void shouldSolveEveryLineAsALineByLineEliminationDoes(int dir) throws MPIException {
        int[] points = {POINTS, POINTS, POINTS};
        SpConstants k = new SpConstants(points, DT);
        SpPartition partition = new SpPartition(0, 1, points);
        SpCell solved = fill(partition.cells[0], k);
        SpCell expected = fill(new SpPartition(0, 1, points).cells[0], k);

        new BtSolver(null, partition, k).solve(dir);
        solveLineByLine(expected, dir, k);

        assertArrayEquals(expected.rhs, solved.rhs);
    }

    /** The initial field, disturbed so that no two points are alike, its auxiliaries, and a random right-hand side. */
    private static SpCell fill(SpCell cell, SpConstants k) {
        Random random = new Random(1);
        SpExact.forcing(cell, k);
        SpExact.initialize(cell, k);
        for (int i = 0; i < cell.u.length; i++) {
            cell.u[i] *= 1.0 + 0.1 * (random.nextDouble() - 0.5);
        }
        SpRhs.compute(cell, k);
        for (int i = 0; i < cell.rhs.length; i++) {
            cell.rhs[i] = random.nextDouble() - 0.5;
        }
        return cell;
    }

    private static void solveLineByLine(SpCell cell, int dir, SpConstants k) {
        CellLines.forEach(cell, dir, k, p0 -> solveLine(cell, dir, k, p0));
    }

    /** One line's elimination, each block formed and each operation written as the specification orders them. */
    private static void solveLine(SpCell cell, int dir, SpConstants k, int p0) {
        int v = cell.volume;
        int s = cell.stride[dir];
        int first = cell.first(dir);
        int last = cell.last(dir, k.points[dir]);
        double t1 = k.dtt1[dir];
        double t2 = k.dtt2[dir];
        double[] d = k.d[dir];
        double[] rhs = cell.rhs;
        double[][] upper = new double[last + 1][];
        for (int l = first; l <= last; l++) {
            int p = p0 + l * s;
            double[][] previous = jacobians(cell, dir, p - s);
            double[][] here = jacobians(cell, dir, p);
            double[][] next = jacobians(cell, dir, p + s);
            double[] lower = new double[BLOCK];
            double[] diagonal = new double[BLOCK];
            double[] c = new double[BLOCK];
            for (int e = 0; e < BLOCK; e++) {
                lower[e] = -t2 * previous[0][e] - t1 * previous[1][e];
                diagonal[e] = t1 * 2.0 * here[1][e];
                c[e] = t2 * next[0][e] - t1 * next[1][e];
            }
            double[] right = new double[5];
            for (int m = 0; m < 5; m++) {
                lower[6 * m] -= t1 * d[m];
                diagonal[6 * m] = 1.0 + diagonal[6 * m] + t1 * 2.0 * d[m];
                c[6 * m] -= t1 * d[m];
                right[m] = rhs[m * v + p];
            }
            if (l > first) {
                for (int m = 0; m < 5; m++) {
                    double sum = right[m];
                    for (int j = 0; j < 5; j++) {
                        sum -= lower[5 * m + j] * rhs[j * v + p - s];
                    }
                    right[m] = sum;
                    for (int col = 0; col < 5; col++) {
                        double entry = diagonal[5 * m + col];
                        for (int j = 0; j < 5; j++) {
                            entry -= lower[5 * m + j] * upper[l - 1][5 * j + col];
                        }
                        diagonal[5 * m + col] = entry;
                    }
                }
            }
            gaussJordan(diagonal, c, right);
            upper[l] = c;
            for (int m = 0; m < 5; m++) {
                rhs[m * v + p] = right[m];
            }
        }
        for (int l = last - 1; l >= first; l--) {
            int p = p0 + l * s;
            for (int m = 0; m < 5; m++) {
                double sum = rhs[m * v + p];
                for (int j = 0; j < 5; j++) {
                    sum -= upper[l][5 * m + j] * rhs[j * v + p + s];
                }
                rhs[m * v + p] = sum;
            }
        }
    }

    /** {@code F} and {@code N} at point {@code p}, every entry written. */
    private static double[][] jacobians(SpCell cell, int dir, int p) {
        double[][] blocks = new double[2][BLOCK];
        FluxJacobians.fill(cell.u, p, cell.volume, cell.rhoI[p], cell.qs[p], dir + 1, blocks[0], blocks[1], 0);
        return blocks;
    }

    /** {@code c = B^-1 c} and {@code r = B^-1 r}, Gauss-Jordan elimination without pivoting, row by row. */
    private static void gaussJordan(double[] bm, double[] c, double[] r) {
        for (int p = 0; p < 5; p++) {
            double pivot = 1.0 / bm[6 * p];
            for (int j = p + 1; j < 5; j++) {
                bm[5 * p + j] *= pivot;
            }
            for (int j = 0; j < 5; j++) {
                c[5 * p + j] *= pivot;
            }
            r[p] *= pivot;
            for (int m = 0; m < 5; m++) {
                if (m != p) {
                    double coefficient = bm[5 * m + p];
                    for (int j = p + 1; j < 5; j++) {
                        bm[5 * m + j] -= coefficient * bm[5 * p + j];
                    }
                    for (int j = 0; j < 5; j++) {
                        c[5 * m + j] -= coefficient * c[5 * p + j];
                    }
                    r[m] -= coefficient * r[p];
                }
            }
        }
    }
}
