package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FftLinesTest {

    /**
     * Shapes with fewer lines than a vector has lanes, more lines than a
     * batch, and line counts that leave a partial vector; axes whose extent
     * is not a power of two are not transformed.
     */
    @ParameterizedTest
    @CsvSource({"8, 4, 16", "4, 8, 2", "64, 2, 8", "12, 4, 8", "2, 16, 36"})
    void shouldMatchTheDiscreteFourierTransformAlongEveryAxis(int n0, int n1, int n2) {
        int[] extents = {n0, n1, n2};
        double[] data = randomField(n0 * n1 * n2, 42);
        FftLines fft = new FftLines(64);
        for (int axis = 0; axis < 3; axis++) {
            if (Integer.bitCount(extents[axis]) != 1) {
                continue;
            }
            double[] expected = naiveTransform(data, n0, n1, n2, axis);
            double[] actual = data.clone();
            fft.transform(actual, n0, n1, n2, axis, false);
            for (int i = 0; i < data.length; i++) {
                assertEquals(expected[i], actual[i], 1e-12, "axis " + axis + " index " + i);
            }
        }
    }

    @Test
    void shouldInvertUpToTheLengthOfTheLine() {
        int n0 = 32;
        int n1 = 2;
        int n2 = 2;
        double[] data = randomField(n0 * n1 * n2, 7);
        double[] roundTrip = data.clone();
        FftLines fft = new FftLines(32);
        fft.transform(roundTrip, n0, n1, n2, 0, false);
        fft.transform(roundTrip, n0, n1, n2, 0, true);
        for (int i = 0; i < data.length; i++) {
            assertEquals(data[i] * n0, roundTrip[i], 1e-12);
        }
    }

    private static double[] randomField(int complexCount, long seed) {
        Random random = new Random(seed);
        double[] data = new double[2 * complexCount];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextDouble() - 0.5;
        }
        return data;
    }

    /** {@code X(k) = sum_j x(j) exp(+2 pi i j k / n)}, the sign convention of the NPB forward FFT. */
    private static double[] naiveTransform(double[] data, int n0, int n1, int n2, int axis) {
        int[] extents = {n0, n1, n2};
        int n = extents[axis];
        int stride = axis == 0 ? 1 : axis == 1 ? n0 : n0 * n1;
        double[] result = new double[data.length];
        for (int i2 = 0; i2 < n2; i2++) {
            for (int i1 = 0; i1 < n1; i1++) {
                for (int i0 = 0; i0 < n0; i0++) {
                    int[] position = {i0, i1, i2};
                    int k = position[axis];
                    int lineStart = i0 + n0 * (i1 + n1 * i2) - k * stride;
                    double re = 0;
                    double im = 0;
                    for (int j = 0; j < n; j++) {
                        double angle = 2 * Math.PI * j * k / n;
                        int from = 2 * (lineStart + j * stride);
                        re += data[from] * Math.cos(angle) - data[from + 1] * Math.sin(angle);
                        im += data[from] * Math.sin(angle) + data[from + 1] * Math.cos(angle);
                    }
                    int to = 2 * (i0 + n0 * (i1 + n1 * i2));
                    result[to] = re;
                    result[to + 1] = im;
                }
            }
        }
        return result;
    }
}
