package org.mpjbuf.mpj.datatype;

import java.lang.foreign.MemorySegment;

import mpi.MPIException;

/**
 * Gathers the items of a derived datatype into a contiguous array of its base type, and scatters
 * them back from a contiguous array or from memory: the copy point-to-point makes when it sends
 * or receives a non-contiguous datatype through the device.
 *
 * <p>Primitive types (but {@code boolean}) move through {@link ElementTransfer}: one bulk copy
 * per long run, or a tight element loop when the committed type has short runs (a matrix column,
 * a small struct). {@code boolean} and {@code Object} arrays copy run by run with
 * {@code System.arraycopy}.
 *
 * <p>Stateless and thread-safe; arrays are used only during a call.
 */
public final class ArrayPacking {

    private ArrayPacking() {
    }

    /**
     * Copies {@code count} items of {@code type} at {@code offset} of {@code buf}, in type-map
     * order, into {@code packed} from {@code packedIndex}.
     *
     * @param buf the user's array, checked with {@link DatatypeEngine#checkAccess}
     * @param offset the offset argument, in base-type elements
     * @param count number of items
     * @param type the checked datatype
     * @param packed an array of the base type with room for
     *     {@link DatatypeEngine#elementCount elementCount(type, count)} elements from
     *     {@code packedIndex}
     * @param packedIndex index of the first packed element
     * @throws MPIException never for checked arguments; declared for the walk's visitor contract
     * @throws IndexOutOfBoundsException if {@code packed} is too short
     */
    public static void gather(Object buf, int offset, int count, MappedDatatype type,
                              Object packed, int packedIndex) throws MPIException {
        copy(type, buf, offset, count, Long.MAX_VALUE, packed, packedIndex, true);
    }

    /**
     * Copies the first {@code elements} packed elements into items of {@code type} at
     * {@code offset} of {@code buf}, in type-map order; a short message fills a prefix of the
     * type map.
     *
     * @param packed an array of the base type holding the received elements
     * @param packedIndex index of the first packed element
     * @param elements number of received elements, at most {@code count * type.size()}
     * @param buf the user's array, checked with {@link DatatypeEngine#checkAccess}
     * @param offset the offset argument, in base-type elements
     * @param count number of items
     * @param type the checked datatype
     * @throws MPIException {@code ERR_TRUNCATE} if {@code elements} exceeds the items' capacity
     */
    public static void scatter(Object packed, int packedIndex, int elements, Object buf,
                               int offset, int count, MappedDatatype type) throws MPIException {
        long capacity = (long) count * type.size();
        if (elements > capacity) {
            throw Errors.truncated(elements, capacity, count, type);
        }
        copy(type, buf, offset, count, elements, packed, packedIndex, false);
    }

    /**
     * Copies {@code elements} primitive elements, laid out back to back in native byte order from
     * byte 0 of {@code packed}, into items of {@code type} at {@code offset} of {@code buf}, in
     * type-map order: the receiving side of a message a device hands over as memory (an eager
     * copy), with no intermediate array.
     *
     * @param packed the received elements
     * @param elements number of received elements, at most {@code count * type.size()}
     * @param buf the user's array, checked with {@link DatatypeEngine#checkAccess}
     * @param offset the offset argument, in base-type elements
     * @param count number of items
     * @param type the checked datatype, over a primitive base type other than {@code boolean}
     * @throws MPIException {@code ERR_TRUNCATE} if {@code elements} exceeds the items' capacity
     * @throws IllegalArgumentException if the base type has no memory view ({@code boolean},
     *     {@code Object})
     */
    public static void scatter(MemorySegment packed, int elements, Object buf, int offset, int count,
                               MappedDatatype type) throws MPIException {
        long capacity = (long) count * type.size();
        if (elements > capacity) {
            throw Errors.truncated(elements, capacity, count, type);
        }
        BaseType base = type.baseType();
        if (base == null || !base.hasSegmentView()) {
            throw new IllegalArgumentException("base type " + base + " has no memory view; expected a "
                + "primitive type other than boolean");
        }
        if (count == 0 || type.size() == 0 || elements == 0) {
            return;
        }
        ElementTransfer.transfer(type, base.segmentOf(buf), offset, count, elements, packed, 0, false, false);
    }

    private static void copy(MappedDatatype type, Object buf, int offset, int count, long limit,
                             Object packed, int packedIndex, boolean toPacked)
        throws MPIException {
        if (count == 0 || type.size() == 0 || limit == 0) {
            return;
        }
        BaseType base = type.baseType();
        if (base.hasSegmentView()) {
            ElementTransfer.transfer(type, base.segmentOf(buf), offset, count, limit,
                base.segmentOf(packed), (long) packedIndex * base.packedLength(), false, toPacked);
            return;
        }
        TypeWalker.walk(type, count, offset, limit, new RunVisitor() {
            private int position = packedIndex;

            @Override
            public void run(int index, int length) {
                if (toPacked) {
                    System.arraycopy(buf, index, packed, position, length);
                } else {
                    System.arraycopy(packed, position, buf, index, length);
                }
                position += length;
            }
        });
    }
}
