package org.mpjbuf.bench.npb;

import java.util.concurrent.TimeUnit;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorSpecies;

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
 * Why MG's and FT's stencil loops are written with the Vector API: the same two-operand line sum
 * written four ways, one line of an MG grid (258 points) per call.
 *
 * <ul>
 *   <li>{@link #sameIndex}: {@code out[i] = f[i] + g[i]}, every access at the loop index — the
 *       JIT compiles it to vector instructions;</li>
 *   <li>{@link #shiftedIndex}: {@code out[i] = f[i - 1] + f[i + 1]}, a stencil along the line;</li>
 *   <li>{@link #offsetIndex}: {@code out[i] = f[o + i] + f[o + p + i]}, neighbours in other lines
 *       of the same flattened grid, the way MG's operators read them;</li>
 *   <li>{@link #offsetIndexVectors}: the same with explicit vectors of the machine's widest
 *       shape ({@code jdk.incubator.vector}), as the NPB kernels do.</li>
 * </ul>
 * The second and third stay scalar: the compiler cannot prove that {@code out} and {@code f} do
 * not overlap at a distance that would make the vector form wrong. A native compiler vectorises
 * them (Fortran arrays do not alias); the explicit vectors do what it does.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms256m", "--add-modules=jdk.incubator.vector"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StencilLoopBenchmark {
    private static final VectorSpecies<Double> LANES = DoubleVector.SPECIES_PREFERRED;

    /** Points per line. */
    @Param({"258"})
    public int length;

    private double[] out;
    private double[] f;
    private double[] g;
    private int plane;

    /** Fills the lines. */
    @Setup
    public void fill() {
        plane = 3 * length;
        out = new double[length];
        f = new double[length + 2 * plane];
        g = new double[length];
        for (int i = 0; i < f.length; i++) {
            f[i] = i * 0.5;
        }
        for (int i = 0; i < length; i++) {
            g[i] = i * 0.25;
        }
    }

    /**
     * Every access at the loop index.
     *
     * @return the output line
     */
    @Benchmark
    public double[] sameIndex() {
        for (int i = 1; i < length - 1; i++) {
            out[i] = f[i] + g[i];
        }
        return out;
    }

    /**
     * Neighbours along the line.
     *
     * @return the output line
     */
    @Benchmark
    public double[] shiftedIndex() {
        for (int i = 1; i < length - 1; i++) {
            out[i] = f[i - 1] + f[i + 1];
        }
        return out;
    }

    /**
     * Neighbours in other lines of the flattened grid.
     *
     * @return the output line
     */
    @Benchmark
    public double[] offsetIndex() {
        int low = plane - length;
        int high = plane + length;
        for (int i = 1; i < length - 1; i++) {
            out[i] = f[low + i] + f[high + i];
        }
        return out;
    }

    /**
     * Neighbours in other lines of the flattened grid, with explicit vectors.
     *
     * @return the output line
     */
    @Benchmark
    public double[] offsetIndexVectors() {
        int low = plane - length;
        int high = plane + length;
        int i = 1;
        for (; i <= length - 1 - LANES.length(); i += LANES.length()) {
            DoubleVector.fromArray(LANES, f, low + i).add(DoubleVector.fromArray(LANES, f, high + i)).intoArray(out, i);
        }
        for (; i < length - 1; i++) {
            out[i] = f[low + i] + f[high + i];
        }
        return out;
    }
}
