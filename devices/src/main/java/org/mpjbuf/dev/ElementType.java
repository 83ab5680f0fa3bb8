package org.mpjbuf.dev;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The element type of a message section: one of the eight Java primitives, or {@link #OBJECT}
 * for serialized objects.
 *
 * <p>The type of an array message follows from the array's component type
 * ({@link #ofArray(Object)}); any array of a reference type is sent as {@link #OBJECT}. Constants
 * are immutable and thread-safe.
 */
public enum ElementType {
    /** {@code byte}, 1 byte. */
    BYTE(byte.class, ValueLayout.JAVA_BYTE),
    /** {@code boolean}, 1 byte. */
    BOOLEAN(boolean.class, ValueLayout.JAVA_BOOLEAN),
    /** {@code char}, 2 bytes. */
    CHAR(char.class, ValueLayout.JAVA_CHAR_UNALIGNED),
    /** {@code short}, 2 bytes. */
    SHORT(short.class, ValueLayout.JAVA_SHORT_UNALIGNED),
    /** {@code int}, 4 bytes. */
    INT(int.class, ValueLayout.JAVA_INT_UNALIGNED),
    /** {@code float}, 4 bytes. */
    FLOAT(float.class, ValueLayout.JAVA_FLOAT_UNALIGNED),
    /** {@code long}, 8 bytes. */
    LONG(long.class, ValueLayout.JAVA_LONG_UNALIGNED),
    /** {@code double}, 8 bytes. */
    DOUBLE(double.class, ValueLayout.JAVA_DOUBLE_UNALIGNED),
    /** Serialized objects of any class; the byte length of an element is not fixed. */
    OBJECT(Object.class, null);

    private final Class<?> carrier;
    private final ValueLayout layout;
    /** The layout in the byte order that is not the native one, made once rather than per message. */
    private final ValueLayout swapped;

    ElementType(final Class<?> carrier, final ValueLayout layout) {
        this.carrier = carrier;
        this.layout = layout;
        this.swapped = layout == null ? null : layout.withOrder(
            layout.order() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    }

    /**
     * Returns the element class: the primitive class, or {@code Object.class} for {@link #OBJECT}.
     *
     * @return the carrier class
     */
    public Class<?> carrier() {
        return carrier;
    }

    /**
     * Returns the unaligned, native-order memory layout of one element.
     *
     * @return the layout, or {@code null} for {@link #OBJECT}
     */
    public ValueLayout layout() {
        return layout;
    }

    /**
     * Returns the unaligned memory layout of one element in a given byte order, the order a
     * message was written in.
     *
     * @param order the byte order
     * @return the layout, or {@code null} for {@link #OBJECT}
     */
    public ValueLayout layout(final ByteOrder order) {
        return layout == null || layout.order() == order ? layout : swapped;
    }

    /**
     * Returns the byte size of one element.
     *
     * @return 1, 2, 4 or 8, or 0 for {@link #OBJECT} whose elements have no fixed size
     */
    public int byteSize() {
        return layout == null ? 0 : (int) layout.byteSize();
    }

    /**
     * Tells whether this is one of the eight primitive types.
     *
     * @return {@code false} only for {@link #OBJECT}
     */
    public boolean isPrimitive() {
        return layout != null;
    }

    /**
     * Tells whether a run of an array of this type can be a segment of the array itself (a heap
     * segment, {@code MemorySegment.ofArray}), through which a device may move it with no copy of
     * its own: every primitive type but {@code boolean}, which the FFM API does not map.
     *
     * @return {@code false} for {@link #BOOLEAN} and {@link #OBJECT}
     */
    public boolean hasHeapRuns() {
        return layout != null && this != BOOLEAN;
    }

    /**
     * Returns the element type of an array.
     *
     * @param array a primitive array, or an array of any reference type
     * @return the element type
     * @throws NullPointerException if {@code array} is {@code null}
     * @throws IllegalArgumentException if {@code array} is not an array
     */
    public static ElementType ofArray(final Object array) {
        return switch (array) {
            case byte[] _ -> BYTE;
            case double[] _ -> DOUBLE;
            case int[] _ -> INT;
            case long[] _ -> LONG;
            case float[] _ -> FLOAT;
            case char[] _ -> CHAR;
            case short[] _ -> SHORT;
            case boolean[] _ -> BOOLEAN;
            case Object[] _ -> OBJECT;
            default -> throw new IllegalArgumentException(
                "expected an array but got an instance of " + array.getClass().getName());
        };
    }
}
