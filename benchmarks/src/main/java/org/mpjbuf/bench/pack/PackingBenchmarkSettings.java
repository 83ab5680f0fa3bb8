package org.mpjbuf.bench.pack;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.buddy.Medium;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Settings shared by the packing benchmarks: average time per operation in nanoseconds (divide the
 * bytes moved by it for GB/s), one fork, and buffers over direct memory, the medium a socket device
 * sends from. Each benchmark compares the API with baselines that move the same bytes into or out of
 * the same section payload. JMH subclasses benchmark classes, so they are not final.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class PackingBenchmarkSettings {
    /** Byte index of the first element of the first section. */
    protected static final long PAYLOAD_INDEX = BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.SECTION_HEADER_LENGTH;

    private final BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build();
    private final List<Buffer> buffers = new ArrayList<>();

    /**
     * Creates a buffer holding one section of {@code count} elements.
     *
     * @param type the section type
     * @param count the element count
     * @return a writable buffer, freed at tear-down
     */
    protected Buffer newBuffer(Type type, int count) {
        Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(type, count));
        buffers.add(buffer);
        return buffer;
    }

    /** Frees the buffers and closes the factory. */
    @TearDown
    public void closeFactory() {
        buffers.forEach(factory::free);
        buffers.clear();
        factory.close();
    }
}
