package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class BufferDescriptorTest {

    @Test
    void shouldAlignToEightBytes() {
        assertEquals(8, BufferDescriptor.ALIGNMENT_UNIT);
        assertEquals(0, BufferDescriptor.align(0));
        assertEquals(8, BufferDescriptor.align(1));
        assertEquals(8, BufferDescriptor.align(8));
        assertEquals(16, BufferDescriptor.align(9));
    }

    @Test
    void shouldSizeStaticSectionsAsHeaderPlusPaddedPayload() {
        assertEquals(8, BufferDescriptor.sectionSize(Type.INT, 0));
        assertEquals(16, BufferDescriptor.sectionSize(Type.BYTE, 1));
        assertEquals(24, BufferDescriptor.sectionSize(Type.INT, 3));
        assertEquals(8 + 8000, BufferDescriptor.sectionSize(Type.DOUBLE, 1000));
        assertEquals(16, BufferDescriptor.sectionSize(Type.CHAR, 3));
        for (Type type : Type.values()) {
            for (int count = 0; count < 20; count++) {
                assertEquals(0, BufferDescriptor.sectionSize(type, count) % BufferDescriptor.ALIGNMENT_UNIT);
            }
        }
    }

    @Test
    void shouldSizeDynamicSectionsAsHeaderAndReference() {
        assertEquals(16, BufferDescriptor.sectionSize(Type.OBJECT, 1000));
        assertEquals(16, BufferDescriptor.sectionSize(Type.INT_DYNAMIC, 1_000_000));
    }

    @Test
    void shouldRefuseNegativeAndOversizedCounts() {
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> BufferDescriptor.sectionSize(Type.INT, -1));
        assertTrue(negative.getMessage().contains("-1"), negative.getMessage());
        IllegalArgumentException huge = assertThrows(IllegalArgumentException.class,
                () -> BufferDescriptor.sectionSize(Type.LONG, Integer.MAX_VALUE));
        assertTrue(huge.getMessage().contains("LONG"), huge.getMessage());
    }

    @Test
    void shouldReadLengthsInTheRecordedByteOrder() {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            MemorySegment header = header(order);
            header.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(order), BufferDescriptor.STATIC_LENGTH_OFFSET, 64);
            header.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(order), BufferDescriptor.DYNAMIC_LENGTH_OFFSET, 9);
            assertEquals(order, BufferDescriptor.byteOrder(header));
            assertEquals(64, BufferDescriptor.staticLength(header));
            assertEquals(9, BufferDescriptor.dynamicLength(header));
        }
    }

    @Test
    void shouldRejectMalformedHeaders() {
        assertMalformed(MemorySegment.ofArray(new byte[10]), "truncated");
        MemorySegment badMagic = header(ByteOrder.BIG_ENDIAN);
        badMagic.set(ValueLayout.JAVA_BYTE, 0, (byte) 'X');
        assertMalformed(badMagic, "magic");
        MemorySegment badVersion = header(ByteOrder.BIG_ENDIAN);
        badVersion.set(ValueLayout.JAVA_BYTE, BufferDescriptor.VERSION_OFFSET, (byte) 7);
        assertMalformed(badVersion, "version 7");
        MemorySegment badOrder = header(ByteOrder.BIG_ENDIAN);
        badOrder.set(ValueLayout.JAVA_BYTE, BufferDescriptor.BYTE_ORDER_OFFSET, (byte) 2);
        assertMalformed(badOrder, "byte-order field 2");
        MemorySegment shortStatic = header(ByteOrder.BIG_ENDIAN);
        shortStatic.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN),
                BufferDescriptor.STATIC_LENGTH_OFFSET, 12);
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> BufferDescriptor.staticLength(shortStatic));
        assertTrue(e.getMessage().contains("static length 12"), e.getMessage());
        MemorySegment negativeDynamic = header(ByteOrder.BIG_ENDIAN);
        negativeDynamic.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN),
                BufferDescriptor.DYNAMIC_LENGTH_OFFSET, -5);
        MalformedMessageException d = assertThrows(MalformedMessageException.class,
                () -> BufferDescriptor.dynamicLength(negativeDynamic));
        assertTrue(d.getMessage().contains("-5"), d.getMessage());
    }

    @Test
    void shouldComputeTheChecksumOverEverythingButItsOwnField() {
        byte[] bytes = new byte[32];
        bytes[3] = 7;
        bytes[30] = 9;
        MemorySegment message = MemorySegment.ofArray(bytes);
        byte[] dynamic = {1, 2, 3};
        int checksum = BufferDescriptor.checksum(message, dynamic, 2);
        bytes[BufferDescriptor.CHECKSUM_OFFSET] = 55;
        assertEquals(checksum, BufferDescriptor.checksum(message, dynamic, 2));
        dynamic[2] = 4;
        assertEquals(checksum, BufferDescriptor.checksum(message, dynamic, 2));
        bytes[30] = 8;
        assertTrue(checksum != BufferDescriptor.checksum(message, dynamic, 2));
        assertEquals(BufferDescriptor.checksum(message, null, 0), BufferDescriptor.checksum(message, new byte[4], 0));
    }

    @Test
    void shouldRejectBadChecksumArguments() {
        MemorySegment message = MemorySegment.ofArray(new byte[24]);
        IllegalArgumentException shortPart = assertThrows(IllegalArgumentException.class,
                () -> BufferDescriptor.checksum(MemorySegment.ofArray(new byte[23]), null, 0));
        assertTrue(shortPart.getMessage().contains("had 23"), shortPart.getMessage());
        IllegalArgumentException longDynamic = assertThrows(IllegalArgumentException.class,
                () -> BufferDescriptor.checksum(message, new byte[2], 3));
        assertTrue(longDynamic.getMessage().contains("dynamicLength 3"), longDynamic.getMessage());
        IllegalArgumentException ints = assertThrows(IllegalArgumentException.class,
                () -> BufferDescriptor.checksum(MemorySegment.ofArray(new int[8]), null, 0));
        assertTrue(ints.getMessage().contains("int[]"), ints.getMessage());
        assertThrows(NullPointerException.class, () -> BufferDescriptor.checksum(null, null, 0));
    }

    private static void assertMalformed(MemorySegment header, String expected) {
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> BufferDescriptor.byteOrder(header));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    private static MemorySegment header(ByteOrder order) {
        MemorySegment header = MemorySegment.ofArray(new byte[BufferDescriptor.MESSAGE_HEADER_LENGTH]);
        header.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN),
                BufferDescriptor.MAGIC_OFFSET, BufferDescriptor.MAGIC);
        header.set(ValueLayout.JAVA_BYTE, BufferDescriptor.VERSION_OFFSET, BufferDescriptor.VERSION);
        header.set(ValueLayout.JAVA_BYTE, BufferDescriptor.BYTE_ORDER_OFFSET, BufferDescriptor.orderCode(order));
        return header;
    }
}
