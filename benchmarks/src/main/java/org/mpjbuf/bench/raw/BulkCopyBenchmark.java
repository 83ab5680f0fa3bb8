package org.mpjbuf.bench.raw;

import java.lang.foreign.MemorySegment;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Bulk copies of int and double arrays into and out of a pooled native {@link org.mpjbuf.raw.RawBuffer},
 * against the same {@link MemorySegment#copy(Object, int, MemorySegment, java.lang.foreign.ValueLayout, long, int)}
 * on the bare segment: the difference is the cost of the buffer's checks and dispatch.
 */
public class BulkCopyBenchmark extends RawBenchmarkSettings {
    /** Bytes copied per operation: 64 B, 4 KiB, 256 KiB, 4 MiB. */
    @Param({"64", "4096", "262144", "4194304"})
    public int bytes;

    private int[] ints;
    private double[] doubles;

    /** Allocates the buffer and fills the arrays. */
    @Setup
    public void setUp() {
        allocate(bytes);
        ints = new int[bytes / Integer.BYTES];
        doubles = new double[bytes / Double.BYTES];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = i * 31;
        }
        for (int i = 0; i < doubles.length; i++) {
            doubles[i] = i * 0.5;
        }
    }

    /** Baseline: ints into the bare segment. */
    @Benchmark
    public void putIntsSegment() {
        MemorySegment.copy(ints, 0, segment, INT, 0, ints.length);
    }

    /** Ints into the buffer. */
    @Benchmark
    public void putIntsRaw() {
        buffer.putInts(0, ints, 0, ints.length);
    }

    /** Baseline: ints out of the bare segment. */
    @Benchmark
    public int[] getIntsSegment() {
        MemorySegment.copy(segment, INT, 0, ints, 0, ints.length);
        return ints;
    }

    /** Ints out of the buffer. */
    @Benchmark
    public int[] getIntsRaw() {
        buffer.getInts(0, ints, 0, ints.length);
        return ints;
    }

    /** Baseline: doubles into the bare segment. */
    @Benchmark
    public void putDoublesSegment() {
        MemorySegment.copy(doubles, 0, segment, DOUBLE, 0, doubles.length);
    }

    /** Doubles into the buffer. */
    @Benchmark
    public void putDoublesRaw() {
        buffer.putDoubles(0, doubles, 0, doubles.length);
    }

    /** Baseline: doubles out of the bare segment. */
    @Benchmark
    public double[] getDoublesSegment() {
        MemorySegment.copy(segment, DOUBLE, 0, doubles, 0, doubles.length);
        return doubles;
    }

    /** Doubles out of the buffer. */
    @Benchmark
    public double[] getDoublesRaw() {
        buffer.getDoubles(0, doubles, 0, doubles.length);
        return doubles;
    }
}
