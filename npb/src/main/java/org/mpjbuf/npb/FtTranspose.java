package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The global transposes of FT's slab layout: from z-slabs to y-slabs and
 * back ({@code transpose_xy_z} and {@code transpose_x_yz} of NPB 3.4 MPI
 * {@code ft.f}, layout 1D).
 *
 * <p>Design note. With {@code p} ranks, the spatial layout gives each rank
 * {@code nz/p} planes: extents {@code (nx, ny, nz/p)}. The frequency layout
 * gives each rank {@code ny/p} y-values of every plane: extents
 * {@code (nx, ny/p, nz)}; x is fastest in both. The reference makes z the
 * fastest axis of the frequency layout, because its FFT routine transforms
 * along the first axis; {@link FftLines} transforms along any axis as fast,
 * so here x stays fastest, and a transpose moves only whole blocks of
 * {@code nx ny/p} complex numbers (one rank's rows of one plane): to the
 * frequency layout, each rank packs the blocks for rank {@code q} together
 * (its own straight to where they stay) and {@code Alltoallv} lands the
 * received blocks straight in place; back to
 * the spatial layout, each rank sends its contiguous run of planes for rank
 * {@code q} and unpacks the received blocks. No element is moved alone.
 *
 * <p>Back to the spatial layout, which FT does in place once per time step,
 * the first and the last rank move their own blocks within the array
 * themselves, and the exchange carries only the other ranks' ones: at two
 * ranks a quarter less copying (each element once instead of the own half
 * twice). A rank's own block of plane {@code z} moves from
 * {@code (r planes + z) block} to {@code (z p + r) block}: for rank 0 never
 * down, so the planes go last to first without overwriting one not yet moved;
 * for rank {@code p - 1} never up, so first to last. For the ranks between,
 * some blocks move up and others down, so theirs go through the exchange and
 * the scratch array as the others'.
 *
 * <p>Not thread-safe: one instance per rank.
 */
final class FtTranspose {
    private final Intracomm comm;
    private final int processes;
    private final int rank;
    private final int nx;
    private final int ny;
    private final int planes;
    private final int block;
    private final int[] counts;
    private final int[] offsets;
    private final int[] countsWithoutOwn;

    /**
     * Creates the transposes of an {@code nx x ny x nz} grid.
     *
     * @param comm the communicator; its size divides {@code ny} and {@code nz}
     * @param nx points along x
     * @param ny points along y
     * @param nz points along z
     * @throws MPIException if the communicator cannot be queried
     */
    FtTranspose(Intracomm comm, int nx, int ny, int nz) throws MPIException {
        this.comm = comm;
        this.processes = comm.Size();
        this.rank = comm.Rank();
        this.nx = nx;
        this.ny = ny;
        this.planes = nz / processes;
        this.block = 2 * nx * (ny / processes);
        int chunk = planes * block;
        this.counts = new int[processes];
        this.offsets = new int[processes];
        for (int q = 0; q < processes; q++) {
            counts[q] = chunk;
            offsets[q] = q * chunk;
        }
        this.countsWithoutOwn = counts.clone();
        countsWithoutOwn[rank] = 0;
    }

    /**
     * Spatial layout to frequency layout.
     *
     * @param spatial the spatial data, {@code (nx, ny, nz/p)}, unchanged
     * @param scratch a work array of the same length
     * @param frequency receives the frequency-layout data, {@code (nx, ny/p, nz)}; distinct from the others
     * @throws MPIException if the exchange fails
     */
    void toFrequencyLayout(double[] spatial, double[] scratch, double[] frequency) throws MPIException {
        for (int q = 0; q < processes; q++) {
            double[] packed = q == rank ? frequency : scratch;
            for (int z = 0; z < planes; z++) {
                System.arraycopy(spatial, blockInPlane(q, z), packed, (q * planes + z) * block, block);
            }
        }
        comm.Alltoallv(scratch, 0, countsWithoutOwn, offsets, MPI.DOUBLE,
                frequency, 0, countsWithoutOwn, offsets, MPI.DOUBLE);
    }

    /**
     * Frequency layout to spatial layout.
     *
     * @param frequency the frequency-layout data, {@code (nx, ny/p, nz)}
     * @param scratch a work array of the same length, distinct from the others
     * @param spatial receives the spatial data, {@code (nx, ny, nz/p)}; may be {@code frequency}
     * @throws MPIException if the exchange fails
     */
    void toSpatialLayout(double[] frequency, double[] scratch, double[] spatial) throws MPIException {
        boolean ownMovedInPlace = rank == 0 || rank == processes - 1;
        int[] exchanged = ownMovedInPlace ? countsWithoutOwn : counts;
        comm.Alltoallv(frequency, 0, exchanged, offsets, MPI.DOUBLE, scratch, 0, exchanged, offsets, MPI.DOUBLE);
        if (ownMovedInPlace) {
            moveOwnBlocks(frequency, spatial);
        }
        for (int q = 0; q < processes; q++) {
            if (q == rank && ownMovedInPlace) {
                continue;
            }
            for (int z = 0; z < planes; z++) {
                System.arraycopy(scratch, (q * planes + z) * block, spatial, blockInPlane(q, z), block);
            }
        }
    }

    /**
     * Moves rank 0's or rank {@code p - 1}'s own blocks from the frequency
     * layout to the spatial one, in the order that keeps every block not yet
     * moved intact when the two are the same array (see the design note).
     */
    private void moveOwnBlocks(double[] frequency, double[] spatial) {
        boolean lastToFirst = rank == 0;
        for (int i = 0; i < planes; i++) {
            int z = lastToFirst ? planes - 1 - i : i;
            System.arraycopy(frequency, (rank * planes + z) * block, spatial, blockInPlane(rank, z), block);
        }
    }

    /** {@return the double index, in the spatial layout, of rank {@code q}'s rows of local plane {@code z}} */
    private int blockInPlane(int q, int z) {
        return 2 * nx * (ny * z) + q * block;
    }
}
