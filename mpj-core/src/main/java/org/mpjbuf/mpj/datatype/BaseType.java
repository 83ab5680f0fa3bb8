package org.mpjbuf.mpj.datatype;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;

/**
 * The Java element types a datatype can be built over: the eight primitives and {@code Object}.
 *
 * <p>This is the one type table of the datatype engine: every other class goes through it rather
 * than switching on array classes. Instances are immutable and thread-safe.
 */
public enum BaseType {
    /** {@code byte} elements in a {@code byte[]}. */
    BYTE(byte[].class, ValueLayout.JAVA_BYTE),
    /** {@code char} elements in a {@code char[]}. */
    CHAR(char[].class, ValueLayout.JAVA_CHAR_UNALIGNED),
    /** {@code short} elements in a {@code short[]}. */
    SHORT(short[].class, ValueLayout.JAVA_SHORT_UNALIGNED),
    /** {@code boolean} elements in a {@code boolean[]}; one byte (0 or 1) when packed. */
    BOOLEAN(boolean[].class, null),
    /** {@code int} elements in an {@code int[]}. */
    INT(int[].class, ValueLayout.JAVA_INT_UNALIGNED),
    /** {@code long} elements in a {@code long[]}. */
    LONG(long[].class, ValueLayout.JAVA_LONG_UNALIGNED),
    /** {@code float} elements in a {@code float[]}. */
    FLOAT(float[].class, ValueLayout.JAVA_FLOAT_UNALIGNED),
    /** {@code double} elements in a {@code double[]}. */
    DOUBLE(double[].class, ValueLayout.JAVA_DOUBLE_UNALIGNED),
    /** Serializable objects in an {@code Object[]} (or any array of references). */
    OBJECT(Object[].class, null);

    private final Class<?> arrayClass;
    private final ValueLayout packedLayout;
    private final MethodHandle segmentOf;

    BaseType(Class<?> arrayClass, ValueLayout layout) {
        this.arrayClass = arrayClass;
        this.packedLayout = layout == null ? null : layout.withOrder(ByteOrder.BIG_ENDIAN);
        this.segmentOf = layout == null ? null : segmentFactory(arrayClass);
    }

    private static MethodHandle segmentFactory(Class<?> arrayClass) {
        try {
            return MethodHandles.publicLookup().findStatic(MemorySegment.class, "ofArray",
                    MethodType.methodType(MemorySegment.class, arrayClass))
                .asType(MethodType.methodType(MemorySegment.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Returns a heap segment over an array of this type, for bulk copies by byte offset.
     *
     * @param array an array this type {@link #accepts}
     * @return the segment over the whole array
     * @throws IllegalStateException for {@link #BOOLEAN} and {@link #OBJECT}, which have no
     *     segment view
     */
    MemorySegment segmentOf(Object array) {
        if (segmentOf == null) {
            throw new IllegalStateException(this + " arrays have no memory-segment view");
        }
        try {
            return (MemorySegment) segmentOf.invokeExact(array);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("MemorySegment.ofArray failed", e);
        }
    }

    /**
     * Returns whether arrays of this type have a memory-segment view.
     *
     * @return {@code false} for {@link #BOOLEAN} and {@link #OBJECT}
     */
    boolean hasSegmentView() {
        return segmentOf != null;
    }

    /**
     * Returns the array class holding elements of this type.
     *
     * @return e.g. {@code int[].class}; {@code Object[].class} for {@link #OBJECT}
     */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /**
     * Returns whether {@code buffer} is an array of this type.
     *
     * @param buffer any object, possibly {@code null}
     * @return {@code true} if elements of this type can be read from and written to it
     */
    public boolean accepts(Object buffer) {
        return this == OBJECT ? buffer instanceof Object[] : buffer != null
            && buffer.getClass() == arrayClass;
    }

    /**
     * Returns whether the elements are Java primitives.
     *
     * @return {@code false} for {@link #OBJECT} only
     */
    public boolean isPrimitive() {
        return this != OBJECT;
    }

    /**
     * Returns the layout of one element in the byte[] pack format (big-endian, unaligned).
     *
     * @return the element layout, {@code null} for {@link #BOOLEAN} (one byte 0/1) and
     *     {@link #OBJECT} (serialized)
     */
    ValueLayout packedLayout() {
        return packedLayout;
    }

    /**
     * Returns the number of bytes one element takes in the byte[] pack format.
     *
     * @return the packed element length; 1 for {@link #BOOLEAN}
     * @throws IllegalStateException for {@link #OBJECT}, whose elements have no fixed length
     */
    int packedLength() {
        if (this == OBJECT) {
            throw new IllegalStateException("OBJECT elements have no fixed packed length");
        }
        return packedLayout == null ? 1 : (int) packedLayout.byteSize();
    }

    /**
     * Returns the Java name of the element type, for messages.
     *
     * @return e.g. {@code "int"}; {@code "Object"} for {@link #OBJECT}
     */
    public String javaName() {
        return this == OBJECT ? "Object" : arrayClass.getComponentType().getName();
    }

    /**
     * Describes the Java type of a buffer, for messages.
     *
     * @param buffer any object, possibly {@code null}
     * @return e.g. {@code "int[]"}, {@code "null"}, or the class name of a non-array
     */
    static String describe(Object buffer) {
        return buffer == null ? "null" : buffer.getClass().getSimpleName();
    }
}
