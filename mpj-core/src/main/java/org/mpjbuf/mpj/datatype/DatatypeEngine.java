package org.mpjbuf.mpj.datatype;

import java.lang.reflect.Array;
import mpi.Datatype;
import mpi.MPIException;

/**
 * What the point-to-point layer and the collectives ask of a datatype: argument checks, the
 * contiguous fast path, and element counting for {@code Status}.
 *
 * <h2>Use from point-to-point</h2>
 * <pre>{@code
 * MappedDatatype type = DatatypeEngine.checkAccess(buf, offset, count, datatype, "buf");
 * int index = DatatypeEngine.contiguousIndex(type, offset, count);
 * if (index >= 0) {
 *     // send elementCount(type, count) elements of the array buf from index, no packing
 * } else {
 *     // gather into a contiguous array of the base type with ArrayPacking.gather and send
 *     // that; on receipt, ArrayPacking.scatter the received prefix into the items
 * }
 * }</pre>
 * That is the path of a thread device. On a process device point-to-point sends every message as
 * an mpjbuf buffer instead, and copies the items straight between the array and the buffer with
 * the runs {@link TypeWalker} visits.
 * {@code Comm.Pack}, {@code Unpack} and {@code Pack_size} are {@link BytePacking}.
 * On receipt of {@code n} base elements, {@code Status.Get_count(datatype)} is
 * {@link #getCount getCount(n, datatype)} and {@code Get_elements} is
 * {@link #getElements getElements(n, datatype)}.
 *
 * <p>Stateless and thread-safe; the buffers are only read (never kept).
 */
public final class DatatypeEngine {

    /**
     * The value {@link #getCount} returns when the elements are not a whole number of items;
     * {@code MPI.UNDEFINED} must have this value.
     */
    public static final int UNDEFINED = -32766;

    private DatatypeEngine() {
    }

    /**
     * Checks that {@code count} items of {@code datatype} at {@code offset} may be read from or
     * written to {@code buf}: the type is usable in communication, the count is not negative,
     * the buffer is an array of the type's base type, and every index the items touch lies in
     * the array. When no element is touched (count 0 or an empty type) the buffer is not
     * checked and may be {@code null}.
     *
     * @param buf the buffer argument of the call
     * @param offset the offset argument, in base-type elements
     * @param count the count argument, in items of {@code datatype}
     * @param datatype the datatype argument
     * @param argument the buffer's name for messages, e.g. {@code "sendbuf"}
     * @return the datatype's implementation
     * @throws MPIException {@code ERR_TYPE} if the datatype is null, foreign, freed or
     *     uncommitted; {@code ERR_COUNT} if {@code count < 0}; {@code ERR_BUFFER} if the buffer
     *     is null, of the wrong Java type or too short for the access
     */
    public static MappedDatatype checkAccess(Object buf, int offset, int count,
                                             Datatype datatype, String argument)
        throws MPIException {
        MappedDatatype type = MappedDatatype.committed(datatype);
        if (count < 0) {
            throw Errors.negative(MPIException.ERR_COUNT, "count", count);
        }
        if (count == 0 || type.size() == 0) {
            return type;
        }
        if (!type.baseType().accepts(buf)) {
            throw Errors.wrongBuffer(argument, buf, type, type.baseType());
        }
        long span = (long) (count - 1) * type.extent();
        long low = (long) offset + type.dataMin() + Math.min(0, span);
        long high = (long) offset + type.dataMax() + Math.max(0, span);
        int length = Array.getLength(buf);
        if (low < 0 || high >= length) {
            throw Errors.outOfBounds(argument, buf, offset, count, type, low, high, length);
        }
        return type;
    }

    /**
     * Returns where {@code count} items of {@code type} at {@code offset} form one run of
     * consecutive array elements, in type-map order.
     *
     * @param type a checked datatype
     * @param offset the offset argument
     * @param count the count argument
     * @return the index of the run's first element, or -1 if the items are not one run (then
     *     pack them); the run has {@link #elementCount elementCount(type, count)} elements
     */
    public static int contiguousIndex(MappedDatatype type, int offset, int count) {
        return type.isDense(count) ? offset + type.dataMin() : -1;
    }

    /**
     * Returns the number of base-type elements in {@code count} items.
     *
     * @param type a checked datatype
     * @param count number of items, {@code >= 0}
     * @return {@code count * type.size()}
     * @throws MPIException {@code ERR_COUNT} if the product exceeds {@code int}
     */
    public static int elementCount(MappedDatatype type, int count) throws MPIException {
        long elements = (long) count * type.size();
        if (elements > Integer.MAX_VALUE) {
            throw new MPIException(MPIException.ERR_COUNT, "count " + count + " of " + type
                + " is " + elements + " elements, more than an int can count");
        }
        return (int) elements;
    }

    /**
     * Returns {@code Status.Get_count}: the number of whole items of {@code datatype} in
     * {@code elements} received base-type elements.
     *
     * @param elements base-type elements received
     * @param datatype the datatype argument of {@code Get_count}
     * @return the number of items, or {@link #UNDEFINED} if {@code elements} is not a multiple
     *     of the type's size (a type of size 0 gives 0 items of 0 elements)
     * @throws MPIException {@code ERR_TYPE} if the datatype is null, foreign or freed
     */
    public static int getCount(int elements, Datatype datatype) throws MPIException {
        int size = MappedDatatype.of(datatype).size();
        if (size == 0) {
            return elements == 0 ? 0 : UNDEFINED;
        }
        return elements % size == 0 ? elements / size : UNDEFINED;
    }

    /**
     * Returns {@code Status.Get_elements}: the number of basic elements received.
     *
     * @param elements base-type elements received
     * @param datatype the datatype argument of {@code Get_elements}
     * @return {@code elements}
     * @throws MPIException {@code ERR_TYPE} if the datatype is null, foreign or freed
     */
    public static int getElements(int elements, Datatype datatype) throws MPIException {
        MappedDatatype.of(datatype);
        return elements;
    }
}
