package mpi;

import org.mpjbuf.dev.ElementType;
import org.mpjbuf.mpj.datatype.ArrayPacking;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.BasicTypes;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * Packing of non-contiguous messages for point-to-point on a thread device (a process device
 * packs into a pooled buffer instead, {@link BufferMessages}): the items of a derived datatype are
 * gathered, in type-map order, into a contiguous array of the base type, and scattered back from
 * one, by the datatype engine's {@link ArrayPacking} (bulk copies for long runs, one tight
 * element loop for the short runs of a committed type). The contiguous arrays come from
 * {@link PackedArrays} and go back there once the message no longer needs them.
 *
 * <p>Thread-safe: stateless.
 */
final class Types {

    /** Bytes a buffered {@code OBJECT} element is accounted for in the attached buffer. */
    private static final int OBJECT_ACCOUNTED_BYTES = 8;

    private Types() {
    }

    /**
     * Copies {@code elements} base elements of {@code count} items into a contiguous array taken
     * from {@link PackedArrays}; the caller gives it back with {@link #release} when done.
     */
    static Object pack(Object buf, int offset, int count, MappedDatatype type, int elements)
        throws MPIException {
        Object packed = newArray(type, elements);
        ArrayPacking.gather(buf, offset, count, type, packed, 0);
        return packed;
    }

    /**
     * Takes a contiguous array of the type's base type with room for at least {@code length}
     * elements from {@link PackedArrays}.
     */
    private static Object newArray(MappedDatatype type, int length) {
        return PackedArrays.take(baseOf(type), length);
    }

    /** Gives back an array from {@link #pack} or {@link #newArray} that nothing uses any more. */
    static void release(MappedDatatype type, Object packed) {
        PackedArrays.give(baseOf(type), packed);
    }

    /** Returns the bytes {@code elements} base elements take in the attached buffer. */
    static long byteLength(MappedDatatype type, int elements) {
        BaseType base = type.baseType();
        int width = base == null || !base.isPrimitive() ? OBJECT_ACCOUNTED_BYTES : width(base);
        return (long) elements * width;
    }

    /** Returns the bytes of one element of a primitive base type in a Java array. */
    static int width(BaseType base) {
        return switch (base) {
            case BYTE, BOOLEAN -> Byte.BYTES;
            case CHAR, SHORT -> Short.BYTES;
            case INT, FLOAT -> Integer.BYTES;
            case LONG, DOUBLE, OBJECT -> Long.BYTES;
        };
    }

    /** Returns the basic datatype of a type's base type. */
    static Datatype basic(MappedDatatype type) {
        return switch (baseOf(type)) {
            case BYTE -> BasicTypes.BYTE;
            case CHAR -> BasicTypes.CHAR;
            case SHORT -> BasicTypes.SHORT;
            case BOOLEAN -> BasicTypes.BOOLEAN;
            case INT -> BasicTypes.INT;
            case LONG -> BasicTypes.LONG;
            case FLOAT -> BasicTypes.FLOAT;
            case DOUBLE -> BasicTypes.DOUBLE;
            case OBJECT -> BasicTypes.OBJECT;
        };
    }

    /** Returns the device element type of a type's base type. */
    static ElementType elementType(MappedDatatype type) {
        return switch (baseOf(type)) {
            case BYTE -> ElementType.BYTE;
            case CHAR -> ElementType.CHAR;
            case SHORT -> ElementType.SHORT;
            case BOOLEAN -> ElementType.BOOLEAN;
            case INT -> ElementType.INT;
            case LONG -> ElementType.LONG;
            case FLOAT -> ElementType.FLOAT;
            case DOUBLE -> ElementType.DOUBLE;
            case OBJECT -> ElementType.OBJECT;
        };
    }

    private static BaseType baseOf(MappedDatatype type) {
        BaseType base = type.baseType();
        return base == null ? BaseType.BYTE : base;
    }
}
