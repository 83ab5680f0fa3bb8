package org.mpjbuf.npb;

import java.util.Arrays;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The coarse levels of MG's V-cycle when they have fewer points along an
 * axis than there are ranks along it (more than 8 ranks): gathered onto
 * every rank and solved there, each rank doing the same work.
 *
 * <p>Design note. From {@link MgGrid#distributedBase()} up every rank owns
 * at least one point per axis and the V-cycle runs distributed as usual.
 * Below it, on the way down, the residual of the base level is gathered
 * ({@code Allgather} of the equal interior blocks) into a whole copy of the
 * level on every rank; the restrictions down to level 1, the smoothing there
 * and the way back up to the base level then run on these copies, with the
 * same operators over a one-rank grid (a communicator of this rank alone,
 * whose ghost exchange is the periodic copy). Each rank finally takes its block of the
 * base level's correction, ghosts included, from its copy. The operators are
 * the same pointwise arithmetic as on the distributed levels, so every rank
 * computes the values a single rank would, bit for bit. The coarse levels hold a few
 * thousand points at most, so the repeated work is small next to the fine
 * levels'; the NPB reference instead leaves ranks idle on such levels and
 * moves points between the active ones.
 *
 * <p>Not thread-safe: one instance per rank.
 */
final class MgAgglomeration {
    private final Intracomm comm;
    private final MgGrid grid;
    private final int base;
    private final MgGrid coarseGrid;
    private final MgOperators coarseOperators;
    private final double[][] u;
    private final double[][] r;
    private final double[] block;
    private final double[] blocks;

    /**
     * Prepares the coarse levels of a grid.
     *
     * @param comm the communicator of the distributed grid
     * @param grid the distributed grid, with {@link MgGrid#distributedBase()} above 1
     * @param a the coefficients of the discrete operator by distance class
     * @param c the coefficients of the smoother by distance class
     * @throws MPIException if the one-rank communicator cannot be made
     *         (every rank must call this)
     */
    MgAgglomeration(Intracomm comm, MgGrid grid, double[] a, double[] c) throws MPIException {
        this.comm = comm;
        this.grid = grid;
        this.base = grid.distributedBase();
        this.coarseGrid = new MgGrid(comm.Split(comm.Rank(), 0), base);
        this.coarseOperators = new MgOperators(coarseGrid, a, c);
        this.u = new double[base + 1][];
        this.r = new double[base + 1][];
        for (int k = 1; k <= base; k++) {
            u[k] = coarseGrid.newArray(k);
            r[k] = coarseGrid.newArray(k);
        }
        int blockLength = 1;
        for (int axis = 0; axis < 3; axis++) {
            blockLength *= grid.extent(base, axis) - 2;
        }
        this.block = new double[blockLength];
        this.blocks = new double[blockLength * comm.Size()];
    }

    /** {@return the level whose residual {@link #solve} takes and whose correction it returns} */
    int base() {
        return base;
    }

    /**
     * Runs the part of the V-cycle below the base level: from this rank's
     * residual of the base level to its correction there.
     *
     * @param residual this rank's residual of the base level (interior read)
     * @param correction receives this rank's correction of the base level,
     *        ghosts included
     * @throws MPIException if the gathering fails
     */
    void solve(double[] residual, double[] correction) throws MPIException {
        gather(residual, r[base]);
        coarseGrid.exchange(r[base], base);
        for (int k = base; k > 1; k--) {
            coarseOperators.restrict(r[k], r[k - 1], k);
        }
        Arrays.fill(u[1], 0.0);
        coarseOperators.smooth(r[1], u[1], 1);
        for (int k = 2; k <= base; k++) {
            Arrays.fill(u[k], 0.0);
            coarseOperators.interpolate(u[k - 1], u[k], k);
            coarseOperators.residual(u[k], r[k], r[k], k);
            coarseOperators.smooth(r[k], u[k], k);
        }
        scatter(u[base], correction);
    }

    /** Gathers every rank's interior block of the base level into the interior of {@code whole}. */
    private void gather(double[] local, double[] whole) throws MPIException {
        int c1 = grid.extent(base, 0) - 2;
        int c2 = grid.extent(base, 1) - 2;
        int c3 = grid.extent(base, 2) - 2;
        copyBlock(local, c1 + 2, c2 + 2, 1, 1, 1, block, 0, c1, c2, c3, true);
        comm.Allgather(block, 0, block.length, MPI.DOUBLE, blocks, 0, block.length, MPI.DOUBLE);
        int n = grid.globalSize(base) + 2;
        for (int other = 0; other < comm.Size(); other++) {
            copyBlock(whole, n, n, grid.startOf(other, base, 0) + 1, grid.startOf(other, base, 1) + 1,
                    grid.startOf(other, base, 2) + 1, blocks, other * block.length, c1, c2, c3, false);
        }
    }

    /** Copies this rank's block of {@code whole}, ghosts included, into {@code local}. */
    private void scatter(double[] whole, double[] local) {
        int n1 = grid.extent(base, 0);
        int n2 = grid.extent(base, 1);
        int n3 = grid.extent(base, 2);
        int size = grid.globalSize(base);
        int n = size + 2;
        for (int i3 = 0; i3 < n3; i3++) {
            int g3 = Math.floorMod(grid.start(base, 2) + i3 - 1, size) + 1;
            for (int i2 = 0; i2 < n2; i2++) {
                int g2 = Math.floorMod(grid.start(base, 1) + i2 - 1, size) + 1;
                for (int i1 = 0; i1 < n1; i1++) {
                    int g1 = Math.floorMod(grid.start(base, 0) + i1 - 1, size) + 1;
                    local[i1 + n1 * (i2 + n2 * i3)] = whole[g1 + n * (g2 + n * g3)];
                }
            }
        }
    }

    /**
     * Copies the {@code c1 x c2 x c3} box at {@code (o1, o2, o3)} of a grid
     * array of extents {@code (n1, n2, ...)} to ({@code out}) or from a
     * packed run of {@code packed} starting at {@code offset}.
     */
    private static void copyBlock(double[] array, int n1, int n2, int o1, int o2, int o3,
            double[] packed, int offset, int c1, int c2, int c3, boolean out) {
        int position = offset;
        for (int i3 = 0; i3 < c3; i3++) {
            for (int i2 = 0; i2 < c2; i2++) {
                int row = o1 + n1 * (o2 + i2 + n2 * (o3 + i3));
                if (out) {
                    System.arraycopy(array, row, packed, position, c1);
                } else {
                    System.arraycopy(packed, position, array, row, c1);
                }
                position += c1;
            }
        }
    }
}
