package org.mpjbuf.npb;

/**
 * The pointwise changes of basis of SP's diagonalised factorisation:
 * before the x solve from conserved to x-characteristic variables, between
 * the solves from one direction's characteristic variables to the next,
 * after the z solve back to conserved variables; and the final update of
 * the solution.
 *
 * <p>Design note (NPB 3.4 MPI {@code txinvr.f}, {@code ninvr.f},
 * {@code pinvr.f}, {@code tzetar.f}, {@code add.f}; Pulliam and Chaussee's
 * diagonal form). Each is a 5 x 5 matrix applied at every point the time
 * step changes, in the reference's arithmetic.
 *
 * <p>Stateless and thread-safe; the cells it changes are not.
 */
final class SpBasis {
    private SpBasis() {
    }

    /**
     * A change applied to the right-hand side's five components (component
     * {@code m} of point {@code p} at {@code rhs[m * v + p]}) at the points
     * {@code from .. to} of one x-row of a cell. A row per call, not a point:
     * the call through this interface is shared by five changes and does not
     * inline, so it stays out of the loop over the points.
     */
    @FunctionalInterface
    private interface RowChange {
        void apply(SpCell c, double[] rhs, int v, int from, int to);
    }

    /** Conserved to x-characteristic variables ({@code txinvr}). */
    static void toXCharacteristic(SpCell cell, int[] points) {
        forEachRow(cell, points, (c, rhs, v, from, to) -> {
            for (int p = from; p <= to; p++) {
                double ru1 = c.rhoI[p];
                double uu = c.velocity[0][p];
                double vv = c.velocity[1][p];
                double ww = c.velocity[2][p];
                double ac = c.speed[p];
                double ac2inv = c.ainv[p] * c.ainv[p];
                double r1 = rhs[p];
                double r2 = rhs[v + p];
                double r3 = rhs[2 * v + p];
                double r4 = rhs[3 * v + p];
                double r5 = rhs[4 * v + p];
                double t1 = SpConstants.C2 * ac2inv * (c.qs[p] * r1 - uu * r2 - vv * r3 - ww * r4 + r5);
                double t2 = SpConstants.BT * ru1 * (uu * r1 - r2);
                double t3 = (SpConstants.BT * ru1 * ac) * t1;
                rhs[p] = r1 - t1;
                rhs[v + p] = -ru1 * (ww * r1 - r4);
                rhs[2 * v + p] = ru1 * (vv * r1 - r3);
                rhs[3 * v + p] = -t2 + t3;
                rhs[4 * v + p] = t2 + t3;
            }
        });
    }

    /** x- to y-characteristic variables ({@code ninvr}). */
    static void xToY(SpCell cell, int[] points) {
        forEachRow(cell, points, (c, rhs, v, from, to) -> {
            for (int p = from; p <= to; p++) {
                double r1 = rhs[p];
                double r2 = rhs[v + p];
                double r3 = rhs[2 * v + p];
                double r4 = rhs[3 * v + p];
                double r5 = rhs[4 * v + p];
                double t1 = SpConstants.BT * r3;
                double t2 = 0.5 * (r4 + r5);
                rhs[p] = -r2;
                rhs[v + p] = r1;
                rhs[2 * v + p] = SpConstants.BT * (r4 - r5);
                rhs[3 * v + p] = -t1 + t2;
                rhs[4 * v + p] = t1 + t2;
            }
        });
    }

    /** y- to z-characteristic variables ({@code pinvr}). */
    static void yToZ(SpCell cell, int[] points) {
        forEachRow(cell, points, (c, rhs, v, from, to) -> {
            for (int p = from; p <= to; p++) {
                double r1 = rhs[p];
                double r2 = rhs[v + p];
                double r3 = rhs[2 * v + p];
                double r4 = rhs[3 * v + p];
                double r5 = rhs[4 * v + p];
                double t1 = SpConstants.BT * r1;
                double t2 = 0.5 * (r4 + r5);
                rhs[p] = SpConstants.BT * (r4 - r5);
                rhs[v + p] = -r3;
                rhs[2 * v + p] = r2;
                rhs[3 * v + p] = -t1 + t2;
                rhs[4 * v + p] = t1 + t2;
            }
        });
    }

    /** z-characteristic to conserved variables ({@code tzetar}). */
    static void fromZCharacteristic(SpCell cell, int[] points) {
        forEachRow(cell, points, (c, rhs, v, from, to) -> {
            for (int p = from; p <= to; p++) {
                double xvel = c.velocity[0][p];
                double yvel = c.velocity[1][p];
                double zvel = c.velocity[2][p];
                double ac = c.speed[p];
                double acinv = c.ainv[p];
                double ac2u = ac * ac;
                double r1 = rhs[p];
                double r2 = rhs[v + p];
                double r3 = rhs[2 * v + p];
                double r4 = rhs[3 * v + p];
                double r5 = rhs[4 * v + p];
                double uzik1 = c.u[p];
                double btuz = SpConstants.BT * uzik1;
                double t1 = btuz * acinv * (r4 + r5);
                double t2 = r3 + t1;
                double t3 = btuz * (r4 - r5);
                rhs[p] = t2;
                rhs[v + p] = -uzik1 * r2 + xvel * t2;
                rhs[2 * v + p] = uzik1 * r1 + yvel * t2;
                rhs[3 * v + p] = zvel * t2 + t3;
                rhs[4 * v + p] = uzik1 * (-xvel * r2 + yvel * r1) + c.qs[p] * t2 + SpConstants.C2IV * ac2u * t1 + zvel * t3;
            }
        });
    }

    /** Adds the step's increment to the solution ({@code add}). */
    static void add(SpCell cell, int[] points) {
        forEachRow(cell, points, (c, rhs, v, from, to) -> {
            for (int p = from; p <= to; p++) {
                for (int m = 0; m < 5; m++) {
                    c.u[m * v + p] += rhs[m * v + p];
                }
            }
        });
    }

    /** Applies a change to the right-hand side at every point the time step changes, an x-row at a time. */
    private static void forEachRow(SpCell cell, int[] points, RowChange change) {
        int v = cell.volume;
        double[] rhs = cell.rhs;
        int first = cell.first(0);
        int last = cell.last(0, points[0]);
        for (int z = cell.first(2); z <= cell.last(2, points[2]); z++) {
            for (int y = cell.first(1); y <= cell.last(1, points[1]); y++) {
                int row = cell.index(0, y, z);
                change.apply(cell, rhs, v, row + first, row + last);
            }
        }
    }
}
