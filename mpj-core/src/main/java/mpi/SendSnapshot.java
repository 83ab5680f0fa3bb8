package mpi;

import java.lang.reflect.Array;

import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * A private copy of a collective's send region, taken when a rank's send and receive buffers are
 * the same array (which programs written for MPJ Express rely on, although MPI-1 forbids it) or
 * when it passes {@link MPI#IN_PLACE}. The algorithms then read the copy while they write the
 * receive buffer, so the result is the one separate buffers would give.
 *
 * <p>The copy spans only the elements the region touches, in an array of the same class (so an
 * object reduction's user function still sees the caller's component type); object references are
 * copied, not the objects, which no collective writes through a send buffer.
 *
 * @param buffer the array holding the send data
 * @param offset the index of item 0 in it
 */
record SendSnapshot(Object buffer, int offset) {

    /**
     * Copies {@code count} items of {@code type} at {@code offset} of {@code buffer}.
     *
     * @param buffer the array, already checked to hold the region
     * @param offset index of the first item, in base elements
     * @param count  number of items
     * @param type   their datatype, already checked
     * @return the copy and the index of item 0 in it; the region itself when it is empty
     * @throws MPIException (MPI_ERR_TYPE) for a freed datatype
     */
    static SendSnapshot of(Object buffer, int offset, int count, Datatype type) throws MPIException {
        MappedDatatype mapped = MappedDatatype.committed(type);
        if (count <= 0 || mapped.dataMax() < mapped.dataMin()) {
            return new SendSnapshot(buffer, offset);
        }
        long stride = (long) (count - 1) * mapped.extent();
        int low = (int) (offset + mapped.dataMin() + Math.min(0, stride));
        int high = (int) (offset + mapped.dataMax() + Math.max(0, stride));
        Object copy = Array.newInstance(buffer.getClass().getComponentType(), high - low + 1);
        System.arraycopy(buffer, low, copy, 0, high - low + 1);
        return new SendSnapshot(copy, offset - low);
    }

    /**
     * Copies the whole array, for layouts of several blocks (counts and displacements).
     *
     * @param buffer the array
     * @param offset the offset the blocks' displacements start from
     * @return the copy, with the same offset
     */
    static SendSnapshot whole(Object buffer, int offset) {
        int length = Array.getLength(buffer);
        Object copy = Array.newInstance(buffer.getClass().getComponentType(), length);
        System.arraycopy(buffer, 0, copy, 0, length);
        return new SendSnapshot(copy, offset);
    }
}
