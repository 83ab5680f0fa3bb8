package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * SP's ghost exchange: every cell gets the two layers of the solution
 * beyond each of its faces that lie inside the grid, from the cells next to
 * it.
 *
 * <p>Design note (NPB 3.4 MPI {@code copy_faces.f}). Along each direction,
 * the neighbours of all of a rank's cells on one side belong to one rank
 * ({@link SpPartition}), so the exchange is six messages out and six in per
 * rank: per direction, the last two layers of every cell that has a next
 * cell go to the successor, the first two of every cell that has a previous
 * one to the predecessor. A message holds the cells in the order of their
 * index {@code c}, which is the order in which the receiver's matching cells
 * come. All receives are posted first, then the sends, then every request
 * is awaited. With one cell per side (one rank) there is nothing to
 * exchange.
 *
 * <p>Not thread-safe: one instance per rank, which owns its buffers.
 */
final class SpFaces {
    private static final int TAG = 7000;
    private static final int LAYERS = 2;

    private final Intracomm comm;
    private final SpPartition partition;
    private final double[][] outgoing = new double[6][];
    private final double[][] incoming = new double[6][];
    private final Request[] requests = new Request[12];

    /**
     * Creates the exchange of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     */
    SpFaces(Intracomm comm, SpPartition partition) {
        this.comm = comm;
        this.partition = partition;
        for (int dir = 0; dir < 3; dir++) {
            for (int side = 0; side < 2; side++) {
                // the layers sent from the cells with a neighbour on this side arrive in those with one on the other
                outgoing[2 * dir + side] = new double[layersLength(dir, side)];
                incoming[2 * dir + side] = new double[layersLength(dir, 1 - side)];
            }
        }
    }

    /**
     * Fills every cell's ghost layers from its neighbours.
     *
     * @throws MPIException if communication fails
     */
    void exchange() throws MPIException {
        if (partition.cellsPerSide == 1) {
            return;
        }
        for (int dir = 0; dir < 3; dir++) {
            // side 0: the first layers, to the predecessor; side 1: the last layers, to the successor
            requests[4 * dir] = comm.Irecv(incoming[2 * dir], 0, incoming[2 * dir].length, MPI.DOUBLE,
                    partition.successor[dir], TAG + 2 * dir);
            requests[4 * dir + 1] = comm.Irecv(incoming[2 * dir + 1], 0, incoming[2 * dir + 1].length, MPI.DOUBLE,
                    partition.predecessor[dir], TAG + 2 * dir + 1);
        }
        for (int dir = 0; dir < 3; dir++) {
            copyLayers(dir, 0, true);
            copyLayers(dir, 1, true);
            requests[4 * dir + 2] = comm.Isend(outgoing[2 * dir], 0, outgoing[2 * dir].length, MPI.DOUBLE,
                    partition.predecessor[dir], TAG + 2 * dir);
            requests[4 * dir + 3] = comm.Isend(outgoing[2 * dir + 1], 0, outgoing[2 * dir + 1].length, MPI.DOUBLE,
                    partition.successor[dir], TAG + 2 * dir + 1);
        }
        Request.Waitall(requests);
        for (int dir = 0; dir < 3; dir++) {
            copyLayers(dir, 0, false);
            copyLayers(dir, 1, false);
        }
    }

    /**
     * Packs the layers a side sends ({@code pack}) or unpacks those it
     * receives: side 0 sends the first two layers to the predecessor and
     * receives the successor's into the layers after the cell; side 1 sends
     * the last two to the successor and receives the predecessor's into the
     * layers before the cell.
     */
    private void copyLayers(int dir, int side, boolean pack) {
        double[] buffer = pack ? outgoing[2 * dir + side] : incoming[2 * dir + side];
        int a = dir == 0 ? 1 : 0;
        int b = dir == 2 ? 1 : 2;
        int position = 0;
        for (SpCell cell : partition.cells) {
            // a cell sends on its side and receives on the other
            int neighbourSide = pack ? side : 1 - side;
            if (!hasNeighbour(cell, dir, neighbourSide)) {
                continue;
            }
            int firstLayer;
            if (pack) {
                firstLayer = side == 0 ? 0 : cell.size[dir] - LAYERS;
            } else {
                firstLayer = side == 0 ? cell.size[dir] : -LAYERS;
            }
            int v = cell.volume;
            int[] local = new int[3];
            for (int m = 0; m < 5; m++) {
                for (int layer = 0; layer < LAYERS; layer++) {
                    local[dir] = firstLayer + layer;
                    for (local[b] = 0; local[b] < cell.size[b]; local[b]++) {
                        for (local[a] = 0; local[a] < cell.size[a]; local[a]++) {
                            int p = m * v + cell.index(local[0], local[1], local[2]);
                            if (pack) {
                                buffer[position++] = cell.u[p];
                            } else {
                                cell.u[p] = buffer[position++];
                            }
                        }
                    }
                }
            }
        }
    }

    /** {@return whether a cell has a neighbouring cell before it (side 0) or after it (side 1) along {@code dir}} */
    private boolean hasNeighbour(SpCell cell, int dir, int side) {
        return side == 0 ? cell.coord[dir] > 0 : cell.coord[dir] < partition.cellsPerSide - 1;
    }

    /** {@return the values in the layers of all cells with a neighbour on {@code side} along {@code dir}} */
    private int layersLength(int dir, int side) {
        int length = 0;
        for (SpCell cell : partition.cells) {
            if (hasNeighbour(cell, dir, side)) {
                length += 5 * LAYERS * cell.size[(dir + 1) % 3] * cell.size[(dir + 2) % 3];
            }
        }
        return length;
    }
}
