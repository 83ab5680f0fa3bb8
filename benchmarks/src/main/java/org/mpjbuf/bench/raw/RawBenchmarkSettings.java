package org.mpjbuf.bench.raw;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.raw.RawBuffer;
import org.mpjbuf.raw.RawBufferPool;
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
 * Settings shared by the raw-buffer benchmarks: average time per operation in nanoseconds, one fork, one
 * pooled native buffer in native byte order per thread, and the plain {@link MemorySegment} over the same
 * memory that the baselines use. JMH subclasses benchmark classes, so they are not final.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public abstract class RawBenchmarkSettings {
    /** Unaligned ints in native order, as the baselines write them. */
    protected static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.nativeOrder());
    /** Unaligned doubles in native order, as the baselines write them. */
    protected static final ValueLayout.OfDouble DOUBLE =
        ValueLayout.JAVA_DOUBLE_UNALIGNED.withOrder(ByteOrder.nativeOrder());

    /** The pool behind the buffer. */
    protected BufferPool pool;
    /** The buffer under test. */
    protected RawBuffer buffer;
    /** The buffer's memory, for the baselines. */
    protected MemorySegment segment;

    /**
     * Allocates the buffer; called by each benchmark's setup.
     *
     * @param capacity bytes
     */
    protected void allocate(final int capacity) {
        pool = BufferPool.builder().medium(Medium.NATIVE).build();
        buffer = new RawBufferPool(pool).allocate(capacity, ByteOrder.nativeOrder());
        segment = buffer.segment();
    }

    /** Frees the buffer and closes the pool. */
    @TearDown
    public void release() {
        buffer.free();
        pool.close();
    }
}
