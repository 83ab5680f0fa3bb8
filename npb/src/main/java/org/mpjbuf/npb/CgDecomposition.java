package org.mpjbuf.npb;

import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;

/**
 * How CG spreads the matrix and the vectors over the ranks, and the
 * point-to-point exchanges that combine the partial results.
 *
 * <p>Design note (NPB 3.4 MPI {@code cg.f}, {@code setup_proc_info} and
 * {@code setup_submatrix_info}). The {@code p} ranks form a grid of
 * {@code rows x cols} with {@code cols = rows} or {@code cols = 2 rows}; rank
 * {@code (i, j)} holds the block of the matrix in row block {@code i} and
 * column block {@code j}, and the vectors' entries of its columns, so every
 * grid row holds one full copy of each vector. When the grid is not square,
 * a column block is half of a row block: the even rank of a pair takes the
 * first half, the odd rank the second.
 * <pre>
 *   q = A p on a 2 x 2 grid:     w(i) = sum_j A(i,j) p(j)
 *
 *     cols:   0      1           1. each rank multiplies its block
 *   row 0 | A00 |  A01 |         2. w is summed along the grid row by
 *   row 1 | A10 |  A11 |            recursive doubling (log2 cols steps)
 *                                3. rank (i, j) sends the sum to the rank
 *                                   (j, i) holding column block i
 * </pre>
 * Dot products are summed along the grid row in the same steps. With a
 * non-square grid the first summing step goes to the odd/even partner and
 * trades halves (each keeps the half it owns), and the later steps sum only
 * that half; the transpose partner then holds the matching column half.
 *
 * <p>Not thread-safe: one instance per rank.
 */
final class CgDecomposition {
    private static final int TRANSPOSE_TAG = 1;

    private final Intracomm comm;
    private final int rank;
    private final int firstRow;
    private final int rowCount;
    private final int firstCol;
    private final int colCount;
    private final int sendStart;
    private final int sendLength;
    private final int transposePartner;
    private final int[] partners;
    private final int[] stepSendStarts;
    private final int[] stepSendLengths;
    private final double[] scalarOut = new double[2];
    private final double[] scalarIn = new double[2];
    private final double[] incoming;

    /**
     * Computes this rank's blocks for an {@code n x n} matrix.
     *
     * @param comm the communicator, of a power-of-two size
     * @param n the matrix order
     * @throws MPIException if the communicator cannot be queried
     */
    CgDecomposition(Intracomm comm, int n) throws MPIException {
        this.comm = comm;
        this.rank = comm.Rank();
        int processes = comm.Size();
        int log2 = Integer.numberOfTrailingZeros(processes);
        int cols = 1 << ((log2 + 1) / 2);
        int rows = processes / cols;
        int procRow = rank / cols;
        int procCol = rank % cols;
        boolean square = rows == cols;

        firstRow = blockStart(n, rows, procRow);
        rowCount = blockSize(n, rows, procRow);
        if (square) {
            firstCol = blockStart(n, cols, procCol);
            colCount = blockSize(n, cols, procCol);
        } else {
            int pairStart = blockStart(n, cols / 2, procCol / 2);
            int pairSize = blockSize(n, cols / 2, procCol / 2);
            firstCol = (rank & 1) == 0 ? pairStart : pairStart + (pairSize + 1) / 2;
            colCount = (rank & 1) == 0 ? (pairSize + 1) / 2 : pairSize / 2;
        }
        if (square) {
            sendStart = 0;
            sendLength = rowCount;
            transposePartner = (rank % rows) * rows + rank / rows;
        } else {
            sendStart = (rank & 1) == 0 ? 0 : (rowCount + 1) / 2;
            sendLength = (rank & 1) == 0 ? (rowCount + 1) / 2 : rowCount / 2;
            int pair = rank / 2;
            transposePartner = 2 * ((pair % rows) * rows + pair / rows) + (rank & 1);
        }

        int steps = Integer.numberOfTrailingZeros(cols);
        partners = new int[steps];
        stepSendStarts = new int[steps];
        stepSendLengths = new int[steps];
        for (int step = 0; step < steps; step++) {
            int bit = square ? cols >> (step + 1) : (step == 0 ? 1 : cols >> step);
            partners[step] = procRow * cols + (procCol ^ bit);
            if (!square && step == 0) {
                stepSendStarts[step] = (rank & 1) == 0 ? sendLength : 0;
                stepSendLengths[step] = rowCount - sendLength;
            } else {
                stepSendStarts[step] = sendStart;
                stepSendLengths[step] = sendLength;
            }
        }
        incoming = new double[Math.max(rowCount, colCount) + 1];
    }

