package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;

/** Every family for every type, on every medium, pool strategy and byte order. */
@ParameterizedClass(name = "{0} {1} {2}")
@MethodSource("configurations")
@Timeout(60)
class BufferTest {
    private static final int COUNT = 37;

    private final Medium medium;
    private final AllocationStrategy strategy;
    private final ByteOrder order;
    private BufferPool pool;
    private BufferFactory factory;

    BufferTest(Medium medium, AllocationStrategy strategy, ByteOrder order) {
        this.medium = medium;
        this.strategy = strategy;
        this.order = order;
    }

    static Stream<Arguments> configurations() {
        List<Arguments> out = new ArrayList<>();
        for (Medium medium : Medium.values()) {
            for (AllocationStrategy strategy : AllocationStrategy.values()) {
                for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                    out.add(Arguments.of(medium, strategy, order));
                }
            }
        }
        return out.stream();
    }

    @BeforeEach
    void createFactory() {
        pool = BufferPool.builder().medium(medium).strategy(strategy).regionSize(1 << 16).build();
        factory = BufferFactory.builder().pool(pool).byteOrder(order).dynamicCapacity(16).build();
    }

    @AfterEach
    void closePool() {
        factory.close();
        pool.close();
    }

    @Test
    void shouldRoundTripEveryFamilyForEveryType() {
        Random random = new Random(42);
        int[] indexes = {5, 0, 36, 5, 17, 2, 30};
        int[] shape = {0, 3, 4, 9, -2};
        int regionOffset = 8;
        int[] region = Elements.regionIndexes(regionOffset, 2, 1, 3, shape);
        int size = 0;
        for (Type type : Type.values()) {
            size += 3 * BufferDescriptor.sectionSize(type, COUNT);
        }
        Buffer buffer = factory.allocate(size);
        List<Object> sources = new ArrayList<>();
        for (Type type : Type.values()) {
            Object src = Elements.randomArray(type, COUNT, random);
            sources.add(src);
            buffer.putSectionHeader(type);
            Elements.write(buffer, src, 2, COUNT - 2);
            buffer.putSectionHeader(type);
            Elements.gather(buffer, src, 6, 1, indexes);
            buffer.putSectionHeader(type);
            Elements.strGather(buffer, src, regionOffset, 2, 1, 3, shape);
        }
        buffer.commit();
        assertEquals(order, buffer.order());
        for (int t = 0; t < Type.values().length; t++) {
            Type type = Type.values()[t];
            Object src = sources.get(t);

            assertSame(type, buffer.getSectionHeader());
            assertEquals(COUNT - 2, buffer.getSectionSize());
            Object contiguous = Elements.newArray(type, COUNT);
            Elements.read(buffer, contiguous, 2, COUNT - 2);
            Object expected = Elements.newArray(type, COUNT);
            System.arraycopy(src, 2, expected, 2, COUNT - 2);
            Elements.assertSameElements(expected, contiguous);

            assertSame(type, buffer.getSectionHeader());
            assertEquals(6, buffer.getSectionSize());
            Object scattered = Elements.newArray(type, COUNT);
            Elements.scatter(buffer, scattered, 6, 1, indexes);
            Object expectedScatter = Elements.newArray(type, COUNT);
            Elements.scatterReference(Elements.gatherReference(src, 6, 1, indexes), expectedScatter, 6, 1, indexes);
            Elements.assertSameElements(expectedScatter, scattered);

            assertSame(type, buffer.getSectionHeader());
            assertEquals(region.length, buffer.getSectionSize());
            Object packed = Elements.newArray(type, region.length);
            Elements.read(buffer, packed, 0, region.length);
            Elements.assertSameElements(Elements.gatherReference(src, region.length, 0, region), packed);
        }
        assertThrows(IllegalStateException.class, buffer::getSectionHeader);
        buffer.rewind();
        assertSame(Type.values()[0], buffer.getSectionHeader());
        assertEquals(COUNT - 2, buffer.getSectionSize());
        factory.free(buffer);
    }

    @Test
    void shouldScatterStridedRegionsAndReadSectionsInPieces() {
        Random random = new Random(7);
        int[] shape = {2, 3, 4, 12, 3, 1};
        int[] region = Elements.regionIndexes(1, 3, 0, 3, shape);
        for (Type type : Type.values()) {
            Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(type, region.length));
            Object packed = Elements.randomArray(type, region.length, random);
            buffer.putSectionHeader(type);
            Elements.write(buffer, packed, 0, 10);
            Elements.write(buffer, packed, 10, region.length - 10);
            buffer.commit();
            assertSame(type, buffer.getSectionHeader());
            Object dest = Elements.newArray(type, 40);
            Elements.strScatter(buffer, dest, 1, 3, 0, 3, shape);
            Object expected = Elements.newArray(type, 40);
            Elements.scatterReference(packed, expected, region.length, 0, region);
            Elements.assertSameElements(expected, dest);
            factory.free(buffer);
        }
    }

    @Test
    void shouldWritePackedElementsFromMemoryInEitherByteOrder() {
        Random random = new Random(11);
        for (Type type : Type.values()) {
            if (type.isDynamic() || type == Type.BOOLEAN) {
                Buffer buffer = factory.allocate(64);
                buffer.putSectionHeader(type);
                assertThrows(IllegalArgumentException.class,
                        () -> buffer.write(type, MemorySegment.ofArray(new byte[8]), ByteOrder.BIG_ENDIAN, 1), type.name());
                factory.free(buffer);
                continue;
            }
            for (ByteOrder from : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                Object expected = Elements.randomArray(type, COUNT, random);
                MemorySegment packed = MemorySegment.ofArray(new byte[COUNT * type.elementLength() + 5]);
                MemorySegment.copy(expected, 0, packed, type.bulkLayout(from == ByteOrder.BIG_ENDIAN), 0, COUNT);
                Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(type, COUNT));
                buffer.putSectionHeader(type);
                buffer.write(type, packed.asSlice(0, 3L * type.elementLength()), from, 3);
                buffer.write(type, packed.asSlice(3L * type.elementLength()), from, COUNT - 3);
                buffer.commit();
                assertSame(type, buffer.getSectionHeader());
                Object back = Array.newInstance(expected.getClass().getComponentType(), COUNT);
                Elements.read(buffer, back, 0, COUNT);
                assertTrue(Objects.deepEquals(expected, back), type + " packed " + from + " into a " + order + " buffer");
                factory.free(buffer);
            }
        }
        Buffer ints = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 2));
        ints.putSectionHeader(Type.INT);
        IllegalArgumentException few = assertThrows(IllegalArgumentException.class,
                () -> ints.write(Type.INT, MemorySegment.ofArray(new byte[7]), ByteOrder.BIG_ENDIAN, 2));
        assertTrue(few.getMessage().contains("8 bytes"), few.getMessage());
        assertThrows(IllegalStateException.class,
                () -> ints.write(Type.LONG, MemorySegment.ofArray(new byte[8]), ByteOrder.BIG_ENDIAN, 1), "another type");
        assertThrows(IllegalStateException.class,
                () -> ints.write(Type.INT, MemorySegment.ofArray(new byte[12]), ByteOrder.BIG_ENDIAN, 3), "full");
        ints.write(Type.INT, MemorySegment.ofArray(new byte[8]), ByteOrder.BIG_ENDIAN, 2);
        factory.free(ints);
    }

    @Test
    void shouldHoldExactlyTheSectionsItWasSizedFor() {
        Buffer doublesOnly = factory.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, 2));
        doublesOnly.putSectionHeader(Type.DOUBLE);
        doublesOnly.write(new double[] {1.5}, 0, 1);
        IllegalStateException full = assertThrows(IllegalStateException.class,
                () -> doublesOnly.write(new double[] {2.5, 3.5}, 0, 2));
        assertTrue(full.getMessage().contains("static section full"), full.getMessage());
        doublesOnly.write(new double[] {2.5}, 0, 1);
        doublesOnly.commit();
        assertEquals(BufferDescriptor.MESSAGE_HEADER_LENGTH + doublesOnly.capacity(), doublesOnly.staticLength());
        factory.free(doublesOnly);

        Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 3)
                + BufferDescriptor.sectionSize(Type.DOUBLE, 2) + BufferDescriptor.sectionSize(Type.OBJECT, 5));
        buffer.putSectionHeader(Type.INT);
        buffer.write(new int[] {1, 2, 3}, 0, 3);
        buffer.putSectionHeader(Type.DOUBLE);
        buffer.write(new double[] {1.5, 2.5}, 0, 2);
        buffer.putSectionHeader(Type.OBJECT);
        buffer.write(new Object[] {"a", "b"}, 0, 2);
        assertThrows(IllegalStateException.class, () -> buffer.putSectionHeader(Type.BYTE));
        buffer.commit();
        assertEquals(BufferDescriptor.MESSAGE_HEADER_LENGTH + buffer.capacity(), buffer.staticLength());
        assertSame(Type.INT, buffer.getSectionHeader());
        assertSame(Type.DOUBLE, buffer.getSectionHeader());
        double[] doubles = new double[2];
        buffer.read(doubles, 0, 2);
        assertEquals(2.5, doubles[1]);
        assertSame(Type.OBJECT, buffer.getSectionHeader());
        assertEquals(2, buffer.getSectionSize());
        factory.free(buffer);
    }

    @Test
    void shouldRefuseOperationsInTheWrongMode() {
        Buffer buffer = factory.allocate(64);
        IllegalStateException early = assertThrows(IllegalStateException.class, buffer::getSectionHeader);
        assertThrows(IllegalStateException.class, buffer::rewind);
        assertTrue(early.getMessage().contains("commit()"), early.getMessage());
        assertThrows(IllegalStateException.class, () -> buffer.read(new int[1], 0, 1));
        assertThrows(IllegalStateException.class, buffer::staticSegment);
        IllegalStateException noSection = assertThrows(IllegalStateException.class,
                () -> buffer.write(new int[1], 0, 1));
        assertTrue(noSection.getMessage().contains("putSectionHeader"), noSection.getMessage());
        buffer.putSectionHeader(Type.INT);
        buffer.write(new int[] {9}, 0, 1);
        buffer.commit();
        assertTrue(buffer.isReadable());
        IllegalStateException late = assertThrows(IllegalStateException.class,
                () -> buffer.write(new int[1], 0, 1));
        assertTrue(late.getMessage().contains("clear()"), late.getMessage());
        assertThrows(IllegalStateException.class, () -> buffer.putSectionHeader(Type.INT));
        assertThrows(IllegalStateException.class, buffer::commit);
        buffer.clear();
        assertFalse(buffer.isReadable());
        buffer.putSectionHeader(Type.LONG);
        buffer.write(new long[] {4}, 0, 1);
        buffer.commit();
        assertSame(Type.LONG, buffer.getSectionHeader());
        factory.free(buffer);
    }

    @Test
    void shouldRefuseWrongTypesAndReadsPastTheEnd() {
        Buffer buffer = factory.allocate(64);
        buffer.putSectionHeader(Type.INT_DYNAMIC);
        IllegalStateException wrongWrite = assertThrows(IllegalStateException.class,
                () -> buffer.write(new long[1], 0, 1));
        assertTrue(wrongWrite.getMessage().contains("long elements in a INT_DYNAMIC section"), wrongWrite.getMessage());
        assertThrows(IllegalStateException.class, () -> buffer.write(new Object[1], 0, 1));
        buffer.write(new int[] {1, 2, 3}, 0, 3);
        buffer.commit();
        assertSame(Type.INT_DYNAMIC, buffer.getSectionHeader());
        assertThrows(IllegalStateException.class, () -> buffer.read(new float[3], 0, 3));
        int[] two = new int[2];
        buffer.read(two, 0, 2);
        IllegalStateException past = assertThrows(IllegalStateException.class, () -> buffer.read(two, 0, 2));
        assertTrue(past.getMessage().contains("holds 3 and 2 have been read"), past.getMessage());
        buffer.read(two, 0, 1);
        assertEquals(3, two[0]);
        IllegalStateException noMore = assertThrows(IllegalStateException.class, buffer::getSectionHeader);
        assertTrue(noMore.getMessage().contains("all 1 sections"), noMore.getMessage());
        factory.free(buffer);
    }

    @Test
    void shouldLeaveTheBufferUnchangedWhenArgumentsAreBad() {
        Buffer buffer = factory.allocate(128);
        buffer.putSectionHeader(Type.SHORT);
        short[] values = {1, 2, 3, 4};
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.write(values, 2, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.gather(values, 2, 0, new int[] {0, 4}));
        assertThrows(IndexOutOfBoundsException.class,
                () -> buffer.strGather(values, 3, 1, 0, 1, new int[] {2, 1}));
        assertThrows(IllegalArgumentException.class, () -> buffer.write(values, 0, -1));
        assertThrows(IllegalArgumentException.class,
                () -> buffer.strGather(values, 0, 1, 0, 1, new int[] {-1, 1}));
        assertThrows(NullPointerException.class, () -> buffer.write((short[]) null, 0, 1));
        buffer.strGather(values, 3, 1, 0, 1, new int[] {4, -1});
        assertEquals(4, buffer.getSectionSize());
        buffer.commit();
        buffer.getSectionHeader();
        short[] back = new short[4];
        buffer.read(back, 0, 4);
        Elements.assertSameElements(new short[] {4, 3, 2, 1}, back);
        factory.free(buffer);
    }

    @Test
    void shouldExposeTheMessageWithoutCopying() {
        Buffer buffer = factory.allocate(128);
        buffer.putSectionHeader(Type.BYTE);
        buffer.write(new byte[] {1, 2, 3}, 0, 3);
        buffer.putSectionHeader(Type.OBJECT);
        buffer.write(new Object[] {"zero copy"}, 0, 1);
        buffer.commit();
        MemorySegment staticPart = buffer.staticSegment();
        assertEquals(buffer.staticLength(), staticPart.byteSize());
        assertEquals(BufferDescriptor.MESSAGE_HEADER_LENGTH + 16 + 16, buffer.staticLength());
        assertEquals(buffer.storageSegment().address(), staticPart.address());
        assertEquals(buffer.staticLength(), BufferDescriptor.staticLength(staticPart));
        ByteBuffer staticView = buffer.staticByteBuffer();
        assertEquals(buffer.staticLength(), staticView.remaining());
        staticView.put(BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.SECTION_HEADER_LENGTH, (byte) 7);
        assertEquals(buffer.dynamicLength(), buffer.dynamicSegment().byteSize());
        assertEquals(buffer.dynamicLength(), BufferDescriptor.dynamicLength(staticPart));
        assertSame(buffer.dynamicArray(), buffer.dynamicByteBuffer().array());
        buffer.getSectionHeader();
        byte[] bytes = new byte[3];
        buffer.read(bytes, 0, 3);
        assertEquals(7, bytes[0]);
        factory.free(buffer);
    }

    @Test
    void shouldReadReceivedBytesWrappedOrPlacedInItsStorage() {
        Buffer sender = factory.allocate(256);
        sender.putSectionHeader(Type.CHAR);
        sender.write("hello".toCharArray(), 0, 5);
        sender.putSectionHeader(Type.DOUBLE_DYNAMIC);
        sender.write(new double[] {Math.PI, -0.0}, 0, 2);
        sender.putSectionHeader(Type.OBJECT);
        sender.write(new Object[] {List.of("a", 1)}, 0, 1);
        sender.commit();
        byte[] dynamic = java.util.Arrays.copyOf(sender.dynamicArray(), sender.dynamicLength());

        try (Arena arena = Arena.ofConfined()) {
            MemorySegment received = arena.allocate(sender.staticLength() + 40);
            received.copyFrom(sender.staticSegment());
            assertMessage(Buffer.wrap(received, dynamic, dynamic.length));
        }
        assertMessage(Buffer.wrap(ByteBuffer.wrap(sender.staticSegment().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE)),
                dynamic, dynamic.length));

        Buffer receiver = factory.allocate(256);
        receiver.storageSegment().copyFrom(sender.staticSegment());
        receiver.commitReceived(dynamic, dynamic.length);
        assertMessage(receiver);
        receiver.clear();
        assertEquals(factory.order(), receiver.order());
        factory.free(receiver);
        factory.free(sender);
    }

    @Test
    void shouldSealTheChecksumOnlyWhenTheBytesAreTaken() {
        Buffer sender = factory.allocate(64);
        sender.putSectionHeader(Type.INT);
        sender.write(new int[] {4, 5, 6}, 0, 3);
        sender.commit();
        int staticLength = BufferDescriptor.MESSAGE_HEADER_LENGTH + BufferDescriptor.sectionSize(Type.INT, 3);
        MemorySegment unsealed = MemorySegment.ofArray(new byte[staticLength]);
        unsealed.copyFrom(sender.storageSegment().asSlice(0, staticLength));
        MalformedMessageException refused = assertThrows(MalformedMessageException.class,
                () -> Buffer.wrap(unsealed, null, 0));
        assertTrue(refused.getMessage().contains("checksum mismatch"), refused.getMessage());
        assertSame(Type.INT, sender.getSectionHeader());
        assertEquals(staticLength, sender.staticLength());
        Buffer received = Buffer.wrap(sender.staticSegment(), null, 0);
        assertSame(Type.INT, received.getSectionHeader());
        int[] ints = new int[3];
        received.read(ints, 0, 3);
        assertEquals(6, ints[2]);
        sender.storageSegment().set(java.lang.foreign.ValueLayout.JAVA_BYTE, staticLength - 8, (byte) 9);
        assertThrows(MalformedMessageException.class, () -> Buffer.wrap(sender.staticSegment(), null, 0));
        factory.free(sender);
    }

    private static void assertMessage(Buffer buffer) {
        assertTrue(buffer.isReadable());
        assertSame(Type.CHAR, buffer.getSectionHeader());
        char[] chars = new char[5];
        buffer.read(chars, 0, 5);
        assertEquals("hello", new String(chars));
        assertSame(Type.DOUBLE_DYNAMIC, buffer.getSectionHeader());
        double[] doubles = new double[2];
        buffer.read(doubles, 0, 2);
        Elements.assertSameElements(new double[] {Math.PI, -0.0}, doubles);
        assertSame(Type.OBJECT, buffer.getSectionHeader());
        Object[] objects = new Object[1];
        buffer.read(objects, 0, 1);
        assertEquals(List.of("a", 1), objects[0]);
    }

    @Test
    void shouldRejectMalformedReceivedBytesAndStayWritable() {
        Buffer receiver = factory.allocate(64);
        receiver.storageSegment().fill((byte) 0x55);
        assertThrows(MalformedMessageException.class, () -> receiver.commitReceived(null, 0));
        assertFalse(receiver.isReadable());
        receiver.putSectionHeader(Type.BOOLEAN);
        receiver.write(new boolean[] {true, false}, 0, 2);
        receiver.commit();
        assertSame(Type.BOOLEAN, receiver.getSectionHeader());
        assertThrows(IllegalArgumentException.class, () -> receiver.commitReceived(new byte[2], 3));
        factory.free(receiver);
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> factory.free(receiver));
        assertTrue(twice.getMessage().contains("destroyed"), twice.getMessage());
    }
}
