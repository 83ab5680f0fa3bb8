package org.mpjbuf.npb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import mpi.MPIException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.mpj.runtime.Job;

/**
 * The vector operators of MG give the results of the plain scalar loops of the reference bit for
 * bit, on every level: lines too short for a vector, lines with a scalar tail, and on 8 ranks lines
 * of a split x-axis.
 */
class MgOperatorsTest {
    private static final int LEVELS = 6;
    private static final double[] A = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    private static final double[] C = {-3.0 / 8.0, 1.0 / 32.0, -1.0 / 64.0, 0.0};

    @ParameterizedTest(name = "on {0} ranks")
    @ValueSource(ints = {1, 8})
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void shouldMatchTheScalarStencilsBitForBit(int ranks) {
        List<String> checked = new CopyOnWriteArrayList<>();
        Job.of(ranks).runTasks(world -> checkEveryLevel(world.Rank(), new MgGrid(world, LEVELS), checked))
                .orThrow();

        assertEquals(ranks * 4 * (LEVELS - 1), checked.size());
    }

    private static void checkEveryLevel(int rank, MgGrid grid, List<String> checked) throws MPIException {
        MgOperators operators = new MgOperators(grid, A, C);
        Random random = new Random(17 + rank);
        for (int level = 2; level <= LEVELS; level++) {
            int[] n = {grid.extent(level, 0), grid.extent(level, 1), grid.extent(level, 2)};
            double[] u = randomArray(grid, level, random);
            double[] v = randomArray(grid, level, random);

            double[] expected = new double[u.length];
            residual(u, v, expected, n);
            grid.exchange(expected, level);
            double[] actual = new double[u.length];
            operators.residual(u, v, actual, level);
            assertArrayEquals(expected, actual, "residual, level " + level);
            checked.add("residual " + level);

            expected = v.clone();
            smooth(u, expected, n);
            grid.exchange(expected, level);
            actual = v.clone();
            operators.smooth(u, actual, level);
            assertArrayEquals(expected, actual, "smoother, level " + level);
            checked.add("smoother " + level);

            int[] m = {grid.extent(level - 1, 0), grid.extent(level - 1, 1), grid.extent(level - 1, 2)};
            double[] coarse = randomArray(grid, level - 1, random);
            expected = coarse.clone();
            restrict(u, expected, n, m);
            grid.exchange(expected, level - 1);
            actual = coarse.clone();
            operators.restrict(u, actual, level);
            assertArrayEquals(expected, actual, "restriction, level " + level);
            checked.add("restriction " + level);

            expected = v.clone();
            interpolate(coarse, expected, m, n);
            actual = v.clone();
            operators.interpolate(coarse, actual, level);
            assertArrayEquals(expected, actual, "interpolation, level " + level);
            checked.add("interpolation " + level);
        }
    }

    private static double[] randomArray(MgGrid grid, int level, Random random) throws MPIException {
        double[] array = grid.newArray(level);
        for (int i = 0; i < array.length; i++) {
            array[i] = random.nextDouble() - 0.5;
        }
        grid.exchange(array, level);
        return array;
    }

    /** {@code resid} of {@code mg.f}, point by point. */
    private static void residual(double[] u, double[] v, double[] r, int[] n) {
        int plane = n[0] * n[1];
        for (int i3 = 1; i3 < n[2] - 1; i3++) {
            for (int i2 = 1; i2 < n[1] - 1; i2++) {
                for (int i1 = 1; i1 < n[0] - 1; i1++) {
                    int index = i1 + n[0] * (i2 + n[1] * i3);
                    r[index] = v[index] - A[0] * u[index]
                            - A[2] * (edges(u, index, n[0], plane) + faces(u, index - 1, n[0], plane)
                                    + faces(u, index + 1, n[0], plane))
                            - A[3] * (edges(u, index - 1, n[0], plane) + edges(u, index + 1, n[0], plane));
                }
            }
        }
    }

