package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * LU's right-hand side taken along y and z a sheet of lines at a time equals, to the last bit, the operator taken
 * one line at a time ({@link LuRhs#addLineByLine}), on blocks with and without neighbours (whose lines reach into
 * the ghost layers) and on grids where the one-sided fourth differences meet.
 */
class LuRhsTest {

    @ParameterizedTest(name = "{0} points, rank {1} of {2}")
    @CsvSource({"12, 0, 1", "13, 0, 1", "12, 0, 4", "12, 3, 4", "17, 5, 8", "33, 1, 2"})
    void shouldAddTheSameOperatorAsLineByLine(int n, int rank, int processes) {
        int[] points = {n, n + 1, n + 2};
        LuDomain domain = new LuDomain(rank, processes, points);
        SpConstants k = new SpConstants(points, 0.5);
        Random random = new Random(20261126L + 31L * n + rank);
        double[] field = new double[5 * domain.volume];
        double[] start = new double[5 * domain.volume];
        for (int p = 0; p < domain.volume; p++) {
            field[5 * p] = 0.5 + random.nextDouble();
            for (int m = 1; m < 5; m++) {
                field[5 * p + m] = random.nextDouble() * 2.0 - 1.0;
            }
            field[5 * p + 4] += 2.0;
            for (int m = 0; m < 5; m++) {
                start[5 * p + m] = random.nextDouble() - 0.5;
            }
        }
        double[] expected = start.clone();
        double[] actual = start.clone();

        new LuRhs(domain, k).addLineByLine(field, expected);
        new LuRhs(domain, k).add(field, actual);

        for (int e = 0; e < expected.length; e++) {
            assertEquals(expected[e], actual[e], 0.0, "element " + e);
        }
    }
}
