package org.mpjbuf.mpj.datatype;

import mpi.MPIException;

/**
 * Walks {@code count} items of a datatype placed at a buffer offset, handing the runs of its
 * compact type map to a {@link RunVisitor}, optionally stopping after a number of elements.
 *
 * <p>Item {@code j} starts at {@code offset + j * extent}. Without a limit, each leaf of the
 * program reaches the visitor as one {@link RunVisitor#run run} or one
 * {@link RunVisitor#strided strided} call; a dense type ({@link MappedDatatype#isDense}) reaches
 * it as a single run for all items. Under a limit, the leaf that crosses it is split into rows
 * and the last row is cut short.
 *
 * <p>Stateless and thread-safe; callers check the buffer bounds before walking.
 */
public final class TypeWalker {

    private TypeWalker() {
    }

    /**
     * Walks {@code count} items of {@code type} at {@code offset}.
     *
     * @param type the datatype
     * @param count number of items
     * @param offset buffer index of the first item's origin
     * @param limit the greatest number of elements to visit
     * @param visitor receives the runs
     * @return the number of elements visited, {@code min(limit, count * type.size())}
     * @throws MPIException if the visitor fails
     */
    public static long walk(MappedDatatype type, int count, int offset, long limit,
                            RunVisitor visitor) throws MPIException {
        long total = Math.min(limit, (long) count * type.size());
        if (total <= 0) {
            return 0;
        }
        if (type.isDense(count)) {
            visitor.run(offset + type.dataMin(), (int) total);
            return total;
        }
        Segment[] program = type.program();
        int extent = type.extent();
        long remaining = total;
        for (int item = 0; item < count && remaining > 0; item++) {
            remaining = walkAll(program, offset + item * extent, remaining, visitor);
        }
        return total - remaining;
    }

    private static long walkAll(Segment[] segments, int base, long remaining, RunVisitor visitor)
        throws MPIException {
        for (Segment segment : segments) {
            if (remaining == 0) {
                break;
            }
            remaining = walkOne(segment, base + segment.offset, remaining, visitor);
        }
        return remaining;
    }

    private static long walkOne(Segment segment, int index, long remaining, RunVisitor visitor)
        throws MPIException {
        if (segment.size > remaining) {
            return partial(segment, 0, index, remaining, visitor);
        }
        if (!segment.isLeaf()) {
            repeat(segment, 0, index, visitor);
        } else if (segment.rank() == 0) {
            visitor.run(index, segment.length);
        } else {
            visitor.strided(index, segment.length, segment.counts, segment.strides);
        }
        return remaining - segment.size;
    }

    private static void repeat(Segment segment, int dimension, int index, RunVisitor visitor)
        throws MPIException {
        if (dimension == segment.rank()) {
            walkAll(segment.body, index, Long.MAX_VALUE, visitor);
            return;
        }
        int count = segment.counts[dimension];
        int stride = segment.strides[dimension];
        for (int i = 0; i < count; i++) {
            repeat(segment, dimension + 1, index + i * stride, visitor);
        }
    }

    private static long partial(Segment segment, int dimension, int index, long remaining,
                                RunVisitor visitor) throws MPIException {
        if (dimension == segment.rank()) {
            if (!segment.isLeaf()) {
                return walkAll(segment.body, index, remaining, visitor);
            }
            int length = (int) Math.min(segment.length, remaining);
            visitor.run(index, length);
            return remaining - length;
        }
        int count = segment.counts[dimension];
        int stride = segment.strides[dimension];
        for (int i = 0; i < count && remaining > 0; i++) {
            remaining = partial(segment, dimension + 1, index + i * stride, remaining, visitor);
        }
        return remaining;
    }
}
