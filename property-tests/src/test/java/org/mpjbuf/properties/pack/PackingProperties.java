package org.mpjbuf.properties.pack;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.MalformedMessageException;
import org.mpjbuf.Type;
import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;

/**
 * Properties of the packing layer: any sequence of sections reads back identically through the
 * matching family and through plain {@code read}, in either byte order, on every medium and
 * strategy; gather and strided copies agree with plain loops over their definitions; and damaged
 * messages give back the original or a clean exception. jqwik prints the seed of a failure.
 */
class PackingProperties {

    /** A message to write: where its buffer comes from, and its sections. */
    record Message(Medium medium, AllocationStrategy strategy, ByteOrder order, List<SectionSpec> sections) {
        int capacity() {
            int size = 0;
            for (SectionSpec section : sections) {
                size += BufferDescriptor.sectionSize(section.type(), Array.getLength(section.expected()));
            }
            return size;
        }
    }

    /** The encoded bytes of a message. */
    record Encoded(byte[] staticPart, byte[] dynamicPart) {
    }

    @Property(tries = 150)
    void sectionsReadBackThroughTheMatchingFamilyAndThroughPlainRead(@ForAll("messages") Message message) {
        try (BufferPool pool = pool(message); BufferFactory factory = factory(pool, message)) {
            Buffer buffer = factory.allocate(message.capacity());
            message.sections().forEach(section -> section.writeTo(buffer));
            buffer.commit();
            check(buffer.staticLength() == BufferDescriptor.MESSAGE_HEADER_LENGTH + message.capacity(),
                    "static length " + buffer.staticLength() + " for capacity " + message.capacity());
            for (SectionSpec section : message.sections()) {
                check(buffer.getSectionHeader() == section.type(), "type of " + section);
                check(buffer.getSectionSize() == Array.getLength(section.expected()), "size of " + section);
                check(SectionSpec.sameElements(section.expectedMatching(), section.readMatching(buffer)),
                        "matching read of " + section);
            }
            Encoded encoded = encode(buffer);
            factory.free(buffer);
            Buffer received = Buffer.wrap(MemorySegment.ofArray(encoded.staticPart()), encoded.dynamicPart(),
                    encoded.dynamicPart().length);
            check(received.order() == message.order(), "byte order");
            for (SectionSpec section : message.sections()) {
                check(received.getSectionHeader() == section.type(), "type of " + section);
                check(SectionSpec.sameElements(section.expected(), section.readPlain(received)), "plain read of " + section);
            }
        }
    }

    /** How a message is damaged. */
    enum Damage {
        /** One bit of one byte of the static part flipped. */
        FLIP_STATIC_BIT,
        /** One byte of the static part replaced. */
        SET_STATIC_BYTE,
        /** Several bytes of the static part replaced. */
        SET_STATIC_BYTES,
        /** One bit of one byte of the dynamic part flipped. */
        FLIP_DYNAMIC_BIT,
        /** One byte of the dynamic part replaced. */
        SET_DYNAMIC_BYTE,
        /** The static part cut short. */
        TRUNCATE_STATIC,
        /** The dynamic part cut short. */
        TRUNCATE_DYNAMIC
    }

    @Property(tries = 300)
    void damageAnywhereGivesTheOriginalOrACleanException(
            @ForAll("messages") Message message, @ForAll Damage damage,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where, @ForAll long value) {
        Encoded encoded = encodeMessage(message);
        byte[] staticPart = encoded.staticPart();
        byte[] dynamicPart = encoded.dynamicPart();
        Random random = new Random(value);
        switch (damage) {
            case FLIP_STATIC_BIT -> staticPart[where % staticPart.length] ^= (byte) (1 << random.nextInt(8));
            case SET_STATIC_BYTE -> staticPart[where % staticPart.length] = (byte) random.nextInt();
            case SET_STATIC_BYTES -> {
                for (int k = 1 + random.nextInt(8); k > 0; k--) {
                    staticPart[random.nextInt(staticPart.length)] = (byte) random.nextInt();
                }
            }
            case FLIP_DYNAMIC_BIT -> {
                if (dynamicPart.length > 0) {
                    dynamicPart[where % dynamicPart.length] ^= (byte) (1 << random.nextInt(8));
                }
            }
            case SET_DYNAMIC_BYTE -> {
                if (dynamicPart.length > 0) {
                    dynamicPart[where % dynamicPart.length] = (byte) random.nextInt();
                }
            }
            case TRUNCATE_STATIC -> staticPart = Arrays.copyOf(staticPart, where % staticPart.length);
            case TRUNCATE_DYNAMIC -> dynamicPart = Arrays.copyOf(dynamicPart,
                    dynamicPart.length == 0 ? 0 : where % dynamicPart.length);
        }
        boolean changed = !Arrays.equals(staticPart, encoded.staticPart())
                || !Arrays.equals(dynamicPart, encoded.dynamicPart());
        readOriginalOrFailCleanly(message, staticPart, dynamicPart, changed, damage.toString());
    }

