package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.mpjbuf.buddy.PoolRegion;

/**
 * A {@link RawBuffer} over a {@link MemorySegment}: native memory from a pool region or an arena
 * (the form an RDMA device registers), or a heap segment over a {@code byte[]}.
 *
 * <p>Made by {@link RawBuffers#wrap(MemorySegment)} or a {@link RawBufferPool} of the native
 * medium. Its {@link #byteBuffer()} view is {@link MemorySegment#asByteBuffer()}, a direct
 * ByteBuffer for native memory. Not thread-safe, as {@link RawBuffer} says.
 */
public final class NativeBuffer extends SegmentBuffer {
    private final BlockOwner owner;
    private PoolRegion region;
    private ByteBuffer view;

    NativeBuffer(final MemorySegment segment, final ByteOrder order, final BlockOwner owner) {
        super(segment, order);
        this.owner = owner;
    }

    @Override
    ByteBuffer view() {
        ByteBuffer current = view;
        if (current == null) {
            current = memory().asByteBuffer();
            view = current;
        }
        return current;
    }

    @Override
    void release() {
        if (owner != null) {
            owner.release(memory());
        }
    }

    @Override
    Object registration() {
        if (owner == null) {
            return null;
        }
        PoolRegion current = region;
        if (current == null) {
            current = owner.regionOf(memory());
            region = current;
        }
        return current.attachment();
    }
}
