package org.mpjbuf;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The element type of a section, and whether the section lives in the static or the dynamic part
 * of a message.
 *
 * <p>A static section holds primitive elements in the buffer's pooled static storage, in the
 * buffer's byte order, padded to {@link BufferDescriptor#ALIGNMENT_UNIT}. A dynamic section keeps
 * its elements in the growable dynamic byte array: primitives in the buffer's byte order, objects
 * in Java serialization. {@link #OBJECT} is always dynamic.
 *
 * <p>The {@link #code() code} of each constant is the byte written on the wire (see
 * {@code docs/wire-format.md}); codes never change once published.
 *
 * <p>Instances are immutable and thread-safe.
 */
public enum Type {
    /** {@code byte} elements in the static section. */
    BYTE(1, ValueLayout.JAVA_BYTE, false),
    /** {@code short} elements in the static section. */
    SHORT(2, ValueLayout.JAVA_SHORT_UNALIGNED, false),
    /** {@code int} elements in the static section. */
    INT(3, ValueLayout.JAVA_INT_UNALIGNED, false),
    /** {@code long} elements in the static section. */
    LONG(4, ValueLayout.JAVA_LONG_UNALIGNED, false),
    /** {@code float} elements in the static section. */
    FLOAT(5, ValueLayout.JAVA_FLOAT_UNALIGNED, false),
    /** {@code double} elements in the static section. */
    DOUBLE(6, ValueLayout.JAVA_DOUBLE_UNALIGNED, false),
    /** {@code char} elements in the static section. */
    CHAR(7, ValueLayout.JAVA_CHAR_UNALIGNED, false),
    /** {@code boolean} elements in the static section, one byte each (0 or 1). */
    BOOLEAN(8, ValueLayout.JAVA_BYTE, false),
    /** Serialized objects; always in the dynamic section. */
    OBJECT(9, null, true),
    /** {@code byte} elements in the dynamic section. */
    BYTE_DYNAMIC(17, ValueLayout.JAVA_BYTE, true),
    /** {@code short} elements in the dynamic section. */
    SHORT_DYNAMIC(18, ValueLayout.JAVA_SHORT_UNALIGNED, true),
    /** {@code int} elements in the dynamic section. */
    INT_DYNAMIC(19, ValueLayout.JAVA_INT_UNALIGNED, true),
    /** {@code long} elements in the dynamic section. */
    LONG_DYNAMIC(20, ValueLayout.JAVA_LONG_UNALIGNED, true),
    /** {@code float} elements in the dynamic section. */
    FLOAT_DYNAMIC(21, ValueLayout.JAVA_FLOAT_UNALIGNED, true),
    /** {@code double} elements in the dynamic section. */
    DOUBLE_DYNAMIC(22, ValueLayout.JAVA_DOUBLE_UNALIGNED, true),
    /** {@code char} elements in the dynamic section. */
    CHAR_DYNAMIC(23, ValueLayout.JAVA_CHAR_UNALIGNED, true),
    /** {@code boolean} elements in the dynamic section, one byte each (0 or 1). */
    BOOLEAN_DYNAMIC(24, ValueLayout.JAVA_BYTE, true);

    private static final int BOOLEAN_CODE = 8;
    private static final Type[] BY_CODE = new Type[32];

    static {
        for (Type type : values()) {
            BY_CODE[type.code] = type;
        }
    }

    private final byte code;
    private final ValueLayout layout;
    private final boolean dynamic;
    /** The element length, kept as a field: asking the layout is a call the JIT cannot always inline. */
    private final int elementLength;
    /** Big-endian layout of a static type copied in bulk; {@code null} for dynamic types and booleans. */
    private final ValueLayout bulkBigEndian;
    /** Little-endian layout of a static type copied in bulk; {@code null} for dynamic types and booleans. */
    private final ValueLayout bulkLittleEndian;

    Type(int code, ValueLayout layout, boolean dynamic) {
        this.code = (byte) code;
        this.layout = layout;
        this.dynamic = dynamic;
        this.elementLength = layout == null ? 0 : (int) layout.byteSize();
        boolean bulk = layout != null && !dynamic && code != BOOLEAN_CODE;
        this.bulkBigEndian = bulk ? layout.withOrder(ByteOrder.BIG_ENDIAN) : null;
        this.bulkLittleEndian = bulk ? layout.withOrder(ByteOrder.LITTLE_ENDIAN) : null;
    }

    /**
     * Returns the layout {@code MemorySegment.copy} moves this static type's elements with, or
     * {@code null} when the type has none (dynamic types, and booleans, which have no array
     * segment).
     *
     * @param bigEndian the byte order of the message
     * @return the layout in that order, or {@code null}
     */
    ValueLayout bulkLayout(boolean bigEndian) {
        return bigEndian ? bulkBigEndian : bulkLittleEndian;
    }

    /**
     * Returns the type code written in a section header.
     *
     * @return the wire code of this type, between 1 and 31
     */
    public byte code() {
        return code;
    }

    /**
     * Returns whether sections of this type keep their elements in the dynamic section.
     *
     * @return {@code true} for {@link #OBJECT} and the {@code *_DYNAMIC} types
     */
    public boolean isDynamic() {
        return dynamic;
    }

    /**
     * Returns whether the elements of this type are Java primitives.
     *
     * @return {@code false} for {@link #OBJECT} only
     */
    public boolean isPrimitive() {
        return layout != null;
    }

    /**
     * Returns the number of bytes one element occupies on the wire.
     *
     * @return the element size in bytes
     * @throws UnsupportedOperationException for {@link #OBJECT}, whose elements have no fixed size
     */
    public int elementLength() {
        if (layout == null) {
            throw new UnsupportedOperationException("OBJECT elements have no fixed length");
        }
        return elementLength;
    }

    /**
     * Returns the same element type in the static section.
     *
     * @return the static counterpart of this type (this type when it is static)
     * @throws UnsupportedOperationException for {@link #OBJECT}, which has no static form
     */
    public Type staticType() {
        if (layout == null) {
            throw new UnsupportedOperationException("OBJECT has no static form");
        }
        return dynamic ? BY_CODE[code - 16] : this;
    }

    /**
     * Returns the same element type in the dynamic section.
     *
     * @return the dynamic counterpart of this type (this type when it is dynamic)
     */
    public Type dynamicType() {
        return dynamic ? this : BY_CODE[code + 16];
    }

    /**
     * Returns the layout of one element, byte order not yet applied.
     *
     * @return the element layout, {@code null} for {@link #OBJECT}
     */
    ValueLayout layout() {
        return layout;
    }

    /**
     * Returns the type with the given wire code.
     *
     * @param code the code read from a section header
     * @return the type, or {@code null} when no type has that code
     */
    public static Type ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
