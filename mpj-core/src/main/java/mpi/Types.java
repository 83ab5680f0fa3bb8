package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.dev.ElementType;
import org.mpjbuf.mpj.datatype.BaseType;
import org.mpjbuf.mpj.datatype.BasicTypes;
import org.mpjbuf.mpj.datatype.MappedDatatype;
import org.mpjbuf.mpj.datatype.RunVisitor;
import org.mpjbuf.mpj.datatype.TypeWalker;

/**
 * Packing of non-contiguous messages for point-to-point: the items of a derived datatype are
 * gathered, in type-map order, into a contiguous array of the base type, and scattered back from
 * one. The runs come from the datatype engine's {@link TypeWalker} (a dense type is one run); each
 * run is one {@code System.arraycopy}, so every primitive type and {@code Object} share one path.
 *
 * <p>Thread-safe: stateless; each call uses its own visitor.
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
        if (elements > 0) {
            TypeWalker.walk(type, count, offset, elements, new Copier(buf, packed, true));
        }
        return packed;
    }

    /** Copies the first {@code elements} received base elements into {@code count} items. */
    static void unpack(Object packed, int elements, Object buf, int offset, int count, MappedDatatype type)
        throws MPIException {
        if (elements > 0) {
            TypeWalker.walk(type, count, offset, elements, new Copier(buf, packed, false));
        }
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

    /** Copies each run between the user's array and the packed array, advancing in the latter. */
    private static final class Copier implements RunVisitor {
        private final Object user;
        private final Object packed;
        private final boolean gather;
        private int position;

        Copier(Object user, Object packed, boolean gather) {
            this.user = user;
            this.packed = packed;
            this.gather = gather;
        }

        @Override
        public void run(int index, int length) {
            if (gather) {
                System.arraycopy(user, index, packed, position, length);
            } else {
                System.arraycopy(packed, position, user, index, length);
            }
            position += length;
        }
    }
}
