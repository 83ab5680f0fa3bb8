package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import jdk.incubator.vector.DoubleVector;
import org.junit.jupiter.api.Test;

class VectorLanesTest {
    private static final int LANES = VectorLanes.DOUBLES.length();

    @Test
    void shouldSplitComplexPairsIntoRealAndImaginaryParts() {
        double[] pairs = new double[2 * LANES];
        double[] real = new double[LANES];
        double[] imaginary = new double[LANES];
        for (int k = 0; k < LANES; k++) {
            pairs[2 * k] = k + 0.25;
            pairs[2 * k + 1] = -k - 0.5;
            real[k] = k + 0.25;
            imaginary[k] = -k - 0.5;
        }
        DoubleVector low = DoubleVector.fromArray(VectorLanes.DOUBLES, pairs, 0);
        DoubleVector high = DoubleVector.fromArray(VectorLanes.DOUBLES, pairs, LANES);

        assertArrayEquals(real, VectorLanes.REAL_PARTS.selectFrom(low, high).toArray());
        assertArrayEquals(imaginary, VectorLanes.IMAGINARY_PARTS.selectFrom(low, high).toArray());
    }

    @Test
    void shouldBuildComplexPairsBackFromTheParts() {
        double[] real = new double[LANES];
        double[] imaginary = new double[LANES];
        double[] pairs = new double[2 * LANES];
        for (int k = 0; k < LANES; k++) {
            real[k] = 3 * k + 1;
            imaginary[k] = 7 * k - 2;
            pairs[2 * k] = real[k];
            pairs[2 * k + 1] = imaginary[k];
        }
        DoubleVector realParts = DoubleVector.fromArray(VectorLanes.DOUBLES, real, 0);
        DoubleVector imaginaryParts = DoubleVector.fromArray(VectorLanes.DOUBLES, imaginary, 0);
        double[] rebuilt = new double[2 * LANES];
        VectorLanes.LOW_PAIRS.selectFrom(realParts, imaginaryParts).intoArray(rebuilt, 0);
        VectorLanes.HIGH_PAIRS.selectFrom(realParts, imaginaryParts).intoArray(rebuilt, LANES);

        assertArrayEquals(pairs, rebuilt);
    }
}
