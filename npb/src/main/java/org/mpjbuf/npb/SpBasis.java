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

    /** A change applied to the five components {@code r} at point {@code p} of a cell. */
    @FunctionalInterface
    private interface PointChange {
        void apply(SpCell cell, int p, double[] r);
    }

    /** Conserved to x-characteristic variables ({@code txinvr}). */
    static void toXCharacteristic(SpCell cell, int[] points) {
        forEachPoint(cell, points, (c, p, r) -> {
            double ru1 = c.rhoI[p];
            double uu = c.velocity[0][p];
            double vv = c.velocity[1][p];
            double ww = c.velocity[2][p];
            double ac = c.speed[p];
            double ac2inv = c.ainv[p] * c.ainv[p];
            double r1 = r[0];
            double r2 = r[1];
            double r3 = r[2];
            double r4 = r[3];
            double r5 = r[4];
            double t1 = SpConstants.C2 * ac2inv * (c.qs[p] * r1 - uu * r2 - vv * r3 - ww * r4 + r5);
            double t2 = SpConstants.BT * ru1 * (uu * r1 - r2);
            double t3 = (SpConstants.BT * ru1 * ac) * t1;
            r[0] = r1 - t1;
            r[1] = -ru1 * (ww * r1 - r4);
            r[2] = ru1 * (vv * r1 - r3);
            r[3] = -t2 + t3;
            r[4] = t2 + t3;
        });
    }

    /** x- to y-characteristic variables ({@code ninvr}). */
    static void xToY(SpCell cell, int[] points) {
        forEachPoint(cell, points, (c, p, r) -> {
            double r1 = r[0];
            double r2 = r[1];
            double r3 = r[2];
            double r4 = r[3];
            double r5 = r[4];
            double t1 = SpConstants.BT * r3;
            double t2 = 0.5 * (r4 + r5);
            r[0] = -r2;
            r[1] = r1;
            r[2] = SpConstants.BT * (r4 - r5);
            r[3] = -t1 + t2;
            r[4] = t1 + t2;
        });
    }

    /** y- to z-characteristic variables ({@code pinvr}). */
    static void yToZ(SpCell cell, int[] points) {
        forEachPoint(cell, points, (c, p, r) -> {
            double r1 = r[0];
            double r2 = r[1];
            double r3 = r[2];
            double r4 = r[3];
            double r5 = r[4];
            double t1 = SpConstants.BT * r1;
            double t2 = 0.5 * (r4 + r5);
            r[0] = SpConstants.BT * (r4 - r5);
            r[1] = -r3;
            r[2] = r2;
            r[3] = -t1 + t2;
            r[4] = t1 + t2;
        });
    }

    /** z-characteristic to conserved variables ({@code tzetar}). */
    static void fromZCharacteristic(SpCell cell, int[] points) {
        forEachPoint(cell, points, (c, p, r) -> {
            double xvel = c.velocity[0][p];
            double yvel = c.velocity[1][p];
            double zvel = c.velocity[2][p];
            double ac = c.speed[p];
            double acinv = c.ainv[p];
            double ac2u = ac * ac;
            double r1 = r[0];
            double r2 = r[1];
            double r3 = r[2];
            double r4 = r[3];
            double r5 = r[4];
            double uzik1 = c.u[p];
            double btuz = SpConstants.BT * uzik1;
            double t1 = btuz * acinv * (r4 + r5);
            double t2 = r3 + t1;
            double t3 = btuz * (r4 - r5);
            r[0] = t2;
            r[1] = -uzik1 * r2 + xvel * t2;
            r[2] = uzik1 * r1 + yvel * t2;
            r[3] = zvel * t2 + t3;
            r[4] = uzik1 * (-xvel * r2 + yvel * r1) + c.qs[p] * t2 + SpConstants.C2IV * ac2u * t1 + zvel * t3;
        });
    }

    /** Adds the step's increment to the solution ({@code add}). */
    static void add(SpCell cell, int[] points) {
        int v = cell.volume;
        forEachPoint(cell, points, (c, p, r) -> {
            for (int m = 0; m < 5; m++) {
                c.u[m * v + p] += r[m];
            }
        });
    }

    /** Applies a change to the right-hand side at every point the time step changes. */
    private static void forEachPoint(SpCell cell, int[] points, PointChange change) {
        int v = cell.volume;
        double[] rhs = cell.rhs;
        double[] r = new double[5];
        for (int z = cell.first(2); z <= cell.last(2, points[2]); z++) {
            for (int y = cell.first(1); y <= cell.last(1, points[1]); y++) {
                for (int x = cell.first(0); x <= cell.last(0, points[0]); x++) {
                    int p = cell.index(x, y, z);
                    for (int m = 0; m < 5; m++) {
                        r[m] = rhs[m * v + p];
                    }
                    change.apply(cell, p, r);
                    for (int m = 0; m < 5; m++) {
                        rhs[m * v + p] = r[m];
                    }
                }
            }
        }
    }
}
