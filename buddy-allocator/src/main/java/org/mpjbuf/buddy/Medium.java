package org.mpjbuf.buddy;

/**
 * The kind of memory a {@link BufferPool}'s regions are made of.
 */
public enum Medium {
    /**
     * Java heap: each region is a {@code byte[]}; buffers are heap {@link java.nio.ByteBuffer}s whose
     * {@code arrayOffset()} is the block's offset, segments are heap segments over the same array.
     */
    HEAP,
    /**
     * Direct buffers: each region is a native segment from its own shared {@link java.lang.foreign.Arena},
     * viewed as a direct {@link java.nio.ByteBuffer} ({@code MemorySegment.asByteBuffer()}), so that the
     * memory is released deterministically when the region is released.
     */
    DIRECT,
    /**
     * Native memory: each region is a native segment from its own shared {@link java.lang.foreign.Arena};
     * intended for {@link BufferPool#allocateSegment(long)} users. The memory is the same kind as
     * {@link #DIRECT}, so direct {@link java.nio.ByteBuffer} views are available as well.
     */
    NATIVE
}
