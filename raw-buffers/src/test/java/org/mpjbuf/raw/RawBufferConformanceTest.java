package org.mpjbuf.raw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The contract of {@link RawBuffer}, run against every medium and both byte orders through one
 * small subclass each. Every write is checked byte for byte against {@link ByteBuffer}'s own
 * encoding in the same order, and every read against the values written.
 */
@Timeout(60)
abstract class RawBufferConformanceTest {
    private static final int CAPACITY = 1024;

    private final List<RawBuffer> created = new ArrayList<>();
    private final Random random = new Random(0x5EED_0F_B0FFL);

    /** A fresh buffer of exactly {@code capacity} bytes of the medium under test, of any contents. */
    abstract RawBuffer create(int capacity);

    /** The byte order the buffers under test are set to. */
    abstract ByteOrder order();

    /** Whether the medium's buffers come from a pool (and so report a registration). */
    boolean pooled() {
        return false;
    }

    /** Releases what the medium holds, after every buffer of a test has been freed. */
    void closeMedium() {
    }

    final RawBuffer buffer(final int capacity) {
        final RawBuffer buffer = create(capacity).order(order());
        created.add(buffer);
        buffer.segment().fill((byte) 0);
        return buffer;
    }

    @AfterEach
    final void freeBuffers() {
        for (final RawBuffer buffer : created) {
            if (!buffer.isFreed()) {
                buffer.free();
            }
        }
        closeMedium();
    }

    /** The bytes a reference ByteBuffer in our order holds after the same writes. */
    private ByteBuffer reference(final int capacity) {
        return ByteBuffer.allocate(capacity).order(order());
    }

    private static byte[] contents(final RawBuffer buffer) {
        final byte[] bytes = new byte[buffer.capacity()];
        buffer.getBytes(0, bytes, 0, bytes.length);
        return bytes;
    }

    private static void assertSameElements(final Primitive type, final Object expected, final int expectedFrom,
                                           final Object actual, final int actualFrom, final int count) {
        for (int k = 0; k < count; k++) {
            assertEquals(type.bits(expected, expectedFrom + k), type.bits(actual, actualFrom + k),
                type + " element " + k);
        }
    }

