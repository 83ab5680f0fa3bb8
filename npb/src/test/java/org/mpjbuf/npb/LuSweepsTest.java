package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;

import mpi.MPIException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 5x5 solve of LU's sweeps gives x with a x = b for blocks of the shape the sweeps build: diagonally
 * dominant, non-zero only on the diagonal, in the first column and in the last row; and the sweeps of one rank
 * give, to the last bit, what the formulas of {@link LuSweeps} give taken point by point with that solve.
 */
class LuSweepsTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 20261126})
    void shouldSolveADiagonallyDominantArrowBlockWithoutPivoting(long seed) {
        Random random = new Random(seed);
        double[] a = new double[25];
        for (int e = 0; e < 25; e++) {
            int row = e / 5;
            int column = e % 5;
            if (row == column || column == 0 || row == 4) {
                a[e] = random.nextDouble() - 0.5;
            }
        }
        for (int m = 0; m < 5; m++) {
            a[6 * m] += 3.0;
        }
        double[] x = new double[5];
        for (int m = 0; m < 5; m++) {
            x[m] = random.nextDouble() * 10.0 - 5.0;
        }
        // b = a x, placed after two values that the solve must leave alone
        double[] b = new double[7];
        b[0] = 11.0;
        b[1] = -7.0;
        for (int m = 0; m < 5; m++) {
            for (int n = 0; n < 5; n++) {
                b[2 + m] += a[5 * m + n] * x[n];
            }
        }

        // the block placed after three values too
        double[] blocks = new double[3 + 25];
        System.arraycopy(a, 0, blocks, 3, 25);

        LuSweeps.solveArrow(blocks, 3, b, 2);

        assertEquals(11.0, b[0]);
        assertEquals(-7.0, b[1]);
        for (int m = 0; m < 5; m++) {
            assertEquals(x[m], b[2 + m], 1e-12, "component " + m + " (seed " + seed + ")");
        }
    }

    @ParameterizedTest(name = "{0} points")
    @CsvSource({"5", "12", "13"})
    void shouldSweepAsThePlainFormulasPointByPoint(int n) throws MPIException {
        int[] points = {n, n + 1, n + 2};
        LuDomain g = new LuDomain(0, 1, points);
        SpConstants k = new SpConstants(points, 0.5);
        Random random = new Random(n);
        double[] u = new double[5 * g.volume];
        double[] v = new double[5 * g.volume];
        for (int p = 0; p < g.volume; p++) {
            u[5 * p] = 0.5 + random.nextDouble();
            for (int m = 1; m < 5; m++) {
                u[5 * p + m] = random.nextDouble() * 2.0 - 1.0;
            }
            u[5 * p + 4] += 2.0;
            for (int m = 0; m < 5; m++) {
                v[5 * p + m] = random.nextDouble() - 0.5;
            }
        }
        double[] expected = v.clone();
        // one rank: the sweeps send nothing, so they need no communicator
        LuSweeps sweeps = new LuSweeps(null, g, k, LU.OMEGA, new PhaseTimes(List.of("compute", "messages")));

        sweepPointByPoint(g, k, u, expected, -1);
        sweeps.lower(u, v, 0, 1);
        assertBitwiseEqual(expected, v, "lower");
        sweepPointByPoint(g, k, u, expected, 1);
        sweeps.upper(u, v, 0, 1);
        assertBitwiseEqual(expected, v, "upper");
    }

    /**
     * The lower (side -1) or upper (side +1) sweep of a rank without neighbours, one point at a time with its
     * blocks formed just before its solve.
     */
    private static void sweepPointByPoint(LuDomain g, SpConstants k, double[] u, double[] v, int side) {
        int block = FluxJacobians.BLOCK;
        double[] dissipation = new double[15];
        for (int dir = 0; dir < 3; dir++) {
            for (int m = 0; m < 5; m++) {
                dissipation[5 * dir + m] = k.dtt1[dir] * k.d[dir][m];
            }
        }
        int planes = g.nz - 2;
        int rows = g.jend - g.jst + 1;
        int columns = g.iend - g.ist + 1;
        for (int zz = 0; zz < planes; zz++) {
            for (int jj = 0; jj < rows; jj++) {
                for (int ii = 0; ii < columns; ii++) {
                    int z = side < 0 ? 1 + zz : g.nz - 2 - zz;
                    int j = side < 0 ? g.jst + jj : g.jend - jj;
                    int i = side < 0 ? g.ist + ii : g.iend - ii;
                    int p = g.index(i, j, z);
                    int o = 5 * p;
                    double[] blocks = new double[3 * block];
                    for (int dir = 0; dir < 3; dir++) {
                        int q = p + side * g.stride(dir);
                        LuBlocks.offDiagonal(u, 5 * q, dir, side * k.dtt2[dir], k.dtt1[dir], dissipation, 5 * dir,
                                blocks, block * dir);
                    }
                    double[] diagonal = new double[block];
                    LuBlocks.diagonal(u, o, k.dtt1, dissipation, diagonal, 0);
                    double[] sum = new double[5];
                    for (int m = 0; m < 5; m++) {
                        double s = 0.0;
                        for (int dir = 2; dir >= 0; dir--) {
                            double product = 0.0;
                            int neighbour = o + 5 * side * g.stride(dir);
                            for (int c = 0; c < 5; c++) {
                                product = c == 0 ? blocks[block * dir + 5 * m] * v[neighbour]
                                        : product + blocks[block * dir + 5 * m + c] * v[neighbour + c];
                            }
                            s = dir == 2 ? product : s + product;
                        }
                        sum[m] = LU.OMEGA * s;
                    }
                    if (side < 0) {
                        for (int m = 0; m < 5; m++) {
                            v[o + m] = v[o + m] - sum[m];
                        }
                        LuSweeps.solveArrow(diagonal, 0, v, o);
                    } else {
                        LuSweeps.solveArrow(diagonal, 0, sum, 0);
                        for (int m = 0; m < 5; m++) {
                            v[o + m] = v[o + m] - sum[m];
                        }
                    }
                }
            }
        }
    }

    private static void assertBitwiseEqual(double[] expected, double[] actual, String sweep) {
        for (int e = 0; e < expected.length; e++) {
            assertEquals(expected[e], actual[e], 0.0, sweep + " sweep, element " + e);
        }
    }
}
