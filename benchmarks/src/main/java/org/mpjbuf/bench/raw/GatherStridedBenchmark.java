package org.mpjbuf.bench.raw;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Gather/scatter of ints by a random index array, and strided gather/scatter of a rank-2 region of a
 * row-major double matrix, on a pooled native {@link org.mpjbuf.raw.RawBuffer}, each against the plain
 * indexed loop a user would write over the bare segment (no checks).
 *
 * <p>The strided region takes {@code count / 64} rows of 64 elements from a matrix of 128 columns: with
 * column stride 2 (every other element, an element loop) and with column stride 1 (whole row runs, one bulk
 * copy per row).
 */
public class GatherStridedBenchmark extends RawBenchmarkSettings {
    private static final int COLUMNS = 128;
    private static final int REGION_COLUMNS = 64;

    /** Elements per operation. */
    @Param({"256", "16384"})
    public int count;

    private int[] ints;
    private int[] indexes;
    private double[] matrix;
    private int rows;
    private int[] everyOtherColumn;
    private int[] wholeRows;

    /** Allocates the buffer and builds the arrays and shapes. */
    @Setup
    public void setUp() {
        allocate(count * Double.BYTES);
        final SplittableRandom random = new SplittableRandom(42);
        ints = new int[count * 4];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = random.nextInt();
        }
        indexes = new int[count];
        for (int k = 0; k < count; k++) {
            indexes[k] = random.nextInt(ints.length);
        }
        rows = count / REGION_COLUMNS;
        matrix = new double[rows * COLUMNS];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = i;
        }
        everyOtherColumn = new int[] {rows, REGION_COLUMNS, COLUMNS, 2};
        wholeRows = new int[] {rows, REGION_COLUMNS, COLUMNS, 1};
    }

    /** Baseline: gather with a plain loop over the bare segment. */
    @Benchmark
    public void gatherIntsLoop() {
        final int[] src = ints;
        final int[] idx = indexes;
        for (int k = 0; k < idx.length; k++) {
            segment.set(INT, (long) k * Integer.BYTES, src[idx[k]]);
        }
    }

    /** Gather into the buffer. */
    @Benchmark
    public void gatherIntsRaw() {
        buffer.gather(0, ints, indexes, 0, count);
    }

    /** Baseline: scatter with a plain loop over the bare segment. */
    @Benchmark
    public int[] scatterIntsLoop() {
        final int[] dst = ints;
        final int[] idx = indexes;
        for (int k = 0; k < idx.length; k++) {
            dst[idx[k]] = segment.get(INT, (long) k * Integer.BYTES);
        }
        return dst;
    }

    /** Scatter from the buffer. */
    @Benchmark
    public int[] scatterIntsRaw() {
        buffer.scatter(0, ints, indexes, 0, count);
        return ints;
    }

    /** Baseline: every other column of the region with nested loops over the bare segment. */
    @Benchmark
    public void stridedGatherLoop() {
        strided(2);
    }

    /** Every other column of the region, through the buffer. */
    @Benchmark
    public int stridedGatherRaw() {
        return buffer.stridedGather(0, matrix, 0, 2, 0, 2, everyOtherColumn);
    }

    /** Baseline: whole row runs of the region with nested loops over the bare segment. */
    @Benchmark
    public void rowsGatherLoop() {
        strided(1);
    }

    /** Whole row runs of the region, through the buffer. */
    @Benchmark
    public int rowsGatherRaw() {
        return buffer.stridedGather(0, matrix, 0, 2, 0, 2, wholeRows);
    }

    /** Baseline: scatter every other column of the region with nested loops over the bare segment. */
    @Benchmark
    public double[] stridedScatterLoop() {
        final double[] dst = matrix;
        long index = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0, element = r * COLUMNS; c < REGION_COLUMNS; c++, element += 2) {
                dst[element] = segment.get(DOUBLE, index);
                index += Double.BYTES;
            }
        }
        return dst;
    }

    /** Scatter every other column of the region, through the buffer. */
    @Benchmark
    public int stridedScatterRaw() {
        return buffer.stridedScatter(0, matrix, 0, 2, 0, 2, everyOtherColumn);
    }

    private void strided(final int columnStride) {
        final double[] src = matrix;
        long index = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0, element = r * COLUMNS; c < REGION_COLUMNS; c++, element += columnStride) {
                segment.set(DOUBLE, index, src[element]);
                index += Double.BYTES;
            }
        }
    }
}
