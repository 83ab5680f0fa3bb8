package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.mpjbuf.buddy.Medium;

/**
 * A message received piece by piece into a buffer's storage has its first section's elements
 * copied to the named array as they land, in either byte order, only when they fit it; the
 * buffer then tells so, and forgets the array when used otherwise.
 */
class ReceiveIntoTest {
    private static final int INTS = 4000;

    private static byte[] message(ByteOrder order, Type type, int count) {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).byteOrder(order).build()) {
            Buffer message = factory.allocate(BufferDescriptor.sectionSize(type, count));
            message.putSectionHeader(type);
            if (type == Type.INT) {
                int[] values = new int[count];
                Arrays.setAll(values, i -> i * 31 - 7);
                message.write(values, 0, count);
            } else {
                message.write(new long[count], 0, count);
            }
            message.commit();
            byte[] bytes = message.staticSegment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            factory.free(message);
            return bytes;
        }
    }

    /** Lands the message in pieces of random sizes, telling the buffer after each. */
    private static void land(Buffer receiver, byte[] message, Random random) {
        MemorySegment storage = receiver.storageSegment();
        for (int at = 0; at < message.length; ) {
            int piece = Math.min(message.length - at, 1 + random.nextInt(3000));
            MemorySegment.copy(MemorySegment.ofArray(message), at, storage, at, piece);
            at += piece;
            receiver.landed(at);
        }
    }

    @Test
    void shouldCopyTheElementsAsTheyLandInEitherByteOrder() {
        Random random = new Random(20261128L);
        int[] expected = new int[INTS];
        Arrays.setAll(expected, i -> i * 31 - 7);
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            byte[] message = message(order, Type.INT, INTS);
            try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
                Buffer receiver = factory.allocate(BufferDescriptor.sectionSize(Type.INT, INTS + 10));
                int[] target = new int[INTS + 12];
                receiver.receiveInto(target, 2, INTS + 10);
                land(receiver, message, random);
                receiver.commitReceived(null, 0);
                assertEquals(INTS, receiver.landedElements(), order.toString());
                assertArrayEquals(expected, Arrays.copyOfRange(target, 2, INTS + 2), order.toString());
                assertEquals(0, target[1]);
                assertEquals(0, target[INTS + 2], "nothing beyond the message's elements");
                receiver.clear();
                assertEquals(0, receiver.landedElements(), "a cleared buffer forgets");
                factory.free(receiver);
            }
        }
    }

    @Test
    void shouldLeaveAMessageThatDoesNotFitToTheReader() {
        Random random = new Random(7L);
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Buffer receiver = factory.allocate(BufferDescriptor.sectionSize(Type.INT, INTS));
            long[] otherType = new long[INTS];
            receiver.receiveInto(otherType, 0, INTS);
            land(receiver, message(ByteOrder.nativeOrder(), Type.INT, INTS), random);
            receiver.commitReceived(null, 0);
            assertEquals(0, receiver.landedElements(), "an INT section does not land in a long[]");
            assertArrayEquals(new long[INTS], otherType);

            receiver.clear();
            int[] tooShort = new int[INTS - 1];
            receiver.receiveInto(tooShort, 0, INTS - 1);
            land(receiver, message(ByteOrder.nativeOrder(), Type.INT, INTS), random);
            receiver.commitReceived(null, 0);
            assertEquals(0, receiver.landedElements(), "more elements than the room given");
            assertArrayEquals(new int[INTS - 1], tooShort);

            receiver.clear();
            int[] notTold = new int[INTS];
            receiver.receiveInto(notTold, 0, INTS);
            byte[] message = message(ByteOrder.nativeOrder(), Type.INT, INTS);
            MemorySegment.copy(MemorySegment.ofArray(message), 0, receiver.storageSegment(), 0, message.length);
            receiver.commitReceived(null, 0);
            assertEquals(0, receiver.landedElements(), "a device that never said what landed copied nothing");
            factory.free(receiver);
        }
    }

    @Test
    void shouldFailADamagedMessageAfterCopyingWhatLanded() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Buffer receiver = factory.allocate(BufferDescriptor.sectionSize(Type.INT, INTS));
            int[] target = new int[INTS];
            receiver.receiveInto(target, 0, INTS);
            byte[] message = message(ByteOrder.nativeOrder(), Type.INT, INTS);
            message[message.length - 1] ^= 1;
            land(receiver, message, new Random(3L));
            MalformedMessageException damaged = assertThrows(MalformedMessageException.class,
                    () -> receiver.commitReceived(null, 0));
            assertEquals(true, damaged.getMessage().contains("checksum"), damaged.getMessage());
            assertEquals(0, receiver.landedElements());
            factory.free(receiver);
        }
    }

    @Test
    void shouldRefuseWhatCannotBeReceivedInto() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).build()) {
            Buffer receiver = factory.allocate(64);
            assertThrows(IllegalArgumentException.class, () -> receiver.receiveInto(new boolean[4], 0, 4));
            assertThrows(IllegalArgumentException.class, () -> receiver.receiveInto(new Object[4], 0, 4));
            assertThrows(IllegalArgumentException.class, () -> receiver.receiveInto(null, 0, 4));
            assertThrows(IndexOutOfBoundsException.class, () -> receiver.receiveInto(new int[4], 1, 4));
            receiver.putSectionHeader(Type.INT);
            receiver.commit();
            assertThrows(IllegalStateException.class, () -> receiver.receiveInto(new int[4], 0, 4));
            factory.free(receiver);
        }
    }
}
