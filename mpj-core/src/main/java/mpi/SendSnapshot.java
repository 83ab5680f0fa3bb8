package mpi;

import java.lang.reflect.Array;

/**
 * A rank's send region as a collective's algorithm reads it: the caller's own array, or a private
 * copy when the send region shares elements with the receive region of the same array (which
 * programs written for MPJ Express rely on, although MPI-1 forbids it) or when it passes
 * {@link MPI#IN_PLACE}. The algorithms then read the copy while they write the receive buffer,
 * so the result is the one separate buffers would give. Regions of one array that do not meet
 * (a send region at the front and a receive region behind it, as NPB IS keeps its keys) are read
 * where they are: a copy would cost an allocation and a pass over them on every call.
 *
 * <p>A copy spans only the elements the send region touches, in an array of the same class (so an
 * object reduction's user function still sees the caller's component type); object references are
 * copied, not the objects, which no collective writes through a send buffer.
 *
 * @param buffer the array holding the send data
 * @param offset the index of item 0 in it
 */
record SendSnapshot(Object buffer, int offset) {

    /**
     * Returns the send region of an array that also holds the receive region: the region itself
     * when the two do not meet, else a copy of the send region's span.
     *
     * @param buffer     the array, already checked to hold both regions
     * @param sendoffset the index the send region's items or displacements count from
     * @param send       the elements the send region touches
     * @param receive    the elements the receive region touches
     * @return the region to read
     */
    static SendSnapshot withinOneArray(Object buffer, int sendoffset, BufferSpan send, BufferSpan receive) {
        return send.meets(receive) ? copy(buffer, sendoffset, send) : new SendSnapshot(buffer, sendoffset);
    }

    /**
     * Copies {@code count} items of {@code type} at {@code offset} of {@code buffer}, the operand
     * of {@link MPI#IN_PLACE}, which the receive region holds.
     *
     * @param buffer the array, already checked to hold the region
     * @param offset index of the first item, in base elements
     * @param count  number of items
     * @param type   their datatype, already checked
     * @return the copy and the index of item 0 in it; the region itself when it is empty
     * @throws MPIException (MPI_ERR_TYPE) for a freed datatype
     */
    static SendSnapshot copy(Object buffer, int offset, int count, Datatype type) throws MPIException {
        return copy(buffer, offset, BufferSpan.of(offset, count, type));
    }

    private static SendSnapshot copy(Object buffer, int offset, BufferSpan span) {
        if (span.isEmpty()) {
            return new SendSnapshot(buffer, offset);
        }
        int low = (int) span.low();
        int length = (int) (span.high() - span.low() + 1);
        Object copy = Array.newInstance(buffer.getClass().getComponentType(), length);
        System.arraycopy(buffer, low, copy, 0, length);
        return new SendSnapshot(copy, offset - low);
    }
}
