package org.mpjbuf.npb;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * SP's explicit part on one cell: the right-hand side of a time step, the
 * pointwise changes of basis around the line solves, and the update of the
 * solution.
 *
 * <p>Design note (NPB 3.4 MPI {@code rhs.f}, {@code txinvr.f},
 * {@code ninvr.f}, {@code pinvr.f}, {@code tzetar.f}, {@code add.f}). The
 * right-hand side is {@code dt} times the forcing plus, per direction, the
 * central differences of the fluxes and viscous terms and a fourth-order
 * artificial dissipation, one-sided at the two points next to each
 * boundary. The reference writes the three directions out; here one loop
 * takes the direction's stride and constants, and the points next to a
 * boundary are found from their global index, so a cell needs no case of
 * its own. The stencils reach two points beyond the cell: the ghost layers
 * the exchange filled ({@link SpFaces}).
 *
 * <p>Order. The reference sweeps the whole cell once per direction for the
 * fluxes, once per direction and component for the dissipation and once
 * for the factor {@code dt}. Every one of these changes a point only from
 * the solution and the point's own value, so here they are all done on one
 * x-row of the cell before the next, in the reference's order per point:
 * the row's five components stay in the level 1 cache, and each inner loop
 * runs along contiguous x through one component. The dissipation's
 * one-sided points are taken out of the loop over the centred ones. Every
 * element goes through the same operations in the same order
 * ({@code SpRhsTest}).
 *
 * <p>Vectors. Each loop along a row runs on {@link VectorLanes#DOUBLES}
 * points at once with the Vector API, since C2 leaves loops that read one
 * array at several offsets and store into another scalar (with
 * {@code -XX:-UseSuperWord} SP class A on one rank took as long). Each lane
 * performs the scalar operations in the same order, without fused
 * multiply-adds, and the points past the last whole vector take them one at
 * a time, so the results are the scalar code's bit for bit.
 *
 * <p>Stateless and thread-safe; the cells it changes are not.
 */
final class SpRhs {
    private static final VectorSpecies<Double> LANES = VectorLanes.DOUBLES;
    private SpRhs() {
    }

    /**
     * Computes the right-hand side of a cell from its solution, ghost layers
     * included.
     *
     * @param cell the cell
     * @param k the constants
     */
    static void compute(SpCell cell, SpConstants k) {
        auxiliaries(cell);
        int v = cell.volume;
        for (int m = 0; m < 5; m++) {
            for (int z = 0; z < cell.size[2]; z++) {
                for (int y = 0; y < cell.size[1]; y++) {
                    int index = m * v + cell.index(0, y, z);
                    System.arraycopy(cell.forcing, index, cell.rhs, index, cell.size[0]);
                }
            }
        }
        int from = cell.first(0);
        int to = cell.last(0, k.points[0]);
        for (int z = cell.first(2); z <= cell.last(2, k.points[2]); z++) {
            for (int y = cell.first(1); y <= cell.last(1, k.points[1]); y++) {
                int row = cell.index(0, y, z);
                for (int dir = 0; dir < 3; dir++) {
                    int global = dir == 0 ? cell.low[0] : dir == 1 ? cell.low[1] + y : cell.low[2] + z;
                    fluxes(cell, k, dir, row + from, to - from + 1);
                    dissipation(cell, k, dir, row, from, to, global);
                }
                scale(cell.rhs, v, row + from, to - from + 1, k.dt);
            }
        }
    }

    /** Density inverse, velocities, kinetic energy, speed of sound: on the cell and one ghost layer. */
    private static void auxiliaries(SpCell cell) {
        double[] u = cell.u;
        double[] rhoI = cell.rhoI;
        double[] velocity0 = cell.velocity[0];
        double[] velocity1 = cell.velocity[1];
        double[] velocity2 = cell.velocity[2];
        double[] squares = cell.square;
        double[] qs = cell.qs;
        double[] speed = cell.speed;
        double[] ainv = cell.ainv;
        int v = cell.volume;
        for (int z = -1; z <= cell.size[2]; z++) {
            for (int y = -1; y <= cell.size[1]; y++) {
                int start = cell.index(-1, y, z);
                int end = start + cell.size[0] + 1;
                int p = start;
                for (int bound = start + LANES.loopBound(end - start + 1); p < bound; p += LANES.length()) {
                    DoubleVector density = DoubleVector.fromArray(LANES, u, p);
                    DoubleVector momentum0 = DoubleVector.fromArray(LANES, u, v + p);
                    DoubleVector momentum1 = DoubleVector.fromArray(LANES, u, 2 * v + p);
                    DoubleVector momentum2 = DoubleVector.fromArray(LANES, u, 3 * v + p);
                    DoubleVector rhoInv = DoubleVector.broadcast(LANES, 1.0).div(density);
                    rhoInv.intoArray(rhoI, p);
                    momentum0.mul(rhoInv).intoArray(velocity0, p);
                    momentum1.mul(rhoInv).intoArray(velocity1, p);
                    momentum2.mul(rhoInv).intoArray(velocity2, p);
                    DoubleVector square = momentum0.mul(momentum0).add(momentum1.mul(momentum1))
                            .add(momentum2.mul(momentum2)).mul(0.5).mul(rhoInv);
                    square.intoArray(squares, p);
                    square.mul(rhoInv).intoArray(qs, p);
                    DoubleVector aux = rhoInv.mul(SpConstants.C1C2)
                            .mul(DoubleVector.fromArray(LANES, u, 4 * v + p).sub(square))
                            .lanewise(VectorOperators.SQRT);
                    aux.intoArray(speed, p);
                    DoubleVector.broadcast(LANES, 1.0).div(aux).intoArray(ainv, p);
                }
                for (; p <= end; p++) {
                    double rhoInv = 1.0 / u[p];
                    rhoI[p] = rhoInv;
                    velocity0[p] = u[v + p] * rhoInv;
                    velocity1[p] = u[2 * v + p] * rhoInv;
                    velocity2[p] = u[3 * v + p] * rhoInv;
                    double square = 0.5 * (u[v + p] * u[v + p] + u[2 * v + p] * u[2 * v + p]
                            + u[3 * v + p] * u[3 * v + p]) * rhoInv;
                    squares[p] = square;
                    qs[p] = square * rhoInv;
                    double aux = Math.sqrt(SpConstants.C1C2 * rhoInv * (u[4 * v + p] - square));
                    speed[p] = aux;
                    ainv[p] = 1.0 / aux;
                }
            }
        }
    }

    /**
     * Adds the central differences of the fluxes and viscous terms along
     * {@code dir} to the {@code count} points of an x-row from index
     * {@code start}, one component at a time.
     */
    private static void fluxes(SpCell cell, SpConstants k, int dir, int start, int count) {
        density(cell, k, dir, start, count);
        for (int m = 1; m <= 3; m++) {
            if (m == dir + 1) {
                momentumAlong(cell, k, dir, start, count);
            } else {
                momentumAcross(cell, k, dir, m, start, count);
            }
        }
        energy(cell, k, dir, start, count);
    }

    /** The density's flux terms along {@code dir} on a row: {@link #fluxes}. */
    private static void density(SpCell cell, SpConstants k, int dir, int start, int count) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        int s = cell.stride[dir];
        int momentum = (dir + 1) * cell.volume;
        double dt1 = k.dt1[dir][0];
        double t2 = k.t2[dir];
        int p = start;
        for (int bound = start + LANES.loopBound(count); p < bound; p += LANES.length()) {
            DoubleVector.fromArray(LANES, r, p)
                    .add(secondDifference(u, p, s).mul(dt1))
                    .sub(DoubleVector.fromArray(LANES, u, momentum + p + s)
                            .sub(DoubleVector.fromArray(LANES, u, momentum + p - s)).mul(t2))
                    .intoArray(r, p);
        }
        for (; p < start + count; p++) {
            r[p] = r[p] + dt1 * (u[p + s] - 2.0 * u[p] + u[p - s])
                    - t2 * (u[momentum + p + s] - u[momentum + p - s]);
        }
    }

    /** The flux terms along {@code dir} of the momentum along {@code dir}, with the pressure: {@link #fluxes}. */
    private static void momentumAlong(SpCell cell, SpConstants k, int dir, int start, int count) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        double[] w = cell.velocity[dir];
        double[] square = cell.square;
        int s = cell.stride[dir];
        int o = (dir + 1) * cell.volume;
        int e = 4 * cell.volume;
        double dt1 = k.dt1[dir][dir + 1];
        double viscosity = k.con[dir][1] * SpConstants.CON43;
        double t2 = k.t2[dir];
        int p = start;
        for (int bound = start + LANES.loopBound(count); p < bound; p += LANES.length()) {
            int pp = p + s;
            int pm = p - s;
            DoubleVector wp1 = DoubleVector.fromArray(LANES, w, pp);
            DoubleVector wm1 = DoubleVector.fromArray(LANES, w, pm);
            DoubleVector viscous = secondDifference(w, p, s).mul(viscosity);
            DoubleVector flux = DoubleVector.fromArray(LANES, u, o + pp).mul(wp1)
                    .sub(DoubleVector.fromArray(LANES, u, o + pm).mul(wm1));
            flux = flux.add(DoubleVector.fromArray(LANES, u, e + pp).sub(DoubleVector.fromArray(LANES, square, pp))
                    .sub(DoubleVector.fromArray(LANES, u, e + pm)).add(DoubleVector.fromArray(LANES, square, pm))
                    .mul(SpConstants.C2));
            addMomentumTerms(r, u, o + p, s, dt1, viscous, t2, flux);
        }
        for (; p < start + count; p++) {
            int pp = p + s;
            int pm = p - s;
            double wp1 = w[pp];
            double wm1 = w[pm];
            double viscous = viscosity * (wp1 - 2.0 * w[p] + wm1);
            double flux = u[o + pp] * wp1 - u[o + pm] * wm1;
            flux = flux + (u[e + pp] - square[pp] - u[e + pm] + square[pm]) * SpConstants.C2;
            r[o + p] = r[o + p] + dt1 * (u[o + pp] - 2.0 * u[o + p] + u[o + pm]) + viscous - t2 * flux;
        }
    }

    /** The flux terms along {@code dir} of momentum {@code m}, across {@code dir}: {@link #fluxes}. */
    private static void momentumAcross(SpCell cell, SpConstants k, int dir, int m, int start, int count) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        double[] w = cell.velocity[dir];
        double[] q = cell.velocity[m - 1];
        int s = cell.stride[dir];
        int o = m * cell.volume;
        double dt1 = k.dt1[dir][m];
        double viscosity = k.con[dir][1];
        double t2 = k.t2[dir];
        int p = start;
        for (int bound = start + LANES.loopBound(count); p < bound; p += LANES.length()) {
            DoubleVector viscous = secondDifference(q, p, s).mul(viscosity);
            DoubleVector flux = DoubleVector.fromArray(LANES, u, o + p + s).mul(DoubleVector.fromArray(LANES, w, p + s))
                    .sub(DoubleVector.fromArray(LANES, u, o + p - s).mul(DoubleVector.fromArray(LANES, w, p - s)));
            addMomentumTerms(r, u, o + p, s, dt1, viscous, t2, flux);
        }
        for (; p < start + count; p++) {
            int pp = p + s;
            int pm = p - s;
            double viscous = viscosity * (q[pp] - 2.0 * q[p] + q[pm]);
            double flux = u[o + pp] * w[pp] - u[o + pm] * w[pm];
            r[o + p] = r[o + p] + dt1 * (u[o + pp] - 2.0 * u[o + p] + u[o + pm]) + viscous - t2 * flux;
        }
    }

    /** The energy's flux terms along {@code dir} on a row: {@link #fluxes}. */
    private static void energy(SpCell cell, SpConstants k, int dir, int start, int count) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        double[] w = cell.velocity[dir];
        double[] square = cell.square;
        double[] qs = cell.qs;
        double[] rhoI = cell.rhoI;
        int s = cell.stride[dir];
        int e = 4 * cell.volume;
        double dt1 = k.dt1[dir][4];
        double[] con = k.con[dir];
        double con2 = con[2];
        double con3 = con[3];
        double con4 = con[4];
        double t2 = k.t2[dir];
        int p = start;
        for (int bound = start + LANES.loopBound(count); p < bound; p += LANES.length()) {
            int pp = p + s;
            int pm = p - s;
            DoubleVector wijk = DoubleVector.fromArray(LANES, w, p);
            DoubleVector wp1 = DoubleVector.fromArray(LANES, w, pp);
            DoubleVector wm1 = DoubleVector.fromArray(LANES, w, pm);
            DoubleVector ep1 = DoubleVector.fromArray(LANES, u, e + pp);
            DoubleVector eijk = DoubleVector.fromArray(LANES, u, e + p);
            DoubleVector em1 = DoubleVector.fromArray(LANES, u, e + pm);
            DoubleVector.fromArray(LANES, r, e + p)
                    .add(ep1.sub(eijk.mul(2.0)).add(em1).mul(dt1))
                    .add(secondDifference(qs, p, s).mul(con2))
                    .add(wp1.mul(wp1).sub(wijk.mul(2.0).mul(wijk)).add(wm1.mul(wm1)).mul(con3))
                    .add(ep1.mul(DoubleVector.fromArray(LANES, rhoI, pp))
                            .sub(eijk.mul(2.0).mul(DoubleVector.fromArray(LANES, rhoI, p)))
                            .add(em1.mul(DoubleVector.fromArray(LANES, rhoI, pm))).mul(con4))
                    .sub(ep1.mul(SpConstants.C1).sub(DoubleVector.fromArray(LANES, square, pp).mul(SpConstants.C2))
                            .mul(wp1)
                            .sub(em1.mul(SpConstants.C1).sub(DoubleVector.fromArray(LANES, square, pm)
                                    .mul(SpConstants.C2)).mul(wm1))
                            .mul(t2))
                    .intoArray(r, e + p);
        }
        for (; p < start + count; p++) {
            int pp = p + s;
            int pm = p - s;
            double wijk = w[p];
            double wp1 = w[pp];
            double wm1 = w[pm];
            r[e + p] = r[e + p] + dt1 * (u[e + pp] - 2.0 * u[e + p] + u[e + pm])
                    + con2 * (qs[pp] - 2.0 * qs[p] + qs[pm])
                    + con3 * (wp1 * wp1 - 2.0 * wijk * wijk + wm1 * wm1)
                    + con4 * (u[e + pp] * rhoI[pp] - 2.0 * u[e + p] * rhoI[p] + u[e + pm] * rhoI[pm])
                    - t2 * ((SpConstants.C1 * u[e + pp] - SpConstants.C2 * square[pp]) * wp1
                            - (SpConstants.C1 * u[e + pm] - SpConstants.C2 * square[pm]) * wm1);
        }
    }

    /**
     * Subtracts the fourth-order dissipation along {@code dir} from the
     * points {@code from} to {@code to} of the x-row whose point 0 is at
     * {@code row}: centred in one loop over the points at least three from
     * both ends of the line, one-sided ({@link #fourthDifference}) at the
     * others. {@code global} is the row's global index along {@code dir},
     * or that of its point 0 along x.
     */
    private static void dissipation(SpCell cell, SpConstants k, int dir, int row, int from, int to, int global) {
        double[] u = cell.u;
        double[] r = cell.rhs;
        int s = cell.stride[dir];
        int n = k.points[dir];
        double dssp = k.dssp;
        int centredFrom;
        int centredTo;
        if (dir == 0) {
            centredFrom = Math.max(from, 3 - global);
            centredTo = Math.min(to, n - 4 - global);
        } else {
            boolean centred = global >= 3 && global <= n - 4;
            centredFrom = centred ? from : to + 1;
            centredTo = to;
        }
        int gStep = dir == 0 ? 1 : 0;
        for (int m = 0; m < 5; m++) {
            int base = m * cell.volume + row;
            for (int x = from; x < centredFrom; x++) {
                r[base + x] = r[base + x] - dssp * fourthDifference(u, base + x, s, global + gStep * x, n);
            }
            int p = base + centredFrom;
            for (int bound = p + LANES.loopBound(Math.max(0, centredTo - centredFrom + 1)); p < bound;
                    p += LANES.length()) {
                DoubleVector.fromArray(LANES, r, p)
                        .sub(DoubleVector.fromArray(LANES, u, p - 2 * s)
                                .sub(DoubleVector.fromArray(LANES, u, p - s).mul(4.0))
                                .add(DoubleVector.fromArray(LANES, u, p).mul(6.0))
                                .sub(DoubleVector.fromArray(LANES, u, p + s).mul(4.0))
                                .add(DoubleVector.fromArray(LANES, u, p + 2 * s)).mul(dssp))
                        .intoArray(r, p);
            }
            for (; p <= base + centredTo; p++) {
                r[p] = r[p] - dssp * (u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s]);
            }
            for (int x = Math.max(centredTo + 1, centredFrom); x <= to; x++) {
                r[base + x] = r[base + x] - dssp * fourthDifference(u, base + x, s, global + gStep * x, n);
            }
        }
    }

    /**
     * {@code r += dt1 (u[p + s] - 2 u[p] + u[p - s]) + viscous - t2 flux} at {@link #LANES} points from {@code p},
     * in that order: a momentum's update from its terms.
     */
    private static void addMomentumTerms(double[] r, double[] u, int p, int s, double dt1, DoubleVector viscous,
            double t2, DoubleVector flux) {
        DoubleVector.fromArray(LANES, r, p)
                .add(secondDifference(u, p, s).mul(dt1))
                .add(viscous)
                .sub(flux.mul(t2))
                .intoArray(r, p);
    }

    /** {@return {@code a[p + s] - 2 a[p] + a[p - s]} at {@link #LANES} points from {@code p}, in that order} */
    private static DoubleVector secondDifference(double[] a, int p, int s) {
        return DoubleVector.fromArray(LANES, a, p + s).sub(DoubleVector.fromArray(LANES, a, p).mul(2.0))
                .add(DoubleVector.fromArray(LANES, a, p - s));
    }

    /** Multiplies the five components of {@code count} points from index {@code start} by {@code dt}. */
    private static void scale(double[] r, int volume, int start, int count, double dt) {
        for (int m = 0; m < 5; m++) {
            int p = m * volume + start;
            for (int bound = p + LANES.loopBound(count); p < bound; p += LANES.length()) {
                DoubleVector.fromArray(LANES, r, p).mul(dt).intoArray(r, p);
            }
            for (; p < m * volume + start + count; p++) {
                r[p] *= dt;
            }
        }
    }

    /**
     * {@return the fourth difference of {@code u} at {@code p} along a line
     * of {@code n} points where {@code p} is point {@code g}: centred, or
     * one-sided at points 1, 2, n - 3 and n - 2}
     */
    static double fourthDifference(double[] u, int p, int s, int g, int n) {
        if (g == 1) {
            return 5.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
        } else if (g == 2) {
            return -4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
        } else if (g == n - 3) {
            return u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s];
        } else if (g == n - 2) {
            return u[p - 2 * s] - 4.0 * u[p - s] + 5.0 * u[p];
        }
        return u[p - 2 * s] - 4.0 * u[p - s] + 6.0 * u[p] - 4.0 * u[p + s] + u[p + 2 * s];
    }
}