    @Test
    void shouldReportCapacityOrderAndWritability() {
        final RawBuffer buffer = buffer(100);
        assertEquals(100, buffer.capacity());
        assertEquals(order(), buffer.order());
        assertFalse(buffer.isReadOnly());
        assertFalse(buffer.isFreed());
        final ByteOrder other = order() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        assertSame(buffer, buffer.order(other));
        assertEquals(other, buffer.order());
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldWriteEachPrimitiveInTheBufferOrderAtUnalignedIndexes(final Primitive type) {
        final RawBuffer buffer = buffer(64);
        final ByteBuffer expected = reference(64);
        final Object values = type.randomArray(random, 8);
        final int[] indexes = {0, 1, 3, 7, 13, 21, 64 - 2 * type.size, 64 - type.size};
        for (int k = 0; k < indexes.length; k++) {
            buffer.putByte(indexes[k], (byte) 0x55);
            type.put.apply(buffer, indexes[k], values, k);
            expected.put(indexes[k], (byte) 0x55);
            type.reference.put(expected, indexes[k], values, k);
        }
        assertArrayEquals(expected.array(), contents(buffer));
        final Object read = type.newArray(1);
        type.get.apply(buffer, indexes[indexes.length - 1], read, 0);
        assertSameElements(type, values, indexes.length - 1, read, 0, 1);
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyWholeArraysInBothDirectionsThroughTypedAndGenericMethods(final Primitive type) {
        final int count = 37;
        final int index = 5;
        final Object src = type.randomArray(random, count + 6);
        final ByteBuffer expected = reference(CAPACITY);
        for (int k = 0; k < count; k++) {
            type.reference.put(expected, index + k * type.size, src, 3 + k);
        }

        final RawBuffer typed = buffer(CAPACITY);
        type.putBulk.apply(typed, index, src, 3, count);
        assertArrayEquals(expected.array(), contents(typed));
        final Object typedBack = type.newArray(count + 2);
        type.getBulk.apply(typed, index, typedBack, 2, count);
        assertSameElements(type, src, 3, typedBack, 2, count);

        final RawBuffer generic = buffer(CAPACITY);
        generic.putArray(index, src, 3, count);
        assertArrayEquals(expected.array(), contents(generic));
        final Object genericBack = type.newArray(count);
        generic.getArray(index, genericBack, 0, count);
        assertSameElements(type, src, 3, genericBack, 0, count);
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldAcceptEmptyCopiesAtTheEndOfTheBuffer(final Primitive type) {
        final RawBuffer buffer = buffer(16);
        final Object array = type.newArray(0);
        buffer.putArray(16, array, 0, 0);
        buffer.getArray(16, array, 0, 0);
        buffer.gather(16, array, new int[0], 0, 0);
        assertEquals(0, buffer.stridedGather(16, array, 0, 1, 0, 1, new int[] {0, 1}));
        assertArrayEquals(new byte[16], contents(buffer));
    }

    @Test
    void shouldReadAnyNonZeroByteAsTrue() {
        final RawBuffer buffer = buffer(4);
        buffer.putBytes(0, new byte[] {0, 1, 2, (byte) 0x80}, 0, 4);
        final boolean[] read = new boolean[4];
        buffer.getBooleans(0, read, 0, 4);
        assertArrayEquals(new boolean[] {false, true, true, true}, read);
        assertTrue(buffer.getBoolean(2));
        final boolean[] scattered = new boolean[4];
        buffer.scatter(0, scattered, new int[] {3, 2, 1, 0}, 0, 4);
        assertArrayEquals(new boolean[] {true, true, true, false}, scattered);
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldGatherAndScatterByIndexArray(final Primitive type) {
        final Object src = type.randomArray(random, 50);
        final int[] indexes = {-1, -1, 49, 0, 7, 7, 23, 1, 48, 12};
        final int idxOffset = 2;
        final int count = indexes.length - idxOffset;
        final int index = 3;
        final ByteBuffer expected = reference(CAPACITY);
        for (int k = 0; k < count; k++) {
            type.reference.put(expected, index + k * type.size, src, indexes[idxOffset + k]);
        }
        final RawBuffer buffer = buffer(CAPACITY);
        buffer.gather(index, src, indexes, idxOffset, count);
        assertArrayEquals(expected.array(), contents(buffer));

        final Object dst = type.newArray(50);
        buffer.scatter(index, dst, indexes, idxOffset, count);
        final Object dstExpected = type.newArray(50);
        for (int k = 0; k < count; k++) {
            type.copyElement(src, indexes[idxOffset + k], dstExpected, indexes[idxOffset + k]);
        }
        assertSameElements(type, dstExpected, 0, dst, 0, 50);
    }

    /** The element indexes of a strided region, last dimension fastest: the specification in plain loops. */
    private static List<Integer> regionIndexes(final int offset, final int[] extents, final int[] strides) {
        final List<Integer> out = new ArrayList<>();
        final int rank = extents.length;
        final int[] counter = new int[rank];
        long total = 1;
        for (final int extent : extents) {
            total *= extent;
        }
        for (long n = 0; n < total; n++) {
            int element = offset;
            for (int d = 0; d < rank; d++) {
                element += counter[d] * strides[d];
            }
            out.add(element);
            for (int d = rank - 1; d >= 0 && ++counter[d] == extents[d]; d--) {
                counter[d] = 0;
            }
        }
        return out;
    }

    private void assertStridedRoundTrip(final Primitive type, final int arrayLength, final int offset,
                                        final int[] extents, final int[] strides) {
        final int rank = extents.length;
        final int[] shape = new int[1 + 2 * rank];
        System.arraycopy(extents, 0, shape, 1, rank);
        System.arraycopy(strides, 0, shape, 1 + rank, rank);
        final List<Integer> elements = regionIndexes(offset, extents, strides);
        final Object src = type.randomArray(random, arrayLength);
        final int index = 9;
        final ByteBuffer expected = reference(CAPACITY);
        for (int k = 0; k < elements.size(); k++) {
            type.reference.put(expected, index + k * type.size, src, elements.get(k));
        }
        final RawBuffer buffer = buffer(CAPACITY);
        assertEquals(elements.size(), buffer.stridedGather(index, src, offset, rank, 1, 1 + rank, shape));
        assertArrayEquals(expected.array(), contents(buffer), type + " gather " + elements);

        final Object dst = type.newArray(arrayLength);
        final Object dstExpected = type.newArray(arrayLength);
        for (final int element : elements) {
            type.copyElement(src, element, dstExpected, element);
        }
        assertEquals(elements.size(), buffer.stridedScatter(index, dst, offset, rank, 1, 1 + rank, shape));
        assertSameElements(type, dstExpected, 0, dst, 0, arrayLength);
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyRankOneRegionsWithUnitAndLargerStrides(final Primitive type) {
        assertStridedRoundTrip(type, 40, 2, new int[] {10}, new int[] {1});
        assertStridedRoundTrip(type, 40, 1, new int[] {13}, new int[] {3});
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyRankTwoSubmatrices(final Primitive type) {
        assertStridedRoundTrip(type, 8 * 10, 10 + 2, new int[] {5, 6}, new int[] {10, 1});
        assertStridedRoundTrip(type, 8 * 10, 1, new int[] {4, 5}, new int[] {20, 2});
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyRankThreeRegions(final Primitive type) {
        assertStridedRoundTrip(type, 4 * 5 * 6, 5 * 6 + 6 + 1, new int[] {3, 4, 3}, new int[] {30, 6, 2});
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyRegionsWithZeroAndNegativeStrides(final Primitive type) {
        assertStridedRoundTrip(type, 20, 4, new int[] {3, 5}, new int[] {0, 1});
        assertStridedRoundTrip(type, 20, 19, new int[] {20}, new int[] {-1});
        assertStridedRoundTrip(type, 30, 27, new int[] {3, 4}, new int[] {-9, -2});
        assertStridedRoundTrip(type, 30, 5, new int[] {2, 3, 2}, new int[] {10, -2, 0});
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldCopyOneElementForRankZeroAndNoneForAnEmptyExtent(final Primitive type) {
        assertStridedRoundTrip(type, 5, 3, new int[0], new int[0]);
        assertStridedRoundTrip(type, 5, 3, new int[] {4, 0}, new int[] {-100, 100});
    }

    @Test
    void shouldRejectStridedRegionsThatLeaveTheArrayNamingTheReach() {
        final RawBuffer buffer = buffer(CAPACITY);
        final int[] array = new int[20];
        final IndexOutOfBoundsException below = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.stridedGather(0, array, 3, 1, 0, 1, new int[] {5, -1}));
        assertTrue(below.getMessage().contains("-1 to 3"), below.getMessage());
        final IndexOutOfBoundsException above = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.stridedScatter(0, array, 0, 2, 0, 2, new int[] {4, 5, 5, 2}));
        assertTrue(above.getMessage().contains("0 to 23") && above.getMessage().contains("length 20"),
            above.getMessage());
        final IndexOutOfBoundsException stillAbove = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.stridedGather(0, array, 0, 2, 0, 2, new int[] {2, 11, 10, 1}));
        assertTrue(stillAbove.getMessage().contains("0 to 20"), stillAbove.getMessage());
        assertThrows(IllegalArgumentException.class,
            () -> buffer.stridedGather(0, array, 0, 1, 0, 1, new int[] {-2, 1}));
        assertThrows(IllegalArgumentException.class,
            () -> buffer.stridedGather(0, array, 0, -1, 0, 0, new int[0]));
        assertThrows(IllegalArgumentException.class,
            () -> buffer.stridedGather(0, array, 0, 2, 0, 1, new int[] {2, 2}));
        assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.stridedGather(CAPACITY - 8, array, 0, 1, 0, 1, new int[] {3, 1}));
        assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.stridedGather(0, array, 0, 2, 0, 2, new int[] {1 << 30, 1 << 30, 1 << 30, 1 << 30}));
        final IllegalArgumentException overflow = assertThrows(IllegalArgumentException.class,
            () -> buffer.stridedGather(0, array, 0, 3, 0, 3, new int[] {1 << 30, 1 << 30, 1 << 30, 0, 0, 0}));
        assertTrue(overflow.getMessage().contains("overflows"), overflow.getMessage());
        assertArrayEquals(new byte[CAPACITY], contents(buffer));
    }

    @Test
    void shouldRejectAccessOutsideTheBufferWithIndexLengthAndCapacity() {
        final RawBuffer buffer = buffer(16);
        final IndexOutOfBoundsException typed = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.putLong(9, 1L));
        assertTrue(typed.getMessage().contains("index 9") && typed.getMessage().contains("length 8")
            && typed.getMessage().contains("capacity 16"), typed.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.getByte(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.getByte(16));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.getInt(13));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.putShort(Integer.MAX_VALUE, (short) 1));
        final IndexOutOfBoundsException bulk = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.putInts(4, new int[4], 0, 4));
        assertTrue(bulk.getMessage().contains("4 elements"), bulk.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.getDoubles(0, new double[8], 0, 3));
        assertArrayEquals(new byte[16], contents(buffer));
    }

    @Test
    void shouldRejectBadArraysAndCountsNamingTheArgument() {
        final RawBuffer buffer = buffer(64);
        final IndexOutOfBoundsException offset = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.putInts(0, new int[4], 2, 3));
        assertTrue(offset.getMessage().contains("srcOffset 2") && offset.getMessage().contains("length 4"),
            offset.getMessage());
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.getArray(0, new long[4], -1, 1));
        final IllegalArgumentException count = assertThrows(IllegalArgumentException.class,
            () -> buffer.putArray(0, new byte[4], 0, -1));
        assertTrue(count.getMessage().contains("count"), count.getMessage());
        final IllegalArgumentException notPrimitive = assertThrows(IllegalArgumentException.class,
            () -> buffer.putArray(0, new String[1], 0, 1));
        assertTrue(notPrimitive.getMessage().contains("java.lang.String[]"), notPrimitive.getMessage());
        assertThrows(IllegalArgumentException.class, () -> buffer.gather(0, Integer.valueOf(3), new int[1], 0, 1));
        assertThrows(NullPointerException.class, () -> buffer.putArray(0, null, 0, 0));
        assertThrows(NullPointerException.class, () -> buffer.gather(0, new int[1], null, 0, 0));
        assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.scatter(0, new int[10], new int[] {1, 2}, 1, 2));
        assertArrayEquals(new byte[64], contents(buffer));
    }

    @ParameterizedTest
    @EnumSource(Primitive.class)
    void shouldNameTheFirstBadGatherOrScatterIndex(final Primitive type) {
        final RawBuffer buffer = buffer(64);
        final IndexOutOfBoundsException gather = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.gather(0, type.newArray(10), new int[] {7, 1, 2, 10, 3}, 1, 4));
        assertTrue(gather.getMessage().contains("indexes[3] = 10") && gather.getMessage().contains("length 10")
            && gather.getMessage().contains("2 elements before it"), gather.getMessage());
        final IndexOutOfBoundsException scatter = assertThrows(IndexOutOfBoundsException.class,
            () -> buffer.scatter(0, type.newArray(10), new int[] {1, -2}, 0, 2));
        assertTrue(scatter.getMessage().contains("indexes[1] = -2"), scatter.getMessage());
    }

    @Test
    void shouldShareMemoryWithItsByteBufferAndSegmentViews() {
        final RawBuffer buffer = buffer(32);
        final ByteBuffer view = buffer.byteBuffer();
        assertEquals(0, view.position());
        assertEquals(32, view.limit());
        assertEquals(32, view.capacity());
        assertEquals(order(), view.order());
        buffer.putInt(4, 0x01020304);
        assertEquals(0x01020304, view.getInt(4));
        view.putLong(8, 0x1122334455667788L);
        assertEquals(0x1122334455667788L, buffer.getLong(8));

        view.position(5).limit(9);
        final ByteBuffer again = buffer.byteBuffer();
        assertEquals(0, again.position());
        assertEquals(32, again.limit());

        assertEquals(32, buffer.segment().byteSize());
        buffer.segment().set(ValueLayout.JAVA_BYTE, 31, (byte) 7);
        assertEquals(7, buffer.getByte(31));
        assertSame(buffer.segment(), buffer.segment());
    }

    @Test
    void shouldHaveNoRegistrationUnlessPooledAndRegistered() {
        final RawBuffer buffer = buffer(32);
        if (!pooled()) {
            assertNull(buffer.registrationKey());
        }
        assertFalse(buffer.isFreed());
    }

    @Test
    void shouldRefuseEveryAccessAfterFree() {
        final RawBuffer buffer = buffer(32);
        buffer.free();
        assertTrue(buffer.isFreed());
        assertEquals(32, buffer.capacity());
        final IllegalStateException get = assertThrows(IllegalStateException.class, () -> buffer.getInt(0));
        assertTrue(get.getMessage().contains("freed"), get.getMessage());
        assertThrows(IllegalStateException.class, () -> buffer.putArray(0, new int[2], 0, 2));
        assertThrows(IllegalStateException.class, () -> buffer.gather(0, new int[2], new int[] {0}, 0, 1));
        assertThrows(IllegalStateException.class,
            () -> buffer.stridedScatter(0, new int[2], 0, 1, 0, 1, new int[] {2, 1}));
        assertThrows(IllegalStateException.class, buffer::byteBuffer);
        assertThrows(IllegalStateException.class, buffer::segment);
        assertThrows(IllegalStateException.class, buffer::registrationKey);
    }

    @Test
    void shouldDetectDoubleFree() {
        final RawBuffer buffer = buffer(32);
        buffer.free();
        final IllegalStateException twice = assertThrows(IllegalStateException.class, buffer::free);
        assertTrue(twice.getMessage().contains("double free"), twice.getMessage());
    }
}