    /** {@code psinv} of {@code mg.f}, point by point. */
    private static void smooth(double[] r, double[] u, int[] n) {
        int plane = n[0] * n[1];
        for (int i3 = 1; i3 < n[2] - 1; i3++) {
            for (int i2 = 1; i2 < n[1] - 1; i2++) {
                for (int i1 = 1; i1 < n[0] - 1; i1++) {
                    int index = i1 + n[0] * (i2 + n[1] * i3);
                    u[index] = u[index]
                            + C[0] * r[index]
                            + C[1] * (r[index - 1] + r[index + 1] + faces(r, index, n[0], plane))
                            + C[2] * (edges(r, index, n[0], plane) + faces(r, index - 1, n[0], plane)
                                    + faces(r, index + 1, n[0], plane));
                }
            }
        }
    }

    /** {@code rprj3} of {@code mg.f}, point by point. */
    private static void restrict(double[] r, double[] s, int[] n, int[] m) {
        int plane = n[0] * n[1];
        int d1 = n[0] == 3 ? 1 : 0;
        int d2 = n[1] == 3 ? 1 : 0;
        int d3 = n[2] == 3 ? 1 : 0;
        for (int j3 = 1; j3 < m[2] - 1; j3++) {
            for (int j2 = 1; j2 < m[1] - 1; j2++) {
                for (int j1 = 1; j1 < m[0] - 1; j1++) {
                    int index = (2 * j1 - d1) + n[0] * ((2 * j2 - d2) + n[1] * (2 * j3 - d3));
                    s[j1 + m[0] * (j2 + m[1] * j3)] = 0.5 * r[index]
                            + 0.25 * (r[index - 1] + r[index + 1] + faces(r, index, n[0], plane))
                            + 0.125 * (faces(r, index - 1, n[0], plane) + faces(r, index + 1, n[0], plane)
                                    + crossedEdges(r, index, n[0], plane))
                            + 0.0625 * (crossedEdges(r, index - 1, n[0], plane)
                                    + crossedEdges(r, index + 1, n[0], plane));
                }
            }
        }
    }

    /** {@code interp} of {@code mg.f}, point by point. */
    private static void interpolate(double[] z, double[] u, int[] m, int[] n) {
        for (int i3 = 0; i3 < m[2] - 1; i3++) {
            for (int i2 = 0; i2 < m[1] - 1; i2++) {
                for (int i1 = 0; i1 < m[0] - 1; i1++) {
                    int c = i1 + m[0] * (i2 + m[1] * i3);
                    int north = c + m[0];
                    int up = c + m[0] * m[1];
                    int northUp = north + m[0] * m[1];
                    double z1 = z[north] + z[c];
                    double z1Next = z[north + 1] + z[c + 1];
                    double z2 = z[up] + z[c];
                    double z2Next = z[up + 1] + z[c + 1];
                    double z3 = z[northUp] + z[up] + z1;
                    double z3Next = z[northUp + 1] + z[up + 1] + z1Next;
                    int f = 2 * i1 + n[0] * (2 * i2 + n[1] * 2 * i3);
                    int fineNorth = f + n[0];
                    int fineUp = f + n[0] * n[1];
                    int fineNorthUp = fineNorth + n[0] * n[1];
                    u[f] += z[c];
                    u[f + 1] += 0.5 * (z[c + 1] + z[c]);
                    u[fineNorth] += 0.5 * z1;
                    u[fineNorth + 1] += 0.25 * (z1 + z1Next);
                    u[fineUp] += 0.5 * z2;
                    u[fineUp + 1] += 0.25 * (z2 + z2Next);
                    u[fineNorthUp] += 0.25 * z3;
                    u[fineNorthUp + 1] += 0.125 * (z3 + z3Next);
                }
            }
        }
    }

    /** The four face neighbours in the y-z plane, in the reference's order. */
    private static double faces(double[] x, int index, int n1, int plane) {
        return x[index - n1] + x[index + n1] + x[index - plane] + x[index + plane];
    }

    /** The four edge neighbours in the y-z plane, in the order of {@code resid} and {@code psinv}. */
    private static double edges(double[] x, int index, int n1, int plane) {
        return x[index - n1 - plane] + x[index + n1 - plane] + x[index - n1 + plane] + x[index + n1 + plane];
    }

    /** The four edge neighbours in the y-z plane, in the order of {@code rprj3}. */
    private static double crossedEdges(double[] x, int index, int n1, int plane) {
        return x[index - n1 - plane] + x[index - n1 + plane] + x[index + n1 - plane] + x[index + n1 + plane];
    }
}
