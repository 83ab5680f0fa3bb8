package org.mpjbuf.bench.npb;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How NPB CG's sparse product sums a row: one product of a block of class A's shape with a
 * vector, its rows' sums taken either as one chain of additions in the entries' order (as the
 * reference's loop does) or as four chains of fused multiply-adds, added at the end of the row.
 *
 * <p>The block is that of one rank of {@link #ranks}: 14,000 rows of about 132 entries each over
 * 14,000 columns on one rank, of about 66 entries over 7,000 columns on each of two (class A's
 * block is cut by columns on two ranks). Columns are drawn at random and stored as {@code char}
 * indexes, as {@code CgMatrix} stores them; a row's entry count varies by up to 6 either way.
 *
 * <p>Four chains let the additions of one row overlap; but a row is short, the processor already
 * overlaps the chains of consecutive rows out of order, and the four chains cost a longer loop
 * body, a remainder loop and a sum at the end of every row.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms512m", "-XX:+UseTransparentHugePages"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SparseProductBenchmark {
    private static final int ROWS = 14_000;
    private static final int ENTRIES_PER_ROW_ON_ONE_RANK = 132;

    /** How a row's products are summed. */
    public enum Summation {
        /** One chain in the entries' order: {@code sum += value * v[column]}. */
        ONE_CHAIN,
        /** Four chains of fused multiply-adds over consecutive entries, added at the row's end. */
        FOUR_FMA_CHAINS
    }

    /** The ranks class A's matrix is cut over: this is one rank's block. */
    @Param({"1", "2"})
    public int ranks;

    /** How the rows are summed. */
    @Param({"ONE_CHAIN", "FOUR_FMA_CHAINS"})
    public Summation summation;

    private int[] rowStarts;
    private char[] columns;
    private double[] values;
    private double[] v;
    private double[] w;

    /** Draws the block and the vector. */
    @Setup
    public void draw() {
        SplittableRandom random = new SplittableRandom(14_000L);
        int columnCount = ROWS / ranks;
        int perRow = ENTRIES_PER_ROW_ON_ONE_RANK / ranks;
        rowStarts = new int[ROWS + 1];
        for (int j = 0; j < ROWS; j++) {
            rowStarts[j + 1] = rowStarts[j] + perRow - 6 + random.nextInt(13);
        }
        int entries = rowStarts[ROWS];
        columns = new char[entries];
        values = new double[entries];
        for (int k = 0; k < entries; k++) {
            columns[k] = (char) random.nextInt(columnCount);
            values[k] = random.nextDouble();
        }
        v = new double[columnCount];
        for (int i = 0; i < columnCount; i++) {
            v[i] = random.nextDouble();
        }
        w = new double[ROWS];
    }

    /**
     * Multiplies the block by the vector.
     *
     * @return the product
     */
    @Benchmark
    public double[] product() {
        int[] starts = rowStarts;
        char[] cols = columns;
        double[] vals = values;
        if (summation == Summation.ONE_CHAIN) {
            for (int j = 0; j < ROWS; j++) {
                w[j] = oneChain(vals, cols, v, starts[j], starts[j + 1]);
            }
        } else {
            for (int j = 0; j < ROWS; j++) {
                w[j] = fourChains(vals, cols, v, starts[j], starts[j + 1]);
            }
        }
        return w;
    }

    private static double oneChain(double[] vals, char[] cols, double[] v, int first, int end) {
        double sum = 0.0;
        for (int k = first; k < end; k++) {
            sum += vals[k] * v[cols[k]];
        }
        return sum;
    }

    private static double fourChains(double[] vals, char[] cols, double[] v, int first, int end) {
        int k = first;
        double sum0 = 0.0;
        double sum1 = 0.0;
        double sum2 = 0.0;
        double sum3 = 0.0;
        for (; k + 3 < end; k += 4) {
            sum0 = Math.fma(vals[k], v[cols[k]], sum0);
            sum1 = Math.fma(vals[k + 1], v[cols[k + 1]], sum1);
            sum2 = Math.fma(vals[k + 2], v[cols[k + 2]], sum2);
            sum3 = Math.fma(vals[k + 3], v[cols[k + 3]], sum3);
        }
        for (; k < end; k++) {
            sum0 += vals[k] * v[cols[k]];
        }
        return (sum0 + sum1) + (sum2 + sum3);
    }
}
