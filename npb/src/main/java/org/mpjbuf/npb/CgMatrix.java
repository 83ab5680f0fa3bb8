package org.mpjbuf.npb;

import java.util.Arrays;

/**
 * One rank's block of the CG matrix in compressed sparse rows, generated as
 * the NPB specification prescribes ({@code makea}, {@code sprnvc},
 * {@code vecset} and {@code sparse} of NPB 3.4 MPI {@code cg.f}).
 *
 * <p>Design note. The matrix is {@code A = sum_k size_k v_k v_k^T + (rcond -
 * shift) I}, {@code k = 1..n}, where {@code v_k} is a random sparse vector
 * with {@code nonzer} random entries at random positions plus {@code 0.5} at
 * position {@code k}, and {@code size_k = rcond^((k-1)/n)}. Every rank draws
 * the whole random sequence (so all ranks see the same vectors) and keeps the
 * outer-product entries falling in its block, as (row, column, value)
 * triples; the triples are bucket-sorted by row and duplicates in a row are
 * summed in the order they were generated, which fixes the rounding.
 * Column indexes are stored relative to the block's first column.
 *
 * <p>Immutable after construction; not shared between ranks.
 */
final class CgMatrix {
    private static final double RCOND = 0.1;

    /** Start of each row in {@link #columns} and {@link #values}; {@code rowCount + 1} entries. */
    final int[] rowStarts;
    /** Column of each entry, relative to the block's first column. */
    final int[] columns;
    /** Value of each entry. */
    final double[] values;

    private int tripleCount;
    private int[] tripleRows = new int[1024];
    private int[] tripleCols = new int[1024];
    private double[] tripleValues = new double[1024];

    /**
     * Generates a rank's block.
     *
     * @param random the generator, positioned after the first draw of the run
     * @param n the matrix order
     * @param nonzer the random entries per generating vector
     * @param shift the eigenvalue shift
     * @param decomposition the rank's rows and columns
     */
    CgMatrix(NpbRandom random, int n, int nonzer, double shift, CgDecomposition decomposition) {
        int firstRow = decomposition.firstRow();
        int lastRow = firstRow + decomposition.rowCount() - 1;
        int firstCol = decomposition.firstCol();
        int lastCol = firstCol + decomposition.colCount() - 1;
        generateTriples(random, n, nonzer, shift, firstRow, lastRow, firstCol, lastCol);
        int rowCount = decomposition.rowCount();
        rowStarts = new int[rowCount + 1];
        int[] cols = new int[tripleCount];
        double[] vals = new double[tripleCount];
        int entries = assemble(n, firstRow, rowCount, cols, vals);
        columns = new int[entries];
        values = new double[entries];
        for (int k = 0; k < entries; k++) {
            columns[k] = cols[k] - firstCol;
            values[k] = vals[k];
        }
        tripleRows = null;
        tripleCols = null;
        tripleValues = null;
    }

    private void generateTriples(NpbRandom random, int n, int nonzer, double shift,
            int firstRow, int lastRow, int firstCol, int lastCol) {
        int powerOfTwo = 1;
        while (powerOfTwo < n) {
            powerOfTwo <<= 1;
        }
        double ratio = Math.pow(RCOND, 1.0 / n);
        double size = 1.0;
        double[] vector = new double[nonzer + 1];
        int[] positions = new int[nonzer + 1];
        for (int outer = 0; outer < n; outer++) {
            int count = randomSparseVector(random, n, nonzer, powerOfTwo, vector, positions);
            count = setEntry(vector, positions, count, outer, 0.5);
            for (int ic = 0; ic < count; ic++) {
                int col = positions[ic];
                if (col >= firstCol && col <= lastCol) {
                    double scale = size * vector[ic];
                    for (int ir = 0; ir < count; ir++) {
                        int row = positions[ir];
                        if (row >= firstRow && row <= lastRow) {
                            addTriple(row, col, vector[ir] * scale);
                        }
                    }
                }
            }
            size *= ratio;
        }
        for (int i = firstRow; i <= lastRow; i++) {
            if (i >= firstCol && i <= lastCol) {
                addTriple(i, i, RCOND - shift);
            }
        }
    }

    /** Draws {@code nonzer} distinct random positions in {@code [0, n)} with random values ({@code sprnvc}). */
    private static int randomSparseVector(NpbRandom random, int n, int nonzer, int powerOfTwo,
            double[] vector, int[] positions) {
        int count = 0;
        while (count < nonzer) {
            double value = random.next(NpbRandom.DEFAULT_MULTIPLIER);
            double location = random.next(NpbRandom.DEFAULT_MULTIPLIER);
            int position = (int) (powerOfTwo * location);
            if (position >= n || contains(positions, count, position)) {
                continue;
            }
            vector[count] = value;
            positions[count] = position;
            count++;
        }
        return count;
    }

    private static boolean contains(int[] positions, int count, int position) {
        for (int i = 0; i < count; i++) {
            if (positions[i] == position) {
                return true;
            }
        }
        return false;
    }

    /** Sets entry {@code position} to {@code value}, appending it if absent ({@code vecset}). */
    private static int setEntry(double[] vector, int[] positions, int count, int position, double value) {
        for (int i = 0; i < count; i++) {
            if (positions[i] == position) {
                vector[i] = value;
                return count;
            }
        }
        vector[count] = value;
        positions[count] = position;
        return count + 1;
    }

    private void addTriple(int row, int col, double value) {
        if (tripleCount == tripleRows.length) {
            int capacity = tripleRows.length * 2;
            tripleRows = Arrays.copyOf(tripleRows, capacity);
            tripleCols = Arrays.copyOf(tripleCols, capacity);
            tripleValues = Arrays.copyOf(tripleValues, capacity);
        }
        tripleRows[tripleCount] = row;
        tripleCols[tripleCount] = col;
        tripleValues[tripleCount] = value;
        tripleCount++;
    }

    /**
     * Sorts the triples into rows and sums duplicates ({@code sparse});
     * fills {@link #rowStarts} and returns the number of entries kept.
     */
    private int assemble(int n, int firstRow, int rowCount, int[] cols, double[] vals) {
        int[] starts = rowStarts;
        for (int i = 0; i < tripleCount; i++) {
            starts[tripleRows[i] - firstRow + 1]++;
        }
        for (int j = 1; j <= rowCount; j++) {
            starts[j] += starts[j - 1];
        }
        int[] next = Arrays.copyOf(starts, rowCount);
        for (int i = 0; i < tripleCount; i++) {
            int k = next[tripleRows[i] - firstRow]++;
            vals[k] = tripleValues[i];
            cols[k] = tripleCols[i];
        }
        double[] accumulator = new double[n];
        boolean[] marked = new boolean[n];
        int[] touched = new int[n];
        int kept = 0;
        int rowBegin = 0;
        for (int j = 0; j < rowCount; j++) {
            int touchedCount = 0;
            int rowEnd = starts[j + 1];
            for (int k = rowBegin; k < rowEnd; k++) {
                int col = cols[k];
                accumulator[col] += vals[k];
                if (!marked[col] && accumulator[col] != 0.0) {
                    marked[col] = true;
                    touched[touchedCount++] = col;
                }
            }
            for (int t = 0; t < touchedCount; t++) {
                int col = touched[t];
                marked[col] = false;
                double value = accumulator[col];
                accumulator[col] = 0.0;
                if (value != 0.0) {
                    vals[kept] = value;
                    cols[kept] = col;
                    kept++;
                }
            }
            rowBegin = rowEnd;
            starts[j + 1] = kept;
        }
        return kept;
    }
}
