package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.mpjbuf.buddy.Medium;

/** Truncated, corrupted and hostile messages fail with a message naming what is wrong. */
class MessageValidatorTest {
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int FIRST_SECTION = BufferDescriptor.MESSAGE_HEADER_LENGTH;
    private static final int SECOND_SECTION = FIRST_SECTION + 16;

    /** A little-endian message: BYTE section of 5, then OBJECT section of 1. */
    private static byte[][] message() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.HEAP)
                .byteOrder(ByteOrder.LITTLE_ENDIAN).build()) {
            Buffer buffer = factory.allocate(64);
            buffer.putSectionHeader(Type.BYTE);
            buffer.write(new byte[] {1, 2, 3, 4, 5}, 0, 5);
            buffer.putSectionHeader(Type.OBJECT);
            buffer.write(new Object[] {"x"}, 0, 1);
            buffer.commit();
            byte[][] out = {buffer.staticSegment().toArray(ValueLayout.JAVA_BYTE),
                    Arrays.copyOf(buffer.dynamicArray(), buffer.dynamicLength())};
            factory.free(buffer);
            return out;
        }
    }

    /**
     * Applies a corruption, then stores the checksum of the corrupted bytes, as a hostile sender
     * would, so the structural checks behind the checksum are reached.
     */
    private static String rejection(Consumer<MemorySegment> corruption) {
        byte[][] message = message();
        MemorySegment bytes = MemorySegment.ofArray(message[0]);
        corruption.accept(bytes);
        bytes.set(INT, BufferDescriptor.CHECKSUM_OFFSET, BufferDescriptor.checksum(bytes, message[1], message[1].length));
        return assertThrows(MalformedMessageException.class,
                () -> MessageValidator.validate(bytes, message[1], message[1].length, null)).getMessage();
    }

    @Test
    void shouldAcceptTheIntactMessage() {
        byte[][] message = message();
        assertEquals(message[0].length,
                MessageValidator.validate(MemorySegment.ofArray(message[0]), message[1], message[1].length, null));
    }

    @Test
    void shouldRejectEveryFlippedBitOfTheStaticAndDynamicParts() {
        byte[][] message = message();
        for (int part = 0; part < 2; part++) {
            for (int index = 0; index < message[part].length; index++) {
                for (int bit = 0; bit < Byte.SIZE; bit++) {
                    byte[][] damaged = {message[0].clone(), message[1].clone()};
                    damaged[part][index] ^= (byte) (1 << bit);
                    assertThrows(MalformedMessageException.class, () -> MessageValidator.validate(
                            MemorySegment.ofArray(damaged[0]), damaged[1], damaged[1].length, null),
                            "bit " + bit + " of byte " + index + " of part " + part);
                }
            }
        }
    }

    @Test
    void shouldNameTheChecksumWhenOnlyThePayloadChanged() {
        byte[][] message = message();
        message[0][FIRST_SECTION + BufferDescriptor.SECTION_HEADER_LENGTH] = 99;
        String payload = assertThrows(MalformedMessageException.class, () -> MessageValidator.validate(
                MemorySegment.ofArray(message[0]), message[1], message[1].length, null)).getMessage();
        assertTrue(payload.contains("checksum mismatch"), payload);
        byte[][] intact = message();
        intact[1][intact[1].length - 1] ^= 1;
        String dynamic = assertThrows(MalformedMessageException.class, () -> MessageValidator.validate(
                MemorySegment.ofArray(intact[0]), intact[1], intact[1].length, null)).getMessage();
        assertTrue(dynamic.contains("checksum mismatch"), dynamic);
    }

    @Test
    void shouldRejectTruncatedParts() {
        byte[][] message = message();
        for (int length = 0; length < message[0].length; length++) {
            MemorySegment cut = MemorySegment.ofArray(Arrays.copyOf(message[0], length));
            assertThrows(MalformedMessageException.class, () -> MessageValidator.validate(cut, message[1], message[1].length, null));
        }
        MalformedMessageException dynamic = assertThrows(MalformedMessageException.class,
                () -> MessageValidator.validate(MemorySegment.ofArray(message[0]), message[1], message[1].length - 1, null));
        assertTrue(dynamic.getMessage().contains("dynamic bytes present"), dynamic.getMessage());
    }

    @Test
    void shouldRejectHostileCountsBeforeLookingAtSections() {
        String message = rejection(bytes -> bytes.set(INT, BufferDescriptor.SECTION_COUNT_OFFSET, Integer.MAX_VALUE));
        assertTrue(message.contains("bad section count 2147483647"), message);
        message = rejection(bytes -> bytes.set(INT, BufferDescriptor.SECTION_COUNT_OFFSET, -1));
        assertTrue(message.contains("bad section count -1"), message);
        message = rejection(bytes -> bytes.set(INT, BufferDescriptor.SECTION_COUNT_OFFSET, 1));
        assertTrue(message.contains("sections end at byte"), message);
    }

    @Test
    void shouldRejectBadSectionHeaders() {
        String message = rejection(bytes -> bytes.set(ValueLayout.JAVA_BYTE, FIRST_SECTION, (byte) 42));
        assertTrue(message.contains("unknown type code 42 in section 0"), message);
        message = rejection(bytes -> bytes.set(INT, FIRST_SECTION + BufferDescriptor.ELEMENT_COUNT_OFFSET, -7));
        assertTrue(message.contains("negative element count -7"), message);
        message = rejection(bytes -> bytes.set(INT, FIRST_SECTION + BufferDescriptor.ELEMENT_COUNT_OFFSET,
                Integer.MAX_VALUE));
        assertTrue(message.contains("past the static length"), message);
        message = rejection(bytes -> bytes.set(ValueLayout.JAVA_BYTE, FIRST_SECTION + 2, (byte) 1));
        assertTrue(message.contains("reserved bytes of section 0"), message);
    }

    @Test
    void shouldRejectBadDynamicFrames() {
        int frame = SECOND_SECTION + BufferDescriptor.SECTION_HEADER_LENGTH + BufferDescriptor.FRAME_LENGTH_OFFSET;
        String message = rejection(bytes -> bytes.set(INT, frame, -1));
        assertTrue(message.contains("negative frame length"), message);
        message = rejection(bytes -> bytes.set(INT, frame, 1 << 30));
        assertTrue(message.contains("dynamic length"), message);
        message = rejection(bytes -> bytes.set(INT, SECOND_SECTION + BufferDescriptor.ELEMENT_COUNT_OFFSET, 1000));
        assertTrue(message.contains("1000 elements in a frame"), message);
        message = rejection(bytes -> bytes.set(INT, BufferDescriptor.DYNAMIC_LENGTH_OFFSET, 0));
        assertTrue(message.contains("dynamic"), message);
    }

    @Test
    void shouldRejectBadMessageHeaders() {
        String message = rejection(bytes -> bytes.set(INT, BufferDescriptor.STATIC_LENGTH_OFFSET, 1 << 20));
        assertTrue(message.contains("static bytes present"), message);
        message = rejection(bytes -> bytes.set(INT, BufferDescriptor.STATIC_LENGTH_OFFSET, 30));
        assertTrue(message.contains("bad static length 30"), message);
        message = rejection(bytes -> bytes.set(ValueLayout.JAVA_BYTE, BufferDescriptor.HEADER_RESERVED_OFFSET, (byte) 3));
        assertTrue(message.contains("reserved message-header field"), message);
        message = rejection(bytes -> bytes.set(ValueLayout.JAVA_BYTE, BufferDescriptor.BYTE_ORDER_OFFSET, (byte) 9));
        assertTrue(message.contains("byte-order field 9"), message);
    }

    @Test
    void shouldDecodeEitherByteOrderRegardlessOfTheReader() {
        byte[][] message = message();
        Buffer buffer = Buffer.wrap(MemorySegment.ofArray(message[0]), message[1], message[1].length);
        assertEquals(ByteOrder.LITTLE_ENDIAN, buffer.order());
        assertEquals(Type.BYTE, buffer.getSectionHeader());
        byte[] bytes = new byte[5];
        buffer.read(bytes, 0, 5);
        assertEquals(5, bytes[4]);
        BufferFactory.destroy(buffer);
    }
}
