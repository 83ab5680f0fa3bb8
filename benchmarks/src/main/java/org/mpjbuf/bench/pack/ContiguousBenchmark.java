package org.mpjbuf.bench.pack;

import java.lang.foreign.MemorySegment;
import java.util.Random;
import org.mpjbuf.Buffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Contiguous {@code write}/{@code read} of one section against {@code MemorySegment.copy} and a plain
 * loop over the same payload bytes. {@code write} includes {@code clear()} and the section header,
 * {@code read} includes {@code rewind()} and {@code getSectionHeader()}: the whole cost of packing or
 * unpacking one array.
 */
public class ContiguousBenchmark extends PackingBenchmarkSettings {
    /** The element type. */
    @Param
    public PackedElement element;

    /** Payload bytes per operation. */
    @Param({"64", "4096", "65536", "1048576", "4194304"})
    public int bytes;

    private int count;
    private Object source;
    private Object destination;
    private Buffer writable;
    private Buffer readable;
    private MemorySegment storage;

    /** Fills the arrays and prepares a writable and a committed buffer. */
    @Setup
    public void setUp() {
        count = bytes / element.length();
        source = element.randomArray(count, new Random(3));
        destination = element.newArray(count);
        writable = newBuffer(element.type, count);
        storage = writable.storageSegment();
        readable = newBuffer(element.type, count);
        readable.putSectionHeader(element.type);
        element.write(readable, source, count);
        readable.commit();
    }

    /**
     * Packs the array.
     *
     * @return the buffer
     */
    @Benchmark
    public Buffer write() {
        writable.clear();
        writable.putSectionHeader(element.type);
        element.write(writable, source, count);
        return writable;
    }

    /**
     * Unpacks the array.
     *
     * @return the destination
     */
    @Benchmark
    public Object read() {
        readable.rewind();
        readable.getSectionHeader();
        element.read(readable, destination, count);
        return destination;
    }

    /**
     * Baseline: {@code MemorySegment.copy} from the array into the payload.
     *
     * @return the storage
     */
    @Benchmark
    public MemorySegment segmentCopyIn() {
        MemorySegment.copy(source, 0, storage, element.layout, PAYLOAD_INDEX, count);
        return storage;
    }

    /**
     * Baseline: {@code MemorySegment.copy} from the payload into the array.
     *
     * @return the destination
     */
    @Benchmark
    public Object segmentCopyOut() {
        MemorySegment.copy(storage, element.layout, PAYLOAD_INDEX, destination, 0, count);
        return destination;
    }

    /**
     * Baseline: a plain indexed loop from the array into the payload.
     *
     * @return the storage
     */
    @Benchmark
    public MemorySegment loopIn() {
        element.loopPut(storage, PAYLOAD_INDEX, source, count);
        return storage;
    }

    /**
     * Baseline: a plain indexed loop from the payload into the array.
     *
     * @return the destination
     */
    @Benchmark
    public Object loopOut() {
        element.loopGet(storage, PAYLOAD_INDEX, destination, count);
        return destination;
    }
}
