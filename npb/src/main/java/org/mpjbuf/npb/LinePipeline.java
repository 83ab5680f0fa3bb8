package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * The messages of a multi-partition line solve (SP and BT): along a direction, the cells of a
 * rank's slice are solved stage by stage, a forward pass from the first stage to the last and a
 * backward pass from the last back to the first, each stage continuing from what its neighbour
 * along the direction sent. A stage receives from its predecessor, solves, and starts its send to
 * the successor without waiting for it; the last stage of the forward pass sends straight back,
 * so the backward pass starts at the stage before it. The solvers only compute, reading
 * {@code incoming} and writing {@code outgoing}.
 *
 * <p>Not thread-safe: one instance per solver, which owns the buffers.
 */
final class LinePipeline {
    /** A stage's computation; it finds its neighbour's values in {@code incoming} and leaves its own in {@code outgoing}. */
    interface Stage {
        /**
         * Solves one cell's part of a pass.
         *
         * @param cell the cell
         * @param c its index in the partition
         * @param stage its stage along the direction, from 0
         */
        void solve(SpCell cell, int c, int stage);
    }

    /** What the predecessor sent (forward pass) or the successor (backward pass). */
    final double[] incoming;
    /** What this stage sends on. */
    final double[] outgoing;
    private final Intracomm comm;
    private final SpPartition partition;
    private final int[] points;
    private final int forwardValues;
    private final int backwardValues;
    private final int forwardTag;
    private final int backwardTag;
    private Request pendingSend;

    /**
     * Creates the pipeline of a rank's cells.
     *
     * @param comm the communicator of the active ranks
     * @param partition this rank's cells
     * @param points the grid's points along each direction
     * @param forwardValues the values a line sends forward
     * @param backwardValues the values a line sends backward
     * @param tag the first of the tags this pipeline uses (forward: {@code tag + dir}, backward:
     *        {@code tag + 100 + dir})
     */
    LinePipeline(Intracomm comm, SpPartition partition, int[] points, int forwardValues, int backwardValues,
                 int tag) {
        this.comm = comm;
        this.partition = partition;
        this.points = points;
        this.forwardValues = forwardValues;
        this.backwardValues = backwardValues;
        this.forwardTag = tag;
        this.backwardTag = tag + 100;
        int lines = 0;
        for (SpCell cell : partition.cells) {
            for (int dir = 0; dir < 3; dir++) {
                lines = Math.max(lines, cell.lineCount(dir, points));
            }
        }
        int values = Math.max(forwardValues, backwardValues) * lines;
        incoming = new double[values];
        outgoing = new double[values];
    }

    /**
     * Runs the forward then the backward pass along a direction.
     *
     * @param dir the direction
     * @param forward a stage's forward computation; at the last stage it leaves the backward values
     * @param backward a stage's backward computation, for every stage but the last
     * @throws MPIException if communication fails
     */
    void run(int dir, Stage forward, Stage backward) throws MPIException {
        int q = partition.cellsPerSide;
        for (int stage = 0; stage < q; stage++) {
            int c = partition.slice[dir][stage];
            SpCell cell = partition.cells[c];
            int lines = cell.lineCount(dir, points);
            if (stage > 0) {
                comm.Recv(incoming, 0, forwardValues * lines, MPI.DOUBLE, partition.predecessor[dir],
                        forwardTag + dir);
            }
            awaitSend();
            forward.solve(cell, c, stage);
            if (stage < q - 1) {
                pendingSend = comm.Isend(outgoing, 0, forwardValues * lines, MPI.DOUBLE, partition.successor[dir],
                        forwardTag + dir);
            } else if (stage > 0) {
                pendingSend = comm.Isend(outgoing, 0, backwardValues * lines, MPI.DOUBLE,
                        partition.predecessor[dir], backwardTag + dir);
            }
        }
        for (int stage = q - 2; stage >= 0; stage--) {
            int c = partition.slice[dir][stage];
            SpCell cell = partition.cells[c];
            int count = backwardValues * cell.lineCount(dir, points);
            comm.Recv(incoming, 0, count, MPI.DOUBLE, partition.successor[dir], backwardTag + dir);
            awaitSend();
            backward.solve(cell, c, stage);
            if (stage > 0) {
                pendingSend = comm.Isend(outgoing, 0, count, MPI.DOUBLE, partition.predecessor[dir],
                        backwardTag + dir);
            }
        }
        awaitSend();
    }

    private void awaitSend() throws MPIException {
        if (pendingSend != null) {
            pendingSend.Wait();
            pendingSend = null;
        }
    }
}
