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
 *
 * <p>Storage. The product streams the whole block from memory once per
 * multiplication, so its speed is set by the bytes per entry: a value (8
 * bytes) and a column index. Indexes are stored as {@code char}, 2 bytes
 * instead of an {@code int}'s 4 (10 bytes per entry instead of 12; about
 * 10 % more Mop/s on class A in interleaved runs, see the npb README). A block wider than the
 * 65536 columns a {@code char} can address is cut into column panels of at
 * most that width, stored one after the other, each in compressed rows with
 * indexes relative to the panel's first column; the product adds the panels'
 * row sums in panel order. Class B at one rank has two panels; every block of
 * class A, and of class B on two or more ranks, has one.
 *
 * <p>Immutable after construction; not shared between ranks.
 */
final class CgMatrix {
    private static final double RCOND = 0.1;

    /** The widest panel: the number of columns a {@code char} index can address. */
    static final int MAX_PANEL_WIDTH = Character.MAX_VALUE + 1;

    private final int rowCount;
    private final int colCount;
    private final int panelWidth;
    private final int panelCount;
    /**
     * Start of row {@code j} of panel {@code p} in {@link #columns} and
     * {@link #values} at {@code p * rowCount + j}; {@code panelCount *
     * rowCount + 1} entries.
     */
    private final int[] rowStarts;
    /** Column of each entry, relative to the first column of its panel. */
    private final char[] columns;
    /** Value of each entry. */
    private final double[] values;
    /** A panel's part of the vector being multiplied; empty when there is one panel. */
    private final double[] panelVector;

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
        this(random, n, nonzer, shift, decomposition.firstRow(), decomposition.rowCount(),
                decomposition.firstCol(), decomposition.colCount(), MAX_PANEL_WIDTH);
    }

    /**
     * Generates the block of rows {@code firstRow .. firstRow + rowCount - 1}
     * and columns {@code firstCol .. firstCol + colCount - 1}, in panels of at
     * most {@code maxPanelWidth} columns.
     *
     * @param random the generator, positioned after the first draw of the run
     * @param n the matrix order
     * @param nonzer the random entries per generating vector
     * @param shift the eigenvalue shift
     * @param firstRow the block's first row
     * @param rowCount the block's rows
     * @param firstCol the block's first column
     * @param colCount the block's columns
     * @param maxPanelWidth the widest panel, 1 to {@link #MAX_PANEL_WIDTH}
     * @throws IllegalArgumentException if {@code maxPanelWidth} is out of range
     */
    CgMatrix(NpbRandom random, int n, int nonzer, double shift, int firstRow, int rowCount, int firstCol,
            int colCount, int maxPanelWidth) {
        if (maxPanelWidth < 1 || maxPanelWidth > MAX_PANEL_WIDTH) {
            throw new IllegalArgumentException("maxPanelWidth " + maxPanelWidth + " is not in [1, "
                    + MAX_PANEL_WIDTH + "]");
        }
        this.rowCount = rowCount;
        this.colCount = colCount;
        panelCount = Math.max(1, (colCount + maxPanelWidth - 1) / maxPanelWidth);
        panelWidth = Math.max(1, (colCount + panelCount - 1) / panelCount);
        generateTriples(random, n, nonzer, shift, firstRow, firstRow + rowCount - 1, firstCol,
                firstCol + colCount - 1);
        int[] rows = new int[rowCount + 1];
        int[] cols = new int[tripleCount];
        double[] vals = new double[tripleCount];
        int entries = assemble(n, firstRow, rows, cols, vals);
        tripleRows = null;
        tripleCols = null;
        tripleValues = null;

        rowStarts = new int[panelCount * rowCount + 1];
        for (int j = 0; j < rowCount; j++) {
            for (int k = rows[j]; k < rows[j + 1]; k++) {
                rowStarts[panelOf(cols[k] - firstCol) * rowCount + j + 1]++;
            }
        }
        for (int slot = 1; slot < rowStarts.length; slot++) {
            rowStarts[slot] += rowStarts[slot - 1];
        }
        panelVector = new double[panelCount == 1 ? 0 : panelWidth];
        int[] next = Arrays.copyOf(rowStarts, rowStarts.length - 1);
        columns = new char[entries];
        values = new double[entries];
        for (int j = 0; j < rowCount; j++) {
            for (int k = rows[j]; k < rows[j + 1]; k++) {
                int col = cols[k] - firstCol;
                int panel = panelOf(col);
                int slot = next[panel * rowCount + j]++;
                columns[slot] = (char) (col - panel * panelWidth);
                values[slot] = vals[k];
            }
        }
    }

    private int panelOf(int col) {
        return col / panelWidth;
    }

    /** {@return the number of column panels the block is stored in} */
    int panelCount() {
        return panelCount;
    }

    /**
     * {@code w = B v} for this block {@code B}.
     *
     * <p>Each row's products are summed in one chain, in the entries' order,
     * as the reference's loop sums them. Four chains of fused multiply-adds,
     * added at the end of the row, were used before: a row's chain of
     * additions then waits less on itself, but a row is short (about 132
     * entries on one rank of class A, 66 on each of two), the processor
     * already overlaps consecutive rows' chains out of order, and the four
     * chains cost a longer loop, a remainder loop and a final sum per row. One
     * chain took 9-12 % less time per product of a two-rank block of class A
     * ({@code SparseProductBenchmark}, benchmarks module) and as much or less
     * for a one-rank block.
     *
     * <p>Design note. The rows of the first panel (the only one at class A
     * and B on 2 ranks) are run by this method's own loop, not by a call
     * out of it. The compiled CG step calls this method out of line (a call
     * made 26 times per CG iteration is too rare for the optimising compiler
     * to inline), so this method is compiled on its own. A loop makes the
     * compiler do that after a few hundred calls. Without one, it waited for
     * 5,000 calls, about 190 CG iterations: the end of the warm-up. Both
     * ranks' copies were then compiled inside class A's timed part, 11-12 ms
     * each (a JFR recording of the compilations), on the processors the
     * ranks occupy. With the loop here, CG class A on 2 ranks of smdev ran
     * ahead in 10 of 14 pairs of runs in turn, with a median of 5676 Mop/s
     * against 5357, and the compiler threads' time inside the timed part
     * went from 0.02-0.07 s to 0.01-0.05 s.
     *
     * @param v the vector, one entry per column of the block
     * @param w receives the product, one entry per row of the block
     */
    void multiply(double[] v, double[] w) {
        int[] starts = rowStarts;
        char[] cols = columns;
        double[] vals = values;
        // the first panel's columns start at 0: v serves as its vector, and its sums are stored
        for (int j = 0; j < rowCount; j++) {
            w[j] = rowProduct(vals, cols, v, starts[j], starts[j + 1]);
        }
        for (int panel = 1; panel < panelCount; panel++) {
            int base = panel * panelWidth;
            System.arraycopy(v, base, panelVector, 0, Math.min(panelWidth, colCount - base));
            addPanelProduct(panel, panelVector, w);
        }
    }

    /**
     * {@code w += P v} for panel {@code P} after the first, with {@code v}
     * indexed from the panel's first column. The panel's vector is passed
     * starting at index 0 (copied) rather than indexed with the panel's
     * offset: an offset added to every index made the loop 20 % slower (C2,
     * JDK 25).
     */
    private void addPanelProduct(int panel, double[] v, double[] w) {
        int[] starts = rowStarts;
        char[] cols = columns;
        double[] vals = values;
        int firstSlot = panel * rowCount;
        for (int j = 0; j < rowCount; j++) {
            w[j] += rowProduct(vals, cols, v, starts[firstSlot + j], starts[firstSlot + j + 1]);
        }
    }

    /** {@return the sum of {@code vals[k] * v[cols[k]]} for {@code k} from {@code first} to before {@code end}} */
    private static double rowProduct(double[] vals, char[] cols, double[] v, int first, int end) {
        double sum = 0.0;
        for (int k = first; k < end; k++) {
            sum += vals[k] * v[cols[k]];
        }
        return sum;
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
     * fills {@code starts} with the rows' starts in {@code cols} and
     * {@code vals}, and returns the number of entries kept.
     */
    private int assemble(int n, int firstRow, int[] starts, int[] cols, double[] vals) {
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
