package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Request;

/**
 * The MG grid hierarchy of one rank: the size of its part of every level and
 * the exchange of its ghost planes with the neighbouring ranks.
 *
 * <p>Design note (NPB 3.4 MPI {@code mg.f}, {@code setup} and {@code comm3}).
 * Level {@code k = 1..lt} is a periodic cube of {@code 2^k} points per axis.
 * The {@code p} ranks form a grid {@code p1 x p2 x p3} (x is split last:
 * {@code p1 = 2^(log p / 3)}, {@code p2 = 2^((log p - log p1) / 2)},
 * {@code p3 = p / (p1 p2)}), and each rank holds the same slab of every
 * level, surrounded by one ghost layer:
 * <pre>
 *   local array of a level, n1 x n2 x n3 with x fastest:
 *   index(i1, i2, i3) = i1 + n1 (i2 + n2 i3)
 *
 *   i1:  0 | 1 .. n1-2 | n1-1
 *      ghost  interior  ghost     (the same on the other axes)
 * </pre>
 * The ghost exchange runs axis by axis: the interior faces of axis x are
 * sent to the two neighbours, then the faces of y including the x ghosts,
 * then z including both, so that edges and corners arrive too. A rank alone
 * on an axis copies its own faces (the grid is periodic). A level is spread
 * over all ranks only when every rank owns at least one point of it on every
 * axis: from {@link #distributedBase()} up. With more than 8 ranks the
 * coarser levels have fewer points on some axis than ranks; they are solved
 * by {@link MgAgglomeration}, on every rank at once.
 *
 * <p>Not thread-safe: one instance per rank.
 */
final class MgGrid {
    private final Intracomm comm;
    private final int rank;
    private final int levels;
    private final int[] globalSize;
    private final int[][] counts;
    private final int[][] starts;
    private final int[] processes = new int[3];
    private final int[] coords = new int[3];
    private final int[][] neighbours = new int[3][2];
    private final double[] sendLow;
    private final double[] sendHigh;
    private final double[] receiveLow;
    private final double[] receiveHigh;

    /**
     * Lays out the hierarchy of a cubic grid.
     *
     * @param comm the communicator, of a power-of-two size whose split along
     *        each axis does not exceed the finest level's points
     * @param levels {@code lt}: the finest level has {@code 2^lt} points per axis
     * @throws MPIException if the communicator cannot be queried
     */
    MgGrid(Intracomm comm, int levels) throws MPIException {
        this.comm = comm;
        this.rank = comm.Rank();
        this.levels = levels;
        int[] split = split(comm.Size());
        System.arraycopy(split, 0, processes, 0, 3);
        for (int axis = 0; axis < 3; axis++) {
            coords[axis] = coordinate(rank, axis);
        }
        for (int axis = 0; axis < 3; axis++) {
            for (int side = 0; side < 2; side++) {
                int[] c = coords.clone();
                c[axis] = (c[axis] + (side == 0 ? -1 : 1) + processes[axis]) % processes[axis];
                neighbours[axis][side] = c[0] + processes[0] * (c[1] + processes[1] * c[2]);
            }
        }
        globalSize = new int[levels + 1];
        counts = new int[levels + 1][3];
        starts = new int[levels + 1][3];
        for (int k = 1; k <= levels; k++) {
            globalSize[k] = 1 << k;
            for (int axis = 0; axis < 3; axis++) {
                int first = coords[axis] * globalSize[k] / processes[axis];
                int end = (coords[axis] + 1) * globalSize[k] / processes[axis];
                starts[k][axis] = first;
                counts[k][axis] = end - first;
            }
        }
        int[] top = counts[levels];
        int face = Math.max((top[0] + 2) * (top[1] + 2), Math.max((top[0] + 2) * (top[2] + 2),
                (top[1] + 2) * (top[2] + 2)));
        sendLow = new double[face];
        sendHigh = new double[face];
        receiveLow = new double[face];
        receiveHigh = new double[face];
    }

    /**
     * {@return the coarsest level spread over all ranks: the first whose
     * points per axis are at least the ranks along every axis; 1 with up to
     * 8 ranks}
     */
    int distributedBase() {
        int most = Math.max(processes[0], Math.max(processes[1], processes[2]));
        return Math.max(1, Integer.numberOfTrailingZeros(most));
    }

    /**
     * {@return the global index of the first interior point of another rank
     * along an axis, on a level from {@link #distributedBase()} up}
     *
     * @param other the rank
     * @param level the level
     * @param axis 0 for x, 1 for y, 2 for z
     */
    int startOf(int other, int level, int axis) {
        return coordinate(other, axis) * (globalSize[level] / processes[axis]);
    }

    /**
     * {@return the ranks along x, y and z of a grid of {@code size} ranks, a
     * power of two: as evenly as possible, z taking the most, then y}
     *
     * @param size the rank count
     */
    static int[] split(int size) {
        int log2 = Integer.numberOfTrailingZeros(size);
        int dx = log2 / 3;
        int dy = (log2 - dx) / 2;
        return new int[] {1 << dx, 1 << dy, size >> (dx + dy)};
    }

    /** {@return the position of rank {@code other} along an axis of the rank grid} */
    private int coordinate(int other, int axis) {
        return axis == 0 ? other % processes[0]
                : axis == 1 ? (other / processes[0]) % processes[1]
                : other / (processes[0] * processes[1]);
    }

    /** {@return the finest level, {@code lt}} */
    int levels() {
        return levels;
    }

    /**
     * {@return the local extent, ghosts included, along an axis}
     *
     * @param level the level
     * @param axis 0 for x, 1 for y, 2 for z
     */
    int extent(int level, int axis) {
        return counts[level][axis] + 2;
    }