    @Property(tries = 200)
    void resealedStructuralDamageGivesTheOriginalOrACleanException(
            @ForAll("messages") Message message, @ForAll boolean flip,
            @ForAll @IntRange(min = 0, max = 1 << 20) int where, @ForAll int value) {
        Encoded encoded = encodeMessage(message);
        int[] structural = structuralIndexes(message);
        byte[] staticPart = encoded.staticPart();
        byte[] dynamicPart = encoded.dynamicPart();
        int index = structural[where % structural.length];
        if (flip) {
            staticPart[index] ^= (byte) (1 << (value & 7));
        } else {
            staticPart[index] = (byte) value;
        }
        reseal(staticPart, dynamicPart);
        readOriginalOrFailCleanly(message, staticPart, dynamicPart, false, "structural damage at byte " + index);
    }

    /**
     * Reads a possibly damaged message: every section must come back as written, or the read must
     * stop with a clean exception; when {@code mustFail}, it must stop.
     */
    private static void readOriginalOrFailCleanly(Message message, byte[] staticPart, byte[] dynamicPart,
                                                  boolean mustFail, String what) {
        try {
            Buffer received = Buffer.wrap(MemorySegment.ofArray(staticPart), dynamicPart, dynamicPart.length);
            for (SectionSpec section : message.sections()) {
                received.getSectionHeader();
                check(SectionSpec.sameElements(section.expected(), section.readPlain(received)),
                        "elements of " + section + " after " + what);
            }
            check(!mustFail, "damaged message accepted after " + what);
        } catch (MalformedMessageException | IllegalStateException clean) {
            check(clean.getMessage() != null && !clean.getMessage().isEmpty(), "exception without a message");
        }
    }

