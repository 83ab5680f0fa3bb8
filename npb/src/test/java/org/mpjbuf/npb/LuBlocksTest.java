package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LU's blocks written from their non-zero entries equal, to the last bit, the blocks formed from the full flux
 * Jacobians ({@link FluxJacobians#fill}) by the formulas of {@link LuSweeps}.
 */
class LuBlocksTest {
    private static final int BLOCK = FluxJacobians.BLOCK;
    private static final double[] T1 = {0.7, 1.3, 2.1};
    private static final double[] T2 = {0.35, 0.45, 0.55};

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 20261126})
    void shouldWriteTheOffDiagonalBlocksOfTheFullJacobians(long seed) {
        Random random = new Random(seed);
        double[] dissipation = dissipation(random);
        double[] u = solution(random);
        for (int side = -1; side <= 1; side += 2) {
            for (int dir = 0; dir < 3; dir++) {
                double t2 = side * T2[dir];
                double[] expected = new double[BLOCK];
                double[] f = new double[BLOCK];
                double[] n = new double[BLOCK];
                fillJacobians(u, dir, f, n);
                for (int e = 0; e < BLOCK; e++) {
                    expected[e] = t2 * f[e] - T1[dir] * n[e];
                }
                for (int m = 0; m < 5; m++) {
                    expected[6 * m] -= dissipation[5 * dir + m];
                }
                double[] actual = new double[4 + BLOCK];

                LuBlocks.offDiagonal(u, 2, dir, t2, T1[dir], dissipation, 5 * dir, actual, 4);

                for (int e = 0; e < BLOCK; e++) {
                    assertEquals(expected[e], actual[4 + e], 0.0, "entry " + e + ", direction " + dir + ", side " + side);
                }
            }
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 20261126})
    void shouldWriteTheDiagonalBlockOfTheFullViscousJacobians(long seed) {
        Random random = new Random(seed);
        double[] dissipation = dissipation(random);
        double[] u = solution(random);
        double[] expected = new double[BLOCK];
        for (int dir = 0; dir < 3; dir++) {
            double[] f = new double[BLOCK];
            double[] n = new double[BLOCK];
            fillJacobians(u, dir, f, n);
            for (int e = 0; e < BLOCK; e++) {
                expected[e] += 2.0 * T1[dir] * n[e];
            }
            for (int m = 0; m < 5; m++) {
                expected[6 * m] += 2.0 * dissipation[5 * dir + m];
            }
        }
        for (int m = 0; m < 5; m++) {
            expected[6 * m] += 1.0;
        }
        double[] actual = new double[4 + BLOCK];

        LuBlocks.diagonal(u, 2, T1, dissipation, actual, 4);

        for (int e = 0; e < BLOCK; e++) {
            assertEquals(expected[e], actual[4 + e], 0.0, "entry " + e);
        }
    }

    /** A point's solution at index 2 of seven values, with a positive density. */
    private static double[] solution(Random random) {
        double[] u = new double[7];
        u[2] = 0.5 + random.nextDouble();
        for (int m = 1; m < 5; m++) {
            u[2 + m] = random.nextDouble() * 2.0 - 1.0;
        }
        u[6] += 2.0;
        return u;
    }

    private static double[] dissipation(Random random) {
        double[] d = new double[15];
        for (int e = 0; e < 15; e++) {
            d[e] = random.nextDouble() * 0.1;
        }
        return d;
    }

    private static void fillJacobians(double[] u, int dir, double[] f, double[] n) {
        double r1 = 1.0 / u[2];
        double qs = 0.5 * (u[3] * u[3] + u[4] * u[4] + u[5] * u[5]) * r1 * r1;
        FluxJacobians.fill(u, 2, 1, r1, qs, dir + 1, f, n, 0);
    }
}
