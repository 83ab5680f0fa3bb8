package org.mpjbuf.dev.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.Type;
import org.mpjbuf.dev.ElementType;

/**
 * The bridge between array messages and mpjbuf buffers: the first section of a packed message
 * (read from its header through {@link BufferDescriptor}, without touching the sender's buffer),
 * the mapping between {@link ElementType} and mpjbuf {@link Type}, and the one switch over element
 * types that turns an array run into a section and back.
 *
 * <p>Stateless and thread-safe.
 */
public final class Sections {
    private static final ElementType[] ELEMENT_TYPES = ElementType.values();

    private Sections() {
    }

    /**
     * Returns the first section of a packed message as {@code (ordinal + 1) << 32 | count}, or 0 if
     * the message has no section.
     *
     * @param staticPart the message's static part
     * @return the packed type and count
     */
    public static long firstSection(final MemorySegment staticPart) {
        final ByteOrder order = BufferDescriptor.byteOrder(staticPart);
        final ValueLayout.OfInt intLayout = BufferDescriptor.intLayout(order);
        if (staticPart.get(intLayout, BufferDescriptor.SECTION_COUNT_OFFSET) == 0) {
            return 0;
        }
        final long header = BufferDescriptor.MESSAGE_HEADER_LENGTH;
        final byte code = staticPart.get(ValueLayout.JAVA_BYTE, header + BufferDescriptor.TYPE_CODE_OFFSET);
        final int count = staticPart.get(intLayout, header + BufferDescriptor.ELEMENT_COUNT_OFFSET);
        final Type type = Type.ofCode(code);
        return type == null ? 0 : (long) (elementTypeOf(type).ordinal() + 1) << 32 | (count & 0xFFFF_FFFFL);
    }

    /**
     * Returns the element count of a packed first section.
     *
     * @param firstSection what {@link #firstSection} returned
     * @return the count
     */
    public static int count(final long firstSection) {
        return (int) firstSection;
    }

    /**
     * Returns the element type of a packed first section.
     *
     * @param firstSection what {@link #firstSection} returned
     * @return the element type, or {@code null} if the message has no section
     */
    public static ElementType type(final long firstSection) {
        final int ordinal = (int) (firstSection >>> 32);
        return ordinal == 0 ? null : ELEMENT_TYPES[ordinal - 1];
    }

    /**
     * Maps an mpjbuf section type to the device's element type.
     *
     * @param type the section type
     * @return the element type
     */
    public static ElementType elementTypeOf(final Type type) {
        return type == Type.OBJECT ? ElementType.OBJECT : ElementType.valueOf(type.staticType().name());
    }

    /**
     * Maps an element type to the mpjbuf section type of its static form.
     *
     * @param type the element type
     * @return the section type
     */
    public static Type typeOf(final ElementType type) {
        return Type.valueOf(type.name());
    }

    /**
     * Writes an array run as one section of a writable buffer.
     *
     * @param buffer the buffer
     * @param array the array
     * @param offset index of the first element in the array
     * @param count number of elements
     * @param type the element type of the array
     */
    public static void write(final Buffer buffer, final Object array, final int offset, final int count,
                                    final ElementType type) {
        buffer.putSectionHeader(typeOf(type));
        switch (type) {
            case BYTE -> buffer.write((byte[]) array, offset, count);
            case BOOLEAN -> buffer.write((boolean[]) array, offset, count);
            case CHAR -> buffer.write((char[]) array, offset, count);
            case SHORT -> buffer.write((short[]) array, offset, count);
            case INT -> buffer.write((int[]) array, offset, count);
            case FLOAT -> buffer.write((float[]) array, offset, count);
            case LONG -> buffer.write((long[]) array, offset, count);
            case DOUBLE -> buffer.write((double[]) array, offset, count);
            case OBJECT -> buffer.write((Object[]) array, offset, count);
        }
    }

    /**
     * Reads {@code count} elements of the buffer's current section into an array run.
     *
     * @param buffer the buffer
     * @param array the array
     * @param offset index of the first element in the array
     * @param count number of elements
     * @param type the element type of the array
     */
    public static void read(final Buffer buffer, final Object array, final int offset, final int count,
                            final ElementType type) {
        switch (type) {
            case BYTE -> buffer.read((byte[]) array, offset, count);
            case BOOLEAN -> buffer.read((boolean[]) array, offset, count);
            case CHAR -> buffer.read((char[]) array, offset, count);
            case SHORT -> buffer.read((short[]) array, offset, count);
            case INT -> buffer.read((int[]) array, offset, count);
            case FLOAT -> buffer.read((float[]) array, offset, count);
            case LONG -> buffer.read((long[]) array, offset, count);
            case DOUBLE -> buffer.read((double[]) array, offset, count);
            case OBJECT -> buffer.read((Object[]) array, offset, count);
        }
    }
}
