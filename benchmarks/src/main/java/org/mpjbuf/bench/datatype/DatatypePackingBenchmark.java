package org.mpjbuf.bench.datatype;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import mpi.Datatype;
import mpi.MPIException;
import org.mpjbuf.mpj.datatype.ArrayPacking;
import org.mpjbuf.mpj.datatype.BytePacking;
import org.mpjbuf.mpj.datatype.MappedDatatype;
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
 * Packing a derived datatype against the loop a programmer would write for the same layout.
 *
 * <ul>
 *   <li>{@code bytes*}: {@code Comm.Pack} into a {@code byte[]}, big-endian
 *       ({@link BytePacking} against a {@link VarHandle} loop);</li>
 *   <li>{@code array*}: gathering into a contiguous {@code double[]}, the copy point-to-point
 *       makes for a non-contiguous send ({@link ArrayPacking} against an indexed loop);</li>
 *   <li>{@code scatter*}: the reverse, the copy a non-contiguous receive makes from the
 *       contiguous array the message arrived in.</li>
 * </ul>
 * Average time per pack of the whole layout, in nanoseconds.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class DatatypePackingBenchmark {

    private static final VarHandle DOUBLE_BIG_ENDIAN =
        MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.BIG_ENDIAN);

    /** The layout packed. */
    @Param
    public PackedLayout layout;

    private double[] source;
    private int[] indices;
    private byte[] bytes;
    private double[] packed;
    private Datatype datatype;
    private MappedDatatype mapped;

    /**
     * Builds the source array, the datatype and the destinations.
     *
     * @throws MPIException if the datatype cannot be built
     */
    @Setup
    public void setUp() throws MPIException {
        source = new double[layout.arrayLength()];
        for (int i = 0; i < source.length; i++) {
            source[i] = i * 0.5;
        }
        indices = layout.indices();
        bytes = new byte[indices.length * Double.BYTES];
        packed = new double[indices.length];
        datatype = layout.datatype();
        datatype.Commit();
        mapped = MappedDatatype.of(datatype);
    }

    /**
     * Packs with the datatype into bytes.
     *
     * @return the packed bytes
     * @throws MPIException never, the arguments are valid
     */
    @Benchmark
    public byte[] bytesWithDatatype() throws MPIException {
        BytePacking.pack(source, layout.offset(), layout.count(), datatype, bytes, 0);
        return bytes;
    }

    /**
     * Packs with a hand-written loop into bytes.
     *
     * @return the packed bytes
     */
    @Benchmark
    public byte[] bytesWithLoop() {
        double[] from = source;
        int[] at = indices;
        byte[] to = bytes;
        for (int k = 0; k < at.length; k++) {
            DOUBLE_BIG_ENDIAN.set(to, k * Double.BYTES, from[at[k]]);
        }
        return to;
    }

    /**
     * Gathers with the datatype's runs into a contiguous array.
     *
     * @return the gathered elements
     * @throws MPIException never, the arguments are valid
     */
    @Benchmark
    public double[] arrayWithDatatype() throws MPIException {
        ArrayPacking.gather(source, layout.offset(), layout.count(), mapped, packed, 0);
        return packed;
    }

    /**
     * Gathers with a hand-written loop into a contiguous array.
     *
     * @return the gathered elements
     */
    @Benchmark
    public double[] arrayWithLoop() {
        double[] from = source;
        int[] at = indices;
        double[] to = packed;
        for (int k = 0; k < at.length; k++) {
            to[k] = from[at[k]];
        }
        return to;
    }

    /**
     * Scatters a contiguous array into the datatype's elements.
     *
     * @return the source array, written
     * @throws MPIException never, the arguments are valid
     */
    @Benchmark
    public double[] scatterWithDatatype() throws MPIException {
        ArrayPacking.scatter(packed, 0, indices.length, source, layout.offset(), layout.count(),
            mapped);
        return source;
    }

    /**
     * Scatters with a hand-written loop.
     *
     * @return the source array, written
     */
    @Benchmark
    public double[] scatterWithLoop() {
        double[] from = packed;
        int[] at = indices;
        double[] to = source;
        for (int k = 0; k < at.length; k++) {
            to[at[k]] = from[k];
        }
        return to;
    }
}
