package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The CG matrix of class S (order 1400, 7 random entries per generating vector, shift 10). */
class CgMatrixTest {
    private static final int N = 1400;
    private static final int NONZER = 7;
    private static final double SHIFT = 10.0;
    private static final double TOLERANCE = 1.0e-12;

    private static CgMatrix block(int firstRow, int rowCount, int firstCol, int colCount, int maxPanelWidth) {
        NpbRandom random = new NpbRandom(314159265.0);
        random.next(NpbRandom.DEFAULT_MULTIPLIER);
        return new CgMatrix(random, N, NONZER, SHIFT, firstRow, rowCount, firstCol, colCount, maxPanelWidth);
    }

    private static CgMatrix whole(int maxPanelWidth) {
        return block(0, N, 0, N, maxPanelWidth);
    }

    private static double[] randomVector(int length, long seed) {
        Random random = new Random(seed);
        double[] v = new double[length];
        for (int i = 0; i < length; i++) {
            v[i] = random.nextDouble() - 0.5;
        }
        return v;
    }

    private static double[] product(CgMatrix matrix, double[] v, int rows) {
        double[] w = new double[rows];
        Arrays.fill(w, Double.NaN);
        matrix.multiply(v, w);
        return w;
    }

    private static double dot(double[] a, double[] b) {
        double sum = 0.0;
        for (int i = 0; i < a.length; i++) {
            sum += a[i] * b[i];
        }
        return sum;
    }

    private static void assertClose(double[] expected, double[] actual) {
        double scale = Math.sqrt(dot(expected, expected));
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], TOLERANCE * scale, "entry " + i);
        }
    }

    /** A wrong column in any panel breaks the symmetry of the generated matrix. */
    @ParameterizedTest
    @ValueSource(ints = {CgMatrix.MAX_PANEL_WIDTH, 700, 97, 1})
    void shouldMultiplyBySymmetricMatrix(int maxPanelWidth) {
        CgMatrix matrix = whole(maxPanelWidth);
        double[] u = randomVector(N, 1);
        double[] v = randomVector(N, 2);

        double uAv = dot(u, product(matrix, v, N));
        double vAu = dot(v, product(matrix, u, N));

        assertEquals(uAv, vAu, TOLERANCE * Math.abs(uAv));
    }

    @ParameterizedTest
    @ValueSource(ints = {700, 699, 97, 1})
    void shouldGiveTheSameProductInEveryPanelWidth(int maxPanelWidth) {
        CgMatrix onePanel = whole(CgMatrix.MAX_PANEL_WIDTH);
        CgMatrix panels = whole(maxPanelWidth);
        double[] v = randomVector(N, 3);

        assertEquals(1, onePanel.panelCount());
        assertEquals((N + maxPanelWidth - 1) / maxPanelWidth, panels.panelCount());
        assertClose(product(onePanel, v, N), product(panels, v, N));
    }

    /** The block of the second column half, as rank 1 of two holds it, is the whole matrix's columns there. */
    @ParameterizedTest
    @ValueSource(ints = {CgMatrix.MAX_PANEL_WIDTH, 97})
    void shouldHoldTheBlockOfItsColumns(int maxPanelWidth) {
        int firstCol = N / 2;
        int colCount = N - firstCol;
        CgMatrix half = block(0, N, firstCol, colCount, maxPanelWidth);
        double[] v = randomVector(colCount, 4);
        double[] padded = new double[N];
        System.arraycopy(v, 0, padded, firstCol, colCount);

        assertClose(product(whole(CgMatrix.MAX_PANEL_WIDTH), padded, N), product(half, v, N));
    }

    @Test
    void shouldHaveTheShiftedDiagonal() {
        CgMatrix matrix = whole(CgMatrix.MAX_PANEL_WIDTH);
        double[] unit = new double[N];
        unit[5] = 1.0;

        double diagonal = product(matrix, unit, N)[5];

        assertTrue(diagonal > 0.1 - SHIFT && diagonal < 0.1 - SHIFT + 2.0, "A(5,5) = " + diagonal);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, CgMatrix.MAX_PANEL_WIDTH + 1})
    void shouldRejectPanelWidthsOutOfRange(int maxPanelWidth) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> whole(maxPanelWidth));

        assertTrue(e.getMessage().contains("maxPanelWidth " + maxPanelWidth), e.getMessage());
    }
}
