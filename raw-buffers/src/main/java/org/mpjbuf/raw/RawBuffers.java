package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Wraps memory that already exists (received bytes, an array, a ByteBuffer, a segment) as a
 * {@link RawBuffer}, without copying and without a pool.
 *
 * <p>A wrapped buffer shares the memory with the caller, who keeps owning it: {@link RawBuffer#free()}
 * only retires the buffer object. It starts in {@link ByteOrder#nativeOrder()} unless said
 * otherwise, and is never registered. Stateless; safe from any thread.
 */
public final class RawBuffers {
    private RawBuffers() {
    }

    /**
     * Wraps a whole byte array.
     *
     * @param array the bytes; the buffer's capacity is {@code array.length}
     * @return a heap {@link NIOBuffer} over the array
     * @throws NullPointerException if {@code array} is null
     */
    public static RawBuffer wrap(final byte[] array) {
        return wrap(array, 0, Objects.requireNonNull(array, "array must not be null").length);
    }

    /**
     * Wraps {@code array[offset .. offset + length)}; buffer index 0 is {@code array[offset]}.
     *
     * @param array the bytes
     * @param offset first byte of the buffer in {@code array}
     * @param length the buffer's capacity
     * @return a heap {@link NIOBuffer} over the range
     * @throws NullPointerException if {@code array} is null
     * @throws IndexOutOfBoundsException if the range is not inside {@code array}
     */
    public static RawBuffer wrap(final byte[] array, final int offset, final int length) {
        Objects.requireNonNull(array, "array must not be null");
        Objects.checkFromIndexSize(offset, length, array.length);
        return new NIOBuffer(ByteBuffer.wrap(array, offset, length), ByteOrder.nativeOrder(), null);
    }

    /**
     * Wraps the bytes of a ByteBuffer from its position to its limit, in the ByteBuffer's
     * {@link ByteBuffer#order()}; buffer index 0 is the ByteBuffer's position. Later changes to the
     * ByteBuffer's position, limit or order do not affect the wrapped buffer; a read-only
     * ByteBuffer gives a read-only buffer.
     *
     * @param buffer a heap or direct ByteBuffer
     * @return an {@link NIOBuffer} over the remaining bytes
     * @throws NullPointerException if {@code buffer} is null
     */
    public static RawBuffer wrap(final ByteBuffer buffer) {
        Objects.requireNonNull(buffer, "buffer must not be null");
        return new NIOBuffer(buffer.slice(), buffer.order(), null);
    }

    /**
     * Wraps a memory segment: native memory of any origin, or a heap segment over a
     * {@code byte[]}.
     *
     * @param segment the memory; its byte size becomes the capacity
     * @return a {@link NativeBuffer} over the segment
     * @throws NullPointerException if {@code segment} is null
     * @throws IllegalArgumentException if the segment is larger than {@link Integer#MAX_VALUE}
     *     bytes, or is a heap segment over an array other than {@code byte[]} (which has no
     *     ByteBuffer view)
     */
    public static RawBuffer wrap(final MemorySegment segment) {
        Objects.requireNonNull(segment, "segment must not be null");
        if (!segment.isNative() && segment.heapBase().map(base -> !(base instanceof byte[])).orElse(false)) {
            throw new IllegalArgumentException("segment must be native or over a byte[], got a heap segment over "
                + segment.heapBase().get().getClass().getTypeName());
        }
        return new NativeBuffer(segment, ByteOrder.nativeOrder(), null);
    }
}
