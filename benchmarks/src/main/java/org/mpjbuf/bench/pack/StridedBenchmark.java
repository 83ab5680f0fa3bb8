package org.mpjbuf.bench.pack;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import org.mpjbuf.Buffer;
import org.mpjbuf.Type;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * {@code strGather}/{@code strScatter} of a sub-block of a row-major array of doubles against plain
 * nested loops over the same payload: a 256 x 256 block of a 512 x 512 matrix, and a 32 x 32 x 32
 * block of a 64 x 64 x 64 cube (64 KiB and 256 KiB of payload).
 */
public class StridedBenchmark extends PackingBenchmarkSettings {
    /** The region. */
    public enum Region {
        /** 256 x 256 of 512 x 512, starting at (64, 64). */
        BLOCK_2D(new int[] {512, 512}, new int[] {256, 256}, 64),
        /** 32 x 32 x 32 of 64 x 64 x 64, starting at (16, 16, 16). */
        BLOCK_3D(new int[] {64, 64, 64}, new int[] {32, 32, 32}, 16);

        final int[] dimensions;
        final int[] extents;
        final int start;

        Region(int[] dimensions, int[] extents, int start) {
            this.dimensions = dimensions;
            this.extents = extents;
            this.start = start;
        }
    }

    /** The region copied. */
    @Param
    public Region region;

    private double[] array;
    private double[] destination;
    private int[] shape;
    private int rank;
    private int offset;
    private int count;
    private Buffer writable;
    private Buffer readable;
    private MemorySegment storage;

    /** Builds the shape and the buffers. */
    @Setup
    public void setUp() {
        rank = region.dimensions.length;
        shape = new int[2 * rank];
        int stride = 1;
        count = 1;
        for (int k = rank - 1; k >= 0; k--) {
            shape[k] = region.extents[k];
            shape[rank + k] = stride;
            offset += region.start * stride;
            stride *= region.dimensions[k];
            count *= region.extents[k];
        }
        array = new Random(2).doubles(stride).toArray();
        destination = new double[stride];
        writable = newBuffer(Type.DOUBLE, count);
        storage = writable.storageSegment();
        readable = newBuffer(Type.DOUBLE, count);
        readable.putSectionHeader(Type.DOUBLE);
        readable.strGather(array, offset, rank, 0, rank, shape);
        readable.commit();
    }

    /**
     * Gathers the region into the buffer.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer strGather() {
        writable.clear();
        writable.putSectionHeader(Type.DOUBLE);
        writable.strGather(array, offset, rank, 0, rank, shape);
        return writable;
    }

    /**
     * Scatters the region out of the buffer.
     *
     * @return the destination
     */
    @Benchmark
    public double[] strScatter() {
        readable.rewind();
        readable.getSectionHeader();
        readable.strScatter(destination, offset, rank, 0, rank, shape);
        return destination;
    }

    /**
     * Baseline: plain nested loops gathering the region into the payload.
     *
     * @return the storage
     */
    @Benchmark
    public MemorySegment loopGather() {
        long index = PAYLOAD_INDEX;
        if (rank == 2) {
            for (int i = 0; i < shape[0]; i++) {
                int row = offset + i * shape[2];
                for (int j = 0; j < shape[1]; j++) {
                    storage.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, index, array[row + j * shape[3]]);
                    index += 8;
                }
            }
        } else {
            for (int i = 0; i < shape[0]; i++) {
                for (int j = 0; j < shape[1]; j++) {
                    int row = offset + i * shape[3] + j * shape[4];
                    for (int k = 0; k < shape[2]; k++) {
                        storage.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, index, array[row + k * shape[5]]);
                        index += 8;
                    }
                }
            }
        }
        return storage;
    }

    /**
     * Baseline: plain nested loops scattering the payload into the region.
     *
     * @return the destination
     */
    @Benchmark
    public double[] loopScatter() {
        long index = PAYLOAD_INDEX;
        if (rank == 2) {
            for (int i = 0; i < shape[0]; i++) {
                int row = offset + i * shape[2];
                for (int j = 0; j < shape[1]; j++) {
                    destination[row + j * shape[3]] = storage.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, index);
                    index += 8;
                }
            }
        } else {
            for (int i = 0; i < shape[0]; i++) {
                for (int j = 0; j < shape[1]; j++) {
                    int row = offset + i * shape[3] + j * shape[4];
                    for (int k = 0; k < shape[2]; k++) {
                        destination[row + k * shape[5]] = storage.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, index);
                        index += 8;
                    }
                }
            }
        }
        return destination;
    }
}
