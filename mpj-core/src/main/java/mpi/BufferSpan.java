package mpi;

import org.mpjbuf.mpj.datatype.MappedDatatype;

/**
 * The base elements of an array that a collective's send or receive region may touch: indexes
 * {@code low} to {@code high}, both included; empty when {@code low > high}. A region of several
 * blocks spans from its lowest block's first element to its highest block's last, gaps included,
 * so two spans that do not meet share no element for certain.
 *
 * @param low  the lowest index
 * @param high the highest index
 */
record BufferSpan(long low, long high) {

    /** The span of a region that touches nothing. */
    static final BufferSpan EMPTY = new BufferSpan(0, -1);

    /**
     * Returns the span of {@code count} items of {@code type} from {@code offset}.
     *
     * @param offset the index of item 0, in base elements
     * @param count  the item count; none when {@code <= 0}
     * @param type   the items' datatype
     * @return the span
     * @throws MPIException (MPI_ERR_TYPE) for a freed or uncommitted datatype
     */
    static BufferSpan of(long offset, int count, Datatype type) throws MPIException {
        MappedDatatype mapped = MappedDatatype.committed(type);
        if (count <= 0 || mapped.dataMax() < mapped.dataMin()) {
            return EMPTY;
        }
        long stride = (long) (count - 1) * mapped.extent();
        return new BufferSpan(offset + mapped.dataMin() + Math.min(0, stride),
            offset + mapped.dataMax() + Math.max(0, stride));
    }

    /**
     * Returns the span of the blocks of a counts-and-displacements layout: block {@code i} is
     * {@code counts[i]} items from {@code offset + displs[i] * extent}.
     *
     * @param offset the index the displacements count from
     * @param counts the items of each block
     * @param displs each block's displacement, in extents of {@code type}
     * @param blocks how many blocks the layout has (the communicator's size)
     * @param type   the items' datatype
     * @return the span of all blocks
     * @throws MPIException (MPI_ERR_TYPE) for a freed or uncommitted datatype
     */
    static BufferSpan ofBlocks(int offset, int[] counts, int[] displs, int blocks, Datatype type)
        throws MPIException {
        if (counts == null || displs == null) {
            return EMPTY;
        }
        MappedDatatype mapped = MappedDatatype.committed(type);
        if (mapped.dataMax() < mapped.dataMin()) {
            return EMPTY;
        }
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (int i = 0; i < Math.min(blocks, Math.min(counts.length, displs.length)); i++) {
            if (counts[i] > 0) {
                long start = offset + (long) displs[i] * mapped.extent();
                long stride = (long) (counts[i] - 1) * mapped.extent();
                low = Math.min(low, start + mapped.dataMin() + Math.min(0, stride));
                high = Math.max(high, start + mapped.dataMax() + Math.max(0, stride));
            }
        }
        return low > high ? EMPTY : new BufferSpan(low, high);
    }

    /** Returns whether the span holds no element. */
    boolean isEmpty() {
        return low > high;
    }

    /** Returns whether this span and {@code other} share an index. */
    boolean meets(BufferSpan other) {
        return !isEmpty() && !other.isEmpty() && low <= other.high && other.low <= high;
    }
}
