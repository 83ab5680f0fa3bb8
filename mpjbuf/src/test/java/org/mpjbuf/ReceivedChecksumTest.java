package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjbuf.buddy.Medium;

/**
 * A checksum computed while a message arrives, piece by piece in any split, is the message's
 * checksum; the buffer checks it against the field, and falls back to reading the bytes when the
 * pieces did not cover the message exactly.
 */
class ReceivedChecksumTest {
    private static final int INTS = 3000;
    /** Room for the sent message's sections in a receive buffer. */
    private static final int RECEIVE_BYTES = INTS * 4 + 64;

    /** A message with a static INT section and an OBJECT section, sent into the receiver's storage. */
    private static final class Sent {
        final byte[] staticPart;
        final byte[] dynamicPart;

        Sent(BufferFactory factory) {
            Buffer message = factory.allocate(BufferDescriptor.sectionSize(Type.INT, INTS)
                    + BufferDescriptor.sectionSize(Type.OBJECT, 1));
            message.putSectionHeader(Type.INT);
            int[] values = new int[INTS];
            Arrays.setAll(values, i -> i * 7919);
            message.write(values, 0, INTS);
            message.putSectionHeader(Type.OBJECT);
            message.write(new Object[] {"piece by piece"}, 0, 1);
            message.commit();
            staticPart = message.staticSegment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            dynamicPart = Arrays.copyOf(message.dynamicArray(), message.dynamicLength());
            factory.free(message);
        }
    }

    @Test
    void shouldAcceptAMessageWhoseChecksumWasAddedInPiecesOfAnySize() {
        Random random = new Random(20261127L);
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Sent sent = new Sent(factory);
            ReceivedChecksum arriving = new ReceivedChecksum();
            for (int round = 0; round < 50; round++) {
                Buffer receiver = factory.allocate(RECEIVE_BYTES);
                ByteBuffer storage = receiver.storageSegment().asByteBuffer();
                byte[] dynamic = new byte[sent.dynamicPart.length];
                arriving.reset();
                for (int at = 0; at < sent.staticPart.length; ) {
                    int piece = Math.min(sent.staticPart.length - at, 1 + random.nextInt(round % 2 == 0 ? 40 : 5000));
                    storage.put(at, sent.staticPart, at, piece);
                    at += piece;
                    arriving.addStatic(storage, at);
                }
                for (int at = 0; at < dynamic.length; ) {
                    int piece = Math.min(dynamic.length - at, 1 + random.nextInt(30));
                    System.arraycopy(sent.dynamicPart, at, dynamic, at, piece);
                    at += piece;
                    arriving.addDynamic(dynamic, at);
                }
                assertEquals(0, storage.position(), "the receive view's position is left alone");
                assertEquals(storage.capacity(), storage.limit(), "the receive view's limit is left alone");
                receiver.commitReceived(dynamic, dynamic.length, arriving);
                receiver.getSectionHeader();
                int[] read = new int[INTS];
                receiver.read(read, 0, INTS);
                assertEquals(7919 * (INTS - 1), read[INTS - 1]);
                receiver.getSectionHeader();
                Object[] text = new Object[1];
                receiver.read(text, 0, 1);
                assertArrayEquals(new Object[] {"piece by piece"}, text);
                factory.free(receiver);
            }
        }
    }

    @Test
    void shouldRefuseABitFlippedOnTheWayThoughItsChecksumWasAddedAsItArrived() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Sent sent = new Sent(factory);
            Buffer receiver = factory.allocate(RECEIVE_BYTES);
            ByteBuffer storage = receiver.storageSegment().asByteBuffer();
            byte[] damaged = sent.staticPart.clone();
            damaged[BufferDescriptor.MESSAGE_HEADER_LENGTH + 8 + 4 * 1000] ^= 0x10;
            storage.put(0, damaged);
            ReceivedChecksum arriving = new ReceivedChecksum();
            arriving.addStatic(storage, 100);
            arriving.addStatic(storage, damaged.length);
            arriving.addDynamic(sent.dynamicPart, sent.dynamicPart.length);
            assertChecksumRefused(receiver, sent, arriving);
            factory.free(receiver);
        }
    }

    @Test
    void shouldReadTheBytesWhenThePiecesDidNotCoverTheWholeMessage() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Sent sent = new Sent(factory);
            Buffer receiver = factory.allocate(RECEIVE_BYTES);
            ByteBuffer storage = receiver.storageSegment().asByteBuffer();
            storage.put(0, sent.staticPart);
            ReceivedChecksum arriving = new ReceivedChecksum();
            arriving.addStatic(storage, sent.staticPart.length / 2);
            receiver.commitReceived(sent.dynamicPart, sent.dynamicPart.length, arriving);
            receiver.getSectionHeader();
            assertEquals(INTS, receiver.getSectionSize());

            byte[] damaged = sent.staticPart.clone();
            damaged[damaged.length - 1] ^= 1;
            storage.put(0, damaged);
            arriving.reset();
            arriving.addStatic(storage, 64);
            assertChecksumRefused(receiver, sent, arriving);
            factory.free(receiver);
        }
    }

    private static void assertChecksumRefused(Buffer receiver, Sent sent, ReceivedChecksum arriving) {
        MalformedMessageException refused = assertThrows(MalformedMessageException.class,
                () -> receiver.commitReceived(sent.dynamicPart, sent.dynamicPart.length, arriving));
        assertTrue(refused.getMessage().contains("checksum mismatch"), refused.getMessage());
    }

    @Test
    void shouldRefusePiecesOutOfTheMessagesOrder() {
        ReceivedChecksum arriving = new ReceivedChecksum();
        ByteBuffer storage = ByteBuffer.allocateDirect(256);
        arriving.addStatic(storage, 100);
        assertThrows(IllegalArgumentException.class, () -> arriving.addStatic(storage, 50));
        assertThrows(IllegalArgumentException.class, () -> arriving.addStatic(storage, 257));
        arriving.addDynamic(new byte[10], 4);
        assertThrows(IllegalStateException.class, () -> arriving.addStatic(storage, 120));
        assertThrows(IllegalArgumentException.class, () -> arriving.addDynamic(new byte[10], 3));
        arriving.reset();
        arriving.addStatic(storage, 10);
    }
}
