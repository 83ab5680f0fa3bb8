package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.dev.ElementType;
import org.mpjbuf.mpj.datatype.ArrayPacking;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.BasicTypes;
import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * Packing of non-contiguous messages for point-to-point: the items of a derived datatype are
 * gathered, in type-map order, into a contiguous array of the base type, and scattered back from
 * one, by the datatype engine's {@link ArrayPacking} (bulk copies for long runs, a tight element
 * loop for the short runs of a committed type).
 *
 * <p>Thread-safe: stateless.
 */
final class Types {

    /** Bytes a buffered {@code OBJECT} element is accounted for in the attached buffer. */
    private static final int OBJECT_ACCOUNTED_BYTES = 8;

    private Types() {
    }

    /** Copies {@code elements} base elements of {@code count} items into a new contiguous array. */
    static Object pack(Object buf, int offset, int count, MappedDatatype type, int elements)
        throws MPIException {
        Object packed = newArray(type, elements);
        ArrayPacking.gather(buf, offset, count, type, packed, 0);
        return packed;
    }

    /** Copies the first {@code elements} received base elements into {@code count} items. */
    static void unpack(Object packed, int elements, Object buf, int offset, int count, MappedDatatype type)
        throws MPIException {
        ArrayPacking.scatter(packed, 0, elements, buf, offset, count, type);
    }

    /** Returns a new array of the type's base type. */
    static Object newArray(MappedDatatype type, int length) {
        BaseType base = type.baseType();
        return Array.newInstance(base == null ? byte.class : base.arrayClass().getComponentType(), length);
    }

    /** Returns the bytes {@code elements} base elements take in the attached buffer. */
    static long byteLength(MappedDatatype type, int elements) {
        BaseType base = type.baseType();
        int width = base == null ? 0 : ElementType.ofArray(Array.newInstance(
            base.arrayClass().getComponentType(), 0)).byteSize();
        return (long) elements * (width == 0 ? OBJECT_ACCOUNTED_BYTES : width);
    }

    /** Returns the basic datatype of a type's base type. */
    static Datatype basic(MappedDatatype type) {
        BaseType base = type.baseType();
        return switch (base == null ? BaseType.BYTE : base) {
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
}
