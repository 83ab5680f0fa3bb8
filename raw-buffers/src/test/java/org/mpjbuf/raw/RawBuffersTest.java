package org.mpjbuf.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
final class RawBuffersTest {
    @Test
    void shouldWrapAByteArrayRangeWithoutCopying() {
        final byte[] array = new byte[10];
        final RawBuffer buffer = RawBuffers.wrap(array, 3, 4);
        assertInstanceOf(NIOBuffer.class, buffer);
        assertEquals(4, buffer.capacity());
        assertEquals(ByteOrder.nativeOrder(), buffer.order());
        buffer.order(ByteOrder.BIG_ENDIAN).putInt(0, 0x0A0B0C0D);
        assertArrayEquals(new byte[] {0, 0, 0, 0x0A, 0x0B, 0x0C, 0x0D, 0, 0, 0}, array);
        array[3] = 9;
        assertEquals(9, buffer.getByte(0));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.putByte(4, (byte) 1));
        assertThrows(IndexOutOfBoundsException.class, () -> RawBuffers.wrap(array, 8, 3));
        assertThrows(NullPointerException.class, () -> RawBuffers.wrap((byte[]) null));
    }

    @Test
    void shouldWrapTheRemainingBytesOfAByteBufferInItsOrder() {
        final ByteBuffer source = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
        source.position(4).limit(12);
        final RawBuffer buffer = RawBuffers.wrap(source);
        assertEquals(8, buffer.capacity());
        assertEquals(ByteOrder.LITTLE_ENDIAN, buffer.order());
        buffer.putShort(0, (short) 0x0102);
        assertEquals(0x02, source.get(4));
        source.position(0).limit(16);
        assertEquals(8, buffer.capacity());
        assertTrue(buffer.segment().isNative());
    }

    @Test
    void shouldRefuseWritesToAWrappedReadOnlyByteBuffer() {
        final ByteBuffer source = ByteBuffer.wrap(new byte[] {1, 2, 3, 4}).asReadOnlyBuffer();
        final RawBuffer buffer = RawBuffers.wrap(source);
        assertTrue(buffer.isReadOnly());
        assertEquals(0x01020304, buffer.order(ByteOrder.BIG_ENDIAN).getInt(0));
        assertThrows(ReadOnlyBufferException.class, () -> buffer.putByte(0, (byte) 0));
        assertThrows(ReadOnlyBufferException.class, () -> buffer.gather(0, new byte[1], new int[1], 0, 1));
        assertThrows(ReadOnlyBufferException.class, () -> buffer.stridedGather(0, new byte[1], 0, 0, 0, 0, new int[0]));
        final byte[] read = new byte[4];
        buffer.scatter(0, read, new int[] {3, 2, 1, 0}, 0, 4);
        assertArrayEquals(new byte[] {4, 3, 2, 1}, read);
        assertThrows(ReadOnlyBufferException.class, () -> buffer.putInts(0, new int[1], 0, 1));
        assertTrue(buffer.byteBuffer().isReadOnly());
    }

    @Test
    void shouldWrapNativeAndByteArraySegmentsButNotOtherHeapSegments() {
        try (Arena arena = Arena.ofConfined()) {
            final MemorySegment segment = arena.allocate(24);
            final RawBuffer buffer = RawBuffers.wrap(segment);
            assertInstanceOf(NativeBuffer.class, buffer);
            assertEquals(24, buffer.capacity());
            assertTrue(buffer.byteBuffer().isDirect());
            assertNull(buffer.registrationKey());
            buffer.free();
            assertEquals(0, segment.get(java.lang.foreign.ValueLayout.JAVA_BYTE, 0));
        }
        assertEquals(5, RawBuffers.wrap(MemorySegment.ofArray(new byte[5])).byteBuffer().capacity());
        final IllegalArgumentException ints = assertThrows(IllegalArgumentException.class,
            () -> RawBuffers.wrap(MemorySegment.ofArray(new int[2])));
        assertTrue(ints.getMessage().contains("int[]"), ints.getMessage());
    }
}
