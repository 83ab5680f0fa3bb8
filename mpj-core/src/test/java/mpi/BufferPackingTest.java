package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/** The mapping of an mpi message to one buffer section, without a device: {@link BufferMessages}. */
@Timeout(value = 10, unit = TimeUnit.SECONDS)
class BufferPackingTest {

    private final BufferFactory buffers = BufferFactory.builder().dynamicCapacity(0).build();

    @AfterEach
    void closePool() {
        assertEquals(0, buffers.pool().statistics().inUseBytes(), "every buffer returned");
        buffers.close();
    }

    private static org.mpjbuf.dev.Status sent(Buffer buffer, ElementType type, int count) {
        return new org.mpjbuf.dev.Status(ProcessID.of(3), 9, 0, buffer.staticLength() + buffer.dynamicLength(),
            count, type, false);
    }

    @Test
    void shouldPackTheItemsOfAVectorAsOneSectionOfItsBaseType() throws MPIException {
        Datatype column = Datatype.Vector(3, 2, 5, MPI.INT);
        column.Commit();
        int[] matrix = new int[20];
        for (int i = 0; i < matrix.length; i++) {
            matrix[i] = i;
        }
        Buffer packed = BufferMessages.pack(buffers, matrix, 1, 1, MappedDatatype.of(column), 6);
        try {
            assertEquals(BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.sectionSize(Type.INT, 6),
                packed.staticLength());
            assertEquals(0, packed.dynamicLength());
            assertEquals(Type.INT, packed.getSectionHeader());
            assertEquals(6, packed.getSectionSize());
            int[] elements = new int[6];
            packed.read(elements, 0, 6);
            assertArrayEquals(new int[] {1, 2, 6, 7, 11, 12}, elements);
        } finally {
            buffers.free(packed);
        }
    }

    @Test
    void shouldUnpackASectionIntoADerivedTypeOfTheSameSignature() throws MPIException {
        Buffer packed = BufferMessages.pack(buffers, new double[] {1, 2, 3, 4}, 0, 4,
            MappedDatatype.of(MPI.DOUBLE), 4);
        try {
            Datatype pairs = Datatype.Vector(2, 2, 3, MPI.DOUBLE);
            pairs.Commit();
            double[] target = new double[7];
            BufferMessages.unpack(packed, sent(packed, ElementType.DOUBLE, 4), target, 1, 1,
                MappedDatatype.of(pairs), 4);
            assertArrayEquals(new double[] {0, 1, 2, 0, 3, 4, 0}, target);
        } finally {
            buffers.free(packed);
        }
    }

    @Test
    void shouldCarryObjectsInTheDynamicPart() throws MPIException {
        Object[] objects = {"x", 42, java.util.List.of("y")};
        Buffer packed = BufferMessages.pack(buffers, objects, 0, 3, MappedDatatype.of(MPI.OBJECT), 3);
        try {
            assertEquals(BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.sectionSize(Type.OBJECT, 3),
                packed.staticLength());
            assertTrue(packed.dynamicLength() > 0);
            org.mpjbuf.dev.Status status = sent(packed, ElementType.OBJECT, 3);
            assertEquals(packed.dynamicLength(), BufferMessages.elementBytes(status));
            Object[] target = new Object[3];
            BufferMessages.unpack(packed, status, target, 0, 3, MappedDatatype.of(MPI.OBJECT), 3);
            assertArrayEquals(objects, target);
        } finally {
            buffers.free(packed);
        }
    }

    @Test
    void shouldRefuseAnotherTypeAndALongerSectionWithoutTouchingTheItems() throws MPIException {
        Buffer packed = BufferMessages.pack(buffers, new short[] {1, 2, 3}, 0, 3, MappedDatatype.of(MPI.SHORT), 3);
        try {
            org.mpjbuf.dev.Status status = sent(packed, ElementType.SHORT, 3);
            MPIException mismatch = assertThrows(MPIException.class, () -> BufferMessages.unpack(packed, status,
                new char[3], 0, 3, MappedDatatype.of(MPI.CHAR), 3));
            assertEquals(MPIException.ERR_TYPE, mismatch.getErrorClass());
            assertTrue(mismatch.getMessage().contains("SHORT") && mismatch.getMessage().contains("CHAR"),
                mismatch.getMessage());
            packed.rewind();
            short[] small = new short[2];
            MPIException truncated = assertThrows(MPIException.class, () -> BufferMessages.unpack(packed, status,
                small, 0, 2, MappedDatatype.of(MPI.SHORT), 2));
            assertEquals(MPIException.ERR_TRUNCATE, truncated.getErrorClass());
            assertArrayEquals(new short[2], small);
        } finally {
            buffers.free(packed);
        }
    }

    @Test
    void shouldSizeAReceiveBufferForItsCountAndType() throws MPIException {
        Buffer receive = BufferMessages.receiveBuffer(buffers, new long[5], 0, 5, MappedDatatype.of(MPI.LONG), 5);
        try {
            assertEquals(BufferDescriptor.sectionSize(Type.LONG, 5), receive.capacity());
        } finally {
            buffers.free(receive);
        }
    }

    /** Puts a packed message into a receive's storage as a device that reads in place does, then commits it. */
    private static void arriveInPlace(Buffer packed, Buffer receive) {
        int length = packed.staticLength();
        MemorySegment.copy(packed.staticSegment(), 0, receive.storageSegment(), 0, length);
        receive.landed(length);
        receive.commitReceived(null, 0);
    }

    @Test
    void shouldTakeTheElementsThatLandedInARunWithoutCopyingThemAgain() throws MPIException {
        long[] sent = {5, 6, 7, 8, 9};
        Buffer packed = BufferMessages.pack(buffers, sent, 0, 5, MappedDatatype.of(MPI.LONG), 5);
        long[] target = new long[7];
        Buffer receive = BufferMessages.receiveBuffer(buffers, target, 1, 5, MappedDatatype.of(MPI.LONG), 5);
        try {
            arriveInPlace(packed, receive);
            assertEquals(5, receive.landedElements());
            assertArrayEquals(new long[] {0, 5, 6, 7, 8, 9, 0}, target, "copied as they landed");
            target[2] = -1;
            BufferMessages.unpack(receive, sent(receive, ElementType.LONG, 5), target, 1, 5,
                MappedDatatype.of(MPI.LONG), 5);
            assertEquals(-1, target[2], "the unpacking copied nothing again");
        } finally {
            buffers.free(packed);
            buffers.free(receive);
        }
    }

    @Test
    void shouldLeaveAMessageThatDoesNotFitTheRunToTheUnpacking() throws MPIException {
        Buffer packed = BufferMessages.pack(buffers, new int[] {1, 2, 3}, 0, 3, MappedDatatype.of(MPI.INT), 3);
        long[] target = new long[3];
        Buffer receive = BufferMessages.receiveBuffer(buffers, target, 0, 3, MappedDatatype.of(MPI.LONG), 3);
        try {
            arriveInPlace(packed, receive);
            assertEquals(0, receive.landedElements());
            assertArrayEquals(new long[3], target);
            MPIException mismatch = assertThrows(MPIException.class, () -> BufferMessages.unpack(receive,
                sent(receive, ElementType.INT, 3), target, 0, 3, MappedDatatype.of(MPI.LONG), 3));
            assertEquals(MPIException.ERR_TYPE, mismatch.getErrorClass());
        } finally {
            buffers.free(packed);
            buffers.free(receive);
        }
    }
}