    @Property(tries = 200)
    void arbitraryBytesAreDecodedOrRefusedWithoutOtherFailures(
            @ForAll @Size(max = 160) List<Byte> noise, @ForAll boolean withHeader, @ForAll long seed) {
        byte[] bytes = new byte[noise.size() + BufferDescriptor.MESSAGE_HEADER_LENGTH];
        for (int i = 0; i < noise.size(); i++) {
            bytes[BufferDescriptor.MESSAGE_HEADER_LENGTH + i] = noise.get(i);
        }
        Random random = new Random(seed);
        if (withHeader) {
            MemorySegment header = MemorySegment.ofArray(bytes);
            header.set(ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN), 0, BufferDescriptor.MAGIC);
            header.set(ValueLayout.JAVA_BYTE, BufferDescriptor.VERSION_OFFSET, BufferDescriptor.VERSION);
            header.set(ValueLayout.JAVA_BYTE, BufferDescriptor.BYTE_ORDER_OFFSET, BufferDescriptor.LITTLE_ENDIAN);
            ValueLayout.OfInt little = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
            header.set(little, BufferDescriptor.STATIC_LENGTH_OFFSET, (int) BufferDescriptor.align(bytes.length) - 8);
            header.set(little, BufferDescriptor.SECTION_COUNT_OFFSET, random.nextInt(6));
            header.set(little, BufferDescriptor.DYNAMIC_LENGTH_OFFSET, random.nextInt(3) == 0 ? 0 : random.nextInt(64));
        }
        byte[] dynamic = new byte[random.nextInt(64)];
        random.nextBytes(dynamic);
        if (withHeader) {
            reseal(bytes, dynamic);
        }
        try {
            Buffer received = Buffer.wrap(MemorySegment.ofArray(bytes), dynamic, dynamic.length);
            while (true) {
                Type type = received.getSectionHeader();
                Object dest = Array.newInstance(SectionSpec.componentType(type), received.getSectionSize());
                SectionSpec.readAll(received, dest);
            }
        } catch (MalformedMessageException | IllegalStateException clean) {
            check(clean.getMessage() != null, "exception without a message");
        }
    }

    // ------------------------------------------------------------------ generators and helpers

    @Provide
    Arbitrary<Message> messages() {
        Arbitrary<SectionSpec> section = Combinators.combine(
                Arbitraries.of(Type.class), Arbitraries.of(SectionSpec.Family.class), Arbitraries.longs())
                .as(PackingProperties::section);
        return Combinators.combine(Arbitraries.of(Medium.class), Arbitraries.of(AllocationStrategy.class),
                        Arbitraries.of(ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN), section.list().ofMaxSize(6))
                .as(Message::new);
    }

    private static SectionSpec section(Type type, SectionSpec.Family family, long seed) {
        Random random = new Random(seed);
        return switch (family) {
            case WRITE -> {
                int length = random.nextInt(41);
                int offset = random.nextInt(length + 1);
                int count = random.nextInt(length - offset + 1);
                yield new SectionSpec(type, family, SectionSpec.randomArray(type, length, random), offset, count,
                        null, 0, null);
            }
            case GATHER -> {
                int length = 1 + random.nextInt(40);
                int count = random.nextInt(31);
                int offset = random.nextInt(4);
                int[] indexes = new int[offset + count + random.nextInt(3)];
                for (int i = 0; i < indexes.length; i++) {
                    indexes[i] = random.nextInt(length);
                }
                yield new SectionSpec(type, family, SectionSpec.randomArray(type, length, random), offset, count,
                        indexes, 0, null);
            }
            case STRIDED -> {
                int rank = random.nextInt(4);
                int[] shape = new int[2 * rank];
                long lowest = 0;
                long highest = 0;
                for (int k = 0; k < rank; k++) {
                    shape[k] = random.nextInt(5);
                    shape[rank + k] = random.nextInt(7) - 3;
                    long reach = (long) Math.max(0, shape[k] - 1) * shape[rank + k];
                    lowest += Math.min(0, reach);
                    highest += Math.max(0, reach);
                }
                int offset = (int) -lowest + random.nextInt(3);
                int length = (int) (offset + highest + 1 + random.nextInt(3));
                yield new SectionSpec(type, family, SectionSpec.randomArray(type, length, random), offset, 0,
                        null, rank, shape);
            }
        };
    }

    private static BufferPool pool(Message message) {
        return BufferPool.builder().medium(message.medium()).strategy(message.strategy()).regionSize(1 << 16).build();
    }

    private static BufferFactory factory(BufferPool pool, Message message) {
        return BufferFactory.builder().pool(pool).byteOrder(message.order()).dynamicCapacity(8).build();
    }

    private static Encoded encodeMessage(Message message) {
        try (BufferPool pool = pool(message); BufferFactory factory = factory(pool, message)) {
            Buffer buffer = factory.allocate(message.capacity());
            message.sections().forEach(section -> section.writeTo(buffer));
            buffer.commit();
            Encoded encoded = encode(buffer);
            factory.free(buffer);
            return encoded;
        }
    }

    /**
     * Stores the checksum of damaged bytes, as a hostile sender could, so that the structural
     * checks behind the checksum are reached. The lengths come from the header when they fit the
     * bytes present; otherwise the checksum is left alone (the header is refused first anyway).
     */
    private static void reseal(byte[] staticPart, byte[] dynamicPart) {
        MemorySegment bytes = MemorySegment.ofArray(staticPart);
        ByteOrder order = staticPart[BufferDescriptor.BYTE_ORDER_OFFSET] == BufferDescriptor.BIG_ENDIAN
                ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        ValueLayout.OfInt intLayout = ValueLayout.JAVA_INT_UNALIGNED.withOrder(order);
        int staticLength = bytes.get(intLayout, BufferDescriptor.STATIC_LENGTH_OFFSET);
        int dynamicLength = bytes.get(intLayout, BufferDescriptor.DYNAMIC_LENGTH_OFFSET);
        if (staticLength >= BufferDescriptor.MESSAGE_HEADER_LENGTH && staticLength <= staticPart.length
                && dynamicLength >= 0 && dynamicLength <= dynamicPart.length) {
            bytes.set(intLayout, BufferDescriptor.CHECKSUM_OFFSET,
                    BufferDescriptor.checksum(bytes.asSlice(0, staticLength), dynamicPart, dynamicLength));
        }
    }

    private static Encoded encode(Buffer buffer) {
        return new Encoded(buffer.staticSegment().toArray(ValueLayout.JAVA_BYTE),
                Arrays.copyOf(buffer.dynamicArray(), buffer.dynamicLength()));
    }

    /** Indexes of the message header, section headers and dynamic references. */
    private static int[] structuralIndexes(Message message) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < BufferDescriptor.MESSAGE_HEADER_LENGTH; i++) {
            out.add(i);
        }
        int index = BufferDescriptor.MESSAGE_HEADER_LENGTH;
        for (SectionSpec section : message.sections()) {
            int headerLength = BufferDescriptor.sectionSize(section.type(), 0);
            for (int i = 0; i < headerLength; i++) {
                out.add(index + i);
            }
            index += BufferDescriptor.sectionSize(section.type(), Array.getLength(section.expected()));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }
}
