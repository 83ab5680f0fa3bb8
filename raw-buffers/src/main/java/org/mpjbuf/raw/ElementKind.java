package org.mpjbuf.raw;

import java.lang.foreign.ValueLayout;

/**
 * The element-type table behind every bulk, gather/scatter and strided copy: for each primitive
 * array type, its element size and its buffer layouts in both byte orders.
 *
 * <p>A boolean takes one byte in a buffer; its layouts are only used for its size, since the
 * bulk copies do not take {@code boolean[]} (booleans go through {@link ElementMover}).
 * Constants only; safe from any thread.
 */
enum ElementKind {
    BYTE(byte[].class, ValueLayout.JAVA_BYTE, ValueLayout.JAVA_BYTE),
    SHORT(short[].class, OrderedLayouts.SHORT_BE, OrderedLayouts.SHORT_LE),
    CHAR(char[].class, OrderedLayouts.CHAR_BE, OrderedLayouts.CHAR_LE),
    INT(int[].class, OrderedLayouts.INT_BE, OrderedLayouts.INT_LE),
    FLOAT(float[].class, OrderedLayouts.FLOAT_BE, OrderedLayouts.FLOAT_LE),
    LONG(long[].class, OrderedLayouts.LONG_BE, OrderedLayouts.LONG_LE),
    DOUBLE(double[].class, OrderedLayouts.DOUBLE_BE, OrderedLayouts.DOUBLE_LE),
    BOOLEAN(boolean[].class, ValueLayout.JAVA_BOOLEAN, ValueLayout.JAVA_BOOLEAN);

    /** Bytes one element takes in a buffer. */
    final int byteSize;
    /** log2 of {@link #byteSize}. */
    final int shift;
    private final Class<?> arrayClass;
    private final ValueLayout bigEndian;
    private final ValueLayout littleEndian;

    ElementKind(final Class<?> arrayClass, final ValueLayout bigEndian, final ValueLayout littleEndian) {
        this.arrayClass = arrayClass;
        this.byteSize = (int) bigEndian.byteSize();
        this.shift = Integer.numberOfTrailingZeros(byteSize);
        this.bigEndian = bigEndian;
        this.littleEndian = littleEndian;
    }

    /** The buffer layout of this element type in the given order. */
    ValueLayout layout(final boolean bigEndianOrder) {
        return bigEndianOrder ? bigEndian : littleEndian;
    }

    /** The Java name of the array type, for messages. */
    String arrayTypeName() {
        return arrayClass.getSimpleName();
    }

    /**
     * The element type of a primitive array.
     *
     * @throws NullPointerException if {@code array} is null
     * @throws IllegalArgumentException if {@code array} is not a primitive array
     */
    static ElementKind of(final Object array, final String name) {
        return switch (array) {
            case byte[] _ -> BYTE;
            case short[] _ -> SHORT;
            case char[] _ -> CHAR;
            case int[] _ -> INT;
            case float[] _ -> FLOAT;
            case long[] _ -> LONG;
            case double[] _ -> DOUBLE;
            case boolean[] _ -> BOOLEAN;
            case null -> throw new NullPointerException(name + " must not be null");
            default -> throw new IllegalArgumentException(
                name + " must be a primitive array, got " + array.getClass().getTypeName());
        };
    }

    /** The length of a primitive array of this kind. */
    static int length(final Object array) {
        return java.lang.reflect.Array.getLength(array);
    }
}
