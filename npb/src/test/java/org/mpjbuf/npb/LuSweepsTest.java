package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The 5x5 solve of LU's sweeps gives x with a x = b for blocks of the shape the sweeps build: diagonally
 * dominant, non-zero only on the diagonal, in the first column and in the last row.
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
}
