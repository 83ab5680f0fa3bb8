package org.mpjbuf.npb;

import java.util.Arrays;

import mpi.MPIException;

/**
 * The right-hand side of MG: {@code +1} at the ten largest and {@code -1} at
 * the ten smallest of a field of NPB random numbers, zero elsewhere
 * ({@code zran3} of NPB 3.4 {@code mg.f}).
 *
 * <p>Design note. The field takes the generator's numbers in the order of
 * the global grid, x fastest; a rank skips to its first point with
 * {@code a^index} and from row to row and plane to plane with
 * {@code a^nx} and {@code a^(nx ny)}. Each rank keeps its ten largest and ten
 * smallest values in sorted lists; the global extremes are then picked one
 * at a time, largest first, by an {@code Allreduce} of the ranks' current
 * candidates: the rank whose candidate wins advances in its list.
 *
 * <p>Stateless and thread-safe.
 */
final class MgRandomField {
    private static final int COUNT = 10;
    private static final double SEED = 314159265.0;

    private MgRandomField() {
    }

    /**
     * Fills {@code z}, an array of the finest level, and exchanges its ghosts.
     *
     * @param grid the rank's grid
     * @param z the array to fill
     * @throws MPIException if communication fails
     */
    static void fill(MgGrid grid, double[] z) throws MPIException {
        int level = grid.levels();
        int nx = grid.globalSize(level);
        int n1 = grid.extent(level, 0);
        int n2 = grid.extent(level, 1);
        int n3 = grid.extent(level, 2);
        double a = NpbRandom.DEFAULT_MULTIPLIER;
        double rowMultiplier = NpbRandom.power(a, nx);
        double planeMultiplier = NpbRandom.power(a, (long) nx * nx);
        long first = grid.start(level, 0) + (long) nx * (grid.start(level, 1) + (long) nx * grid.start(level, 2));
        Arrays.fill(z, 0.0);
        double planeSeed = NpbRandom.multiply(NpbRandom.power(a, first), SEED);
        for (int i3 = 1; i3 < n3 - 1; i3++) {
            double rowSeed = planeSeed;
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                new NpbRandom(rowSeed).fill(a, z, 1 + n1 * (i2 + n2 * i3), n1 - 2);
                rowSeed = NpbRandom.multiply(rowMultiplier, rowSeed);
            }
            planeSeed = NpbRandom.multiply(planeMultiplier, planeSeed);
        }

        Candidates largest = new Candidates(0.0, true);
        Candidates smallest = new Candidates(1.0, false);
        for (int i3 = 1; i3 < n3 - 1; i3++) {
            for (int i2 = 1; i2 < n2 - 1; i2++) {
                for (int i1 = 1; i1 < n1 - 1; i1++) {
                    int index = i1 + n1 * (i2 + n2 * i3);
                    largest.offer(z[index], index);
                    smallest.offer(z[index], index);
                }
            }
        }
        int[] plus = largest.pickGlobal(grid, z);
        int[] minus = smallest.pickGlobal(grid, z);
        Arrays.fill(z, 0.0);
        for (int index : minus) {
            z[index] = -1.0;
        }
        for (int index : plus) {
            z[index] = 1.0;
        }
        grid.exchange(z, level);
    }

    /**
     * A rank's ten most extreme values, kept sorted so that the least extreme
     * is first ({@code bubble}).
     */
    private static final class Candidates {
        private final double[] values = new double[COUNT];
        private final int[] indexes = new int[COUNT];
        private final boolean largest;

        Candidates(double initial, boolean largest) {
            Arrays.fill(values, initial);
            this.largest = largest;
        }

        private boolean better(double x, double y) {
            return largest ? x > y : x < y;
        }

        void offer(double value, int index) {
            if (!better(value, values[0])) {
                return;
            }
            values[0] = value;
            indexes[0] = index;
            for (int i = 0; i < COUNT - 1 && better(values[i], values[i + 1]); i++) {
                double v = values[i];
                values[i] = values[i + 1];
                values[i + 1] = v;
                int k = indexes[i];
                indexes[i] = indexes[i + 1];
                indexes[i + 1] = k;
            }
        }

        /** Picks the global extremes in turn; returns the local indexes of those this rank holds. */
        int[] pickGlobal(MgGrid grid, double[] z) throws MPIException {
            int next = COUNT - 1;
            for (int round = 0; round < COUNT; round++) {
                double exhausted = largest ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                double mine = next >= 0 ? z[indexes[next]] : exhausted;
                double best = largest ? grid.max(mine) : grid.min(mine);
                if (next >= 0 && best == mine) {
                    next--;
                }
            }
            return Arrays.copyOfRange(indexes, next + 1, COUNT);
        }
    }
}
