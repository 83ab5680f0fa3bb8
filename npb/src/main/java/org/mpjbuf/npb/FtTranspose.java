package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;

/**
 * The global transposes of FT's slab layout ({@code transpose_xy_z} and
 * {@code transpose_x_yz} of NPB 3.4 MPI {@code ft.f}, layout 1D).
 *
 * <p>Design note. With {@code p} ranks, the spatial layout gives each rank
 * {@code nz/p} planes: extents {@code (nx, ny, nz/p)}, x fastest. The
 * frequency layout gives each rank {@code ny/p} y-values with z fastest:
 * extents {@code (nz, nx, ny/p)}. Going from one to the other is, on the
 * flattened {@code (nx ny, nz)} matrix, a transpose:
 * <ol>
 * <li>transpose the local block so that the dimension becoming local is
 *     fastest; the data for rank {@code q} is then one contiguous chunk;</li>
 * <li>{@code Alltoall} the {@code p} equal chunks;</li>
 * <li>interleave the chunks received from each rank into place.</li>
 * </ol>
 *
 * <p>Not thread-safe: one instance per rank.
 */
final class FtTranspose {
    private static final int TILE = 32;

    private final Intracomm comm;
    private final int processes;
    private final int nx;
    private final int ny;
    private final int nz;

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
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
    }

    /**
     * Spatial layout to frequency layout.
     *
     * @param in the spatial data, destroyed
     * @param scratch a work array of the same length
     * @param out receives the frequency-layout data
     * @throws MPIException if the exchange fails
     */
    void toFrequencyLayout(double[] in, double[] scratch, double[] out) throws MPIException {
        int planes = nz / processes;
        int xy = nx * ny;
        transposeLocal(in, scratch, xy, planes);
        int chunk = 2 * planes * (xy / processes);
        comm.Alltoall(scratch, 0, chunk, MPI.DOUBLE, in, 0, chunk, MPI.DOUBLE);
        int xyLocal = xy / processes;
        for (int q = 0; q < processes; q++) {
            for (int j = 0; j < xyLocal; j++) {
                System.arraycopy(in, 2 * (planes * j + planes * xyLocal * q),
                        out, 2 * (q * planes + nz * j), 2 * planes);
            }
        }
    }

    /**
     * Frequency layout to spatial layout.
     *
     * @param in the frequency-layout data, destroyed
     * @param scratch a work array of the same length
     * @param out receives the spatial data
     * @throws MPIException if the exchange fails
     */
    void toSpatialLayout(double[] in, double[] scratch, double[] out) throws MPIException {
        int planes = nz / processes;
        int xyLocal = nx * (ny / processes);
        transposeLocal(in, scratch, nz, xyLocal);
        int chunk = 2 * xyLocal * planes;
        comm.Alltoall(scratch, 0, chunk, MPI.DOUBLE, in, 0, chunk, MPI.DOUBLE);
        int xy = nx * ny;
        for (int q = 0; q < processes; q++) {
            for (int z = 0; z < planes; z++) {
                System.arraycopy(in, 2 * (xyLocal * z + xyLocal * planes * q),
                        out, 2 * (q * xyLocal + xy * z), 2 * xyLocal);
            }
        }
    }

    /** {@code out(j, i) = in(i, j)} for complex {@code in} of extents {@code (n1, n2)}, first fastest. */
    private static void transposeLocal(double[] in, double[] out, int n1, int n2) {
        for (int j0 = 0; j0 < n2; j0 += TILE) {
            int j1 = Math.min(n2, j0 + TILE);
            for (int i0 = 0; i0 < n1; i0 += TILE) {
                int i1 = Math.min(n1, i0 + TILE);
                for (int i = i0; i < i1; i++) {
                    for (int j = j0; j < j1; j++) {
                        int from = 2 * (i + n1 * j);
                        int to = 2 * (j + n2 * i);
                        out[to] = in[from];
                        out[to + 1] = in[from + 1];
                    }
                }
            }
        }
    }
}
