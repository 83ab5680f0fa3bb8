package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.mpjbuf.buddy.PoolRegion;

/**
 * A {@link RawBuffer} over a heap or direct {@link ByteBuffer}: the bytes from the buffer's
 * position to its limit at the time it was wrapped or allocated.
 *
 * <p>Made by {@link RawBuffers#wrap(ByteBuffer)}, {@link RawBuffers#wrap(byte[], int, int)} or a
 * {@link RawBufferPool} of the heap or direct medium. All access goes through the segment view of
 * the ByteBuffer ({@link MemorySegment#ofBuffer(java.nio.Buffer)}), so a heap and a direct
 * {@code NIOBuffer} behave alike; the ByteBuffer itself is only handed back to its pool on
 * {@link #free()}. Not thread-safe, as {@link RawBuffer} says.
 */
public final class NIOBuffer extends SegmentBuffer {
    private final ByteBuffer buffer;
    private final BlockOwner owner;
    private PoolRegion region;
    private ByteBuffer view;

    NIOBuffer(final ByteBuffer buffer, final ByteOrder order, final BlockOwner owner) {
        super(MemorySegment.ofBuffer(buffer), order);
        this.buffer = buffer;
        this.owner = owner;
    }

    @Override
    ByteBuffer view() {
        ByteBuffer current = view;
        if (current == null) {
            current = buffer.slice();
            view = current;
        }
        return current;
    }

    @Override
    void release() {
        if (owner != null) {
            owner.release(buffer);
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
