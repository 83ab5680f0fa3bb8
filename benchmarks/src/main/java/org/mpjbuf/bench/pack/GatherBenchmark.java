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
 * {@code gather}/{@code scatter} of doubles by an index array (sequential, or a random permutation)
 * against a plain indexed loop over the same payload; the API calls include {@code clear()} or
 * {@code rewind()} and the section header.
 */
public class GatherBenchmark extends PackingBenchmarkSettings {
    /** How the index array visits the source. */
    public enum Pattern {
        /** 0, 1, 2, ... */
        SEQUENTIAL,
        /** A random permutation. */
        RANDOM
    }

    /** The index pattern. */
    @Param
    public Pattern pattern;

    /** Elements per operation. */
    @Param({"512", "65536"})
    public int count;

    private double[] source;
    private double[] destination;
    private int[] indexes;
    private Buffer writable;
    private Buffer readable;
    private MemorySegment storage;

    /** Builds the index array and the buffers. */
    @Setup
    public void setUp() {
        Random random = new Random(1);
        source = random.doubles(count).toArray();
        destination = new double[count];
        indexes = new int[count];
        for (int i = 0; i < count; i++) {
            indexes[i] = i;
        }
        if (pattern == Pattern.RANDOM) {
            for (int i = count - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int swap = indexes[i];
                indexes[i] = indexes[j];
                indexes[j] = swap;
            }
        }
        writable = newBuffer(Type.DOUBLE, count);
        storage = writable.storageSegment();
        readable = newBuffer(Type.DOUBLE, count);
        readable.putSectionHeader(Type.DOUBLE);
        readable.write(source, 0, count);
        readable.commit();
    }

    /**
     * Gathers into the buffer.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer gather() {
        writable.clear();
        writable.putSectionHeader(Type.DOUBLE);
        writable.gather(source, count, 0, indexes);
        return writable;
    }

    /**
     * Scatters out of the buffer.
     *
     * @return the destination
     */
    @Benchmark
    public double[] scatter() {
        readable.rewind();
        readable.getSectionHeader();
        readable.scatter(destination, count, 0, indexes);
        return destination;
    }

    /**
     * Baseline: a plain loop gathering into the payload.
     *
     * @return the storage
     */
    @Benchmark
    public MemorySegment loopGather() {
        for (int k = 0; k < count; k++) {
            storage.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, PAYLOAD_INDEX + 8L * k, source[indexes[k]]);
        }
        return storage;
    }

    /**
     * Baseline: a plain loop scattering out of the payload.
     *
     * @return the destination
     */
    @Benchmark
    public double[] loopScatter() {
        for (int k = 0; k < count; k++) {
            destination[indexes[k]] = storage.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, PAYLOAD_INDEX + 8L * k);
        }
        return destination;
    }
}