    private static int blockSize(int n, int parts, int index) {
        return n / parts + (index < n % parts ? 1 : 0);
    }

    private static int blockStart(int n, int parts, int index) {
        int extra = n % parts;
        int size = n / parts;
        return index < extra ? index * (size + 1) : extra * (size + 1) + (index - extra) * size;
    }

    /** {@return the first global row of this rank's block} */
    int firstRow() {
        return firstRow;
    }

    /** {@return the number of rows in this rank's block} */
    int rowCount() {
        return rowCount;
    }

    /** {@return the first global column of this rank's block} */
    int firstCol() {
        return firstCol;
    }

    /** {@return the number of columns in this rank's block, the length of the local vectors} */
    int colCount() {
        return colCount;
    }

    /**
     * Completes {@code q = A p}: sums the partial products {@code w} along
     * the grid row and moves the sum to the ranks holding the matching
     * columns.
     *
     * @param w this rank's partial product, {@link #rowCount()} entries;
     *        overwritten with partial sums
     * @param q receives the product for this rank's columns
     * @throws MPIException if communication fails
     */
    void sumAndTranspose(double[] w, double[] q) throws MPIException {
        for (int step = 0; step < partners.length; step++) {
            Request request = comm.Irecv(incoming, 0, sendLength, MPI.DOUBLE, partners[step], step + 2);
            comm.Send(w, stepSendStarts[step], stepSendLengths[step], MPI.DOUBLE, partners[step], step + 2);
            request.Wait();
            for (int j = 0; j < sendLength; j++) {
                w[sendStart + j] += incoming[j];
            }
        }
        if (transposePartner == rank) {
            System.arraycopy(w, sendStart, q, 0, colCount);
        } else {
            Request request = comm.Irecv(q, 0, colCount, MPI.DOUBLE, transposePartner, TRANSPOSE_TAG);
            comm.Send(w, sendStart, sendLength, MPI.DOUBLE, transposePartner, TRANSPOSE_TAG);
            request.Wait();
        }
    }

    /**
     * Sums a partial dot product along the grid row.
     *
     * @param partial this rank's part
     * @return the full dot product, the same on the whole grid row
     * @throws MPIException if communication fails
     */
    double sum(double partial) throws MPIException {
        scalarOut[0] = partial;
        sum(1);
        return scalarOut[0];
    }

    /**
     * Sums two partial dot products along the grid row.
     *
     * @param first the first partial sum
     * @param second the second partial sum
     * @return the two sums, in a new array
     * @throws MPIException if communication fails
     */
    double[] sum(double first, double second) throws MPIException {
        scalarOut[0] = first;
        scalarOut[1] = second;
        sum(2);
        return new double[] {scalarOut[0], scalarOut[1]};
    }

    private void sum(int count) throws MPIException {
        for (int step = 0; step < partners.length; step++) {
            Request request = comm.Irecv(scalarIn, 0, count, MPI.DOUBLE, partners[step], step + 2);
            comm.Send(scalarOut, 0, count, MPI.DOUBLE, partners[step], step + 2);
            request.Wait();
            for (int i = 0; i < count; i++) {
                scalarOut[i] += scalarIn[i];
            }
        }
    }
}
