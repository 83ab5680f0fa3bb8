package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * LU's ghost exchange: two layers of a field on each side of a rank's
 * block in x and y, from the neighbours, for the right-hand side's
 * stencils.
 *
 * <p>Design note (NPB 3.4 MPI {@code exchange_3.f}). Along x the last two
 * planes {@code i = nx - 2, nx - 1} go south and arrive as the receiver's
 * {@code i = -2, -1}; the first two, {@code i = 0, 1}, go north and arrive
 * as {@code i = nx, nx + 1}; along y likewise with west and east. Each
 * message holds every {@code (j, k)} (along x) or {@code (i, k)} (along y)
 * of the block, no corners: the stencils are crosses. The reference
 * exchanges x and y one after the other; here the four messages of both
 * are in flight at once (receives posted first, sends non-blocking).
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class LuGhosts {
    private static final int TAG = 9300;
    /** Sides: the message to/from north, south, west, east. */
    private static final int NORTH = 0;
    private static final int SOUTH = 1;
    private static final int WEST = 2;
    private static final int EAST = 3;

    private final Intracomm comm;
    private final LuDomain g;
    private final int[] neighbour;
    private final double[][] outgoing = new double[4][];
    private final double[][] incoming = new double[4][];
    /** A receive and a send per neighbour. */
    private final Request[] requests;

    /**
     * Sets up the buffers of one rank.
     *
     * @param comm the communicator of the ranks
     * @param domain this rank's block
     */
    LuGhosts(Intracomm comm, LuDomain domain) {
        this.comm = comm;
        this.g = domain;
        neighbour = new int[] {domain.north, domain.south, domain.west, domain.east};
        int neighbours = 0;
        for (int side = 0; side < 4; side++) {
            int length = 5 * LuDomain.GHOST * domain.nz * (side < WEST ? domain.ny : domain.nx);
            outgoing[side] = new double[length];
            incoming[side] = new double[length];
            neighbours += neighbour[side] != LuDomain.NONE ? 1 : 0;
        }
        requests = new Request[2 * neighbours];
    }

    /**
     * Fills the ghost layers of {@code field} from the neighbours; every
     * rank calls it at the same point.
     *
     * @param field five interleaved components per point, laid out by the domain
     * @throws MPIException if communication fails
     */
    void exchange(double[] field) throws MPIException {
        int count = 0;
        for (int side = 0; side < 4; side++) {
            if (neighbour[side] != LuDomain.NONE) {
                // what the neighbour on this side sends towards us carries the tag of the opposite side
                requests[count++] = comm.Irecv(incoming[side], 0, incoming[side].length, MPI.DOUBLE,
                        neighbour[side], TAG + (side ^ 1));
            }
        }
        for (int side = 0; side < 4; side++) {
            if (neighbour[side] != LuDomain.NONE) {
                copyLayers(field, outgoing[side], side, true);
                requests[count++] = comm.Isend(outgoing[side], 0, outgoing[side].length, MPI.DOUBLE,
                        neighbour[side], TAG + side);
            }
        }
        if (count == 0) {
            return;
        }
        Request.Waitall(requests);
        for (int side = 0; side < 4; side++) {
            if (neighbour[side] != LuDomain.NONE) {
                copyLayers(field, incoming[side], side, false);
            }
        }
    }

    /**
     * Packs the two layers a side sends ({@code pack}) or unpacks the two
     * it receives into the ghost layers beyond that side, lowest index
     * first.
     */
    private void copyLayers(double[] field, double[] buffer, int side, boolean pack) {
        boolean alongX = side < WEST;
        boolean low = side == NORTH || side == WEST;
        int n = alongX ? g.nx : g.ny;
        // sent: the first two layers towards the low side, the last two towards the high side
        int first = pack ? (low ? 0 : n - LuDomain.GHOST) : (low ? -LuDomain.GHOST : n);
        int across = alongX ? g.ny : g.nx;
        int position = 0;
        for (int k = 0; k < g.nz; k++) {
            for (int t = 0; t < across; t++) {
                for (int layer = first; layer < first + LuDomain.GHOST; layer++) {
                    int p = 5 * (alongX ? g.index(layer, t, k) : g.index(t, layer, k));
                    if (pack) {
                        System.arraycopy(field, p, buffer, position, 5);
                    } else {
                        System.arraycopy(buffer, position, field, p, 5);
                    }
                    position += 5;
                }
            }
        }
    }
}
