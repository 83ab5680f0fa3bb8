package org.mpjbuf.properties.buddy;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolRegion;

/**
 * A block the test holds: the buffer or segment the pool returned, where it lies, and the byte it was filled
 * with, so that a change made by any other operation is caught.
 *
 * @param handle the {@link ByteBuffer} or {@link MemorySegment} returned by the pool.
 * @param view a segment over exactly the requested bytes.
 * @param regionId the region holding the block.
 * @param offset the offset of the block in its region.
 * @param requested the requested size.
 * @param fill the byte written into every byte of the block.
 */
record LiveBlock(Object handle, MemorySegment view, int regionId, long offset, long requested, byte fill) {

    static LiveBlock of(final BufferPool pool, final Object handle, final byte fill) {
        final MemorySegment view = handle instanceof ByteBuffer buffer
            ? MemorySegment.ofBuffer(buffer) : (MemorySegment) handle;
        final PoolRegion region = pool.regionOf(view);
        final long offset = view.isNative() ? view.address() - region.segment().address() : view.address();
        view.fill(fill);
        return new LiveBlock(handle, view, region.id(), offset, view.byteSize(), fill);
    }

    void free(final BufferPool pool) {
        if (handle instanceof ByteBuffer buffer) {
            pool.free(buffer);
        } else {
            pool.free((MemorySegment) handle);
        }
    }

    /** Whether {@code other} starts at the same memory as this block (same array or address, same start). */
    boolean sameStartAs(final LiveBlock other) {
        return view.heapBase().orElse(null) == other.view.heapBase().orElse(null) && view.address() == other.view.address();
    }

    /** Returns the index of the first byte that no longer holds the fill byte, or -1. */
    long firstCorruptedByte() {
        for (long index = 0; index < requested; index += 8) {
            if (requested - index >= 8) {
                final long expected = 0x0101_0101_0101_0101L * (fill & 0xFF);
                if (view.get(ValueLayout.JAVA_LONG_UNALIGNED, index) != expected) {
                    return index;
                }
            } else {
                for (long tail = index; tail < requested; tail++) {
                    if (view.get(ValueLayout.JAVA_BYTE, tail) != fill) {
                        return tail;
                    }
                }
            }
        }
        return -1;
    }
}