    /**
     * {@return the global index of the first interior point along an axis}
     *
     * @param level the level
     * @param axis 0 for x, 1 for y, 2 for z
     */
    int start(int level, int axis) {
        return starts[level][axis];
    }

    /**
     * {@return the points per axis of a level}
     *
     * @param level the level
     */
    int globalSize(int level) {
        return globalSize[level];
    }

    /**
     * {@return a new zeroed array for a level, ghosts included}
     *
     * @param level the level
     */
    double[] newArray(int level) {
        return new double[extent(level, 0) * extent(level, 1) * extent(level, 2)];
    }

    /**
     * Fills the ghost layer of {@code u} from the neighbours ({@code comm3}).
     *
     * @param u an array of the level
     * @param level the level
     * @throws MPIException if communication fails
     */
    void exchange(double[] u, int level) throws MPIException {
        int n1 = extent(level, 0);
        int n2 = extent(level, 1);
        int n3 = extent(level, 2);
        for (int axis = 0; axis < 3; axis++) {
            int n = axis == 0 ? n1 : axis == 1 ? n2 : n3;
            int stride = axis == 0 ? 1 : axis == 1 ? n1 : n1 * n2;
            if (processes[axis] == 1) {
                wrap(u, axis, n1, n2, n3);
            } else {
                int length = face(u, axis, n1, n2, n3, stride, 1, sendLow, true);
                face(u, axis, n1, n2, n3, stride, n - 2, sendHigh, true);
                int low = neighbours[axis][0];
                int high = neighbours[axis][1];
                int upward = 2 * axis + 10;
                int downward = 2 * axis + 11;
                Request fromLow = comm.Irecv(receiveLow, 0, length, MPI.DOUBLE, low, upward);
                Request fromHigh = comm.Irecv(receiveHigh, 0, length, MPI.DOUBLE, high, downward);
                comm.Send(sendHigh, 0, length, MPI.DOUBLE, high, upward);
                comm.Send(sendLow, 0, length, MPI.DOUBLE, low, downward);
                fromLow.Wait();
                fromHigh.Wait();
                face(u, axis, n1, n2, n3, stride, 0, receiveLow, false);
                face(u, axis, n1, n2, n3, stride, n - 1, receiveHigh, false);
            }
        }
    }

    /**
     * Fills the ghost planes of an axis this rank holds whole (the grid is
     * periodic) from its own interior faces, over the same extent as
     * {@link #face}: plane 1 into plane {@code n - 1} and plane {@code n - 2}
     * into plane 0, in one pass over the array.
     */
    private static void wrap(double[] u, int axis, int n1, int n2, int n3) {
        if (axis == 0) {
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                for (int i2 = 1; i2 < n2 - 1; i2++) {
                    int row = n1 * (i2 + n2 * i3);
                    double first = u[row + 1];
                    u[row] = u[row + n1 - 2];
                    u[row + n1 - 1] = first;
                }
            }
        } else if (axis == 1) {
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                int base = n1 * n2 * i3;
                System.arraycopy(u, base + n1, u, base + n1 * (n2 - 1), n1);
                System.arraycopy(u, base + n1 * (n2 - 2), u, base, n1);
            }
        } else {
            int plane = n1 * n2;
            System.arraycopy(u, plane, u, plane * (n3 - 1), plane);
            System.arraycopy(u, plane * (n3 - 2), u, 0, plane);
        }
    }

    /**
     * Copies the plane {@code plane} of an axis to ({@code gather}) or from
     * {@code buffer}: the interior of the axes not yet exchanged, all of those
     * already exchanged; returns the number of values.
     */
    private static int face(double[] u, int axis, int n1, int n2, int n3, int stride, int plane,
            double[] buffer, boolean gather) {
        int count = 0;
        int base = plane * stride;
        if (axis == 0) {
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                for (int i2 = 1; i2 < n2 - 1; i2++) {
                    int index = base + n1 * (i2 + n2 * i3);
                    count = move(u, index, buffer, count, gather);
                }
            }
        } else if (axis == 1) {
            for (int i3 = 1; i3 < n3 - 1; i3++) {
                int index = base + n1 * n2 * i3;
                count = moveRun(u, index, buffer, count, n1, gather);
            }
        } else {
            count = moveRun(u, base, buffer, 0, n1 * n2, gather);
        }
        return count;
    }

    private static int move(double[] u, int index, double[] buffer, int count, boolean gather) {
        if (gather) {
            buffer[count] = u[index];
        } else {
            u[index] = buffer[count];
        }
        return count + 1;
    }

    private static int moveRun(double[] u, int index, double[] buffer, int count, int length, boolean gather) {
        if (gather) {
            System.arraycopy(u, index, buffer, count, length);
        } else {
            System.arraycopy(buffer, count, u, index, length);
        }
        return count + length;
    }

    /**
     * Sums a value over all ranks.
     *
     * @param value this rank's value
     * @return the sum
     * @throws MPIException if communication fails
     */
    double sum(double value) throws MPIException {
        return reduce(value, MPI.SUM);
    }

    /**
     * Takes the maximum of a value over all ranks.
     *
     * @param value this rank's value
     * @return the maximum
     * @throws MPIException if communication fails
     */
    double max(double value) throws MPIException {
        return reduce(value, MPI.MAX);
    }

    /**
     * Takes the minimum of a value over all ranks.
     *
     * @param value this rank's value
     * @return the minimum
     * @throws MPIException if communication fails
     */
    double min(double value) throws MPIException {
        return reduce(value, MPI.MIN);
    }

    private double reduce(double value, Op op) throws MPIException {
        double[] in = {value};
        double[] out = new double[1];
        comm.Allreduce(in, 0, out, 0, 1, MPI.DOUBLE, op);
        return out[0];
    }
}
