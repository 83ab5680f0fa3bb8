package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NpbRandomTest {
    private static final double A = NpbRandom.DEFAULT_MULTIPLIER;
    private static final double SEED = 314159265.0;

    @Test
    void shouldComputeTheProductModulo2To46Exactly() {
        long a = 1220703125L;
        long x = 271828183L;
        long expected = 0;
        for (int step = 0; step < 1000; step++) {
            expected = (a * x) & ((1L << 46) - 1);
            assertEquals((double) expected, NpbRandom.multiply(a, x));
            x = expected;
        }
    }

    @Test
    void shouldSkipAheadLikeStepping() {
        NpbRandom random = new NpbRandom(SEED);
        for (int i = 0; i < 12345; i++) {
            random.next(A);
        }

        assertEquals(random.seed(), NpbRandom.multiply(NpbRandom.power(A, 12345), SEED));
    }

    /** Counts below, at and beyond the vector fill's lanes, with and without a partial vector at the end. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 7, 15, 16, 17, 100, 1000, 4096})
    void shouldFillTheSameDeviatesAsSingleSteps(int count) {
        NpbRandom stepping = new NpbRandom(SEED);
        double[] expected = new double[count];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = stepping.next(A);
        }
        NpbRandom filling = new NpbRandom(SEED);
        double[] actual = new double[count + 2];
        filling.fill(A, actual, 2, count);

        assertArrayEquals(expected, java.util.Arrays.copyOfRange(actual, 2, count + 2));
        assertEquals(stepping.seed(), filling.seed());
    }
}
