package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;

/**
 * Multi-strided regions of a Java array: validation and the copy loop.
 *
 * <p>Design note. A region of rank {@code r} has extents {@code e[0..r)} and strides
 * {@code s[0..r)} (in elements) taken from a shape array, and an origin {@code o}. Its elements
 * are {@code o + sum(i[d] * s[d])} for {@code 0 <= i[d] < e[d]}, visited with the last dimension
 * fastest, and packed contiguously in the buffer.
 * <ol>
 *   <li>Check: the lowest element index reached is {@code o + sum(min(0, (e[d] - 1) * s[d]))} and
 *       the highest {@code o + sum(max(0, (e[d] - 1) * s[d]))}, computed exactly in {@code long};
 *       both must lie inside the array. An empty region (some {@code e[d] == 0}) touches nothing
 *       and always passes.</li>
 *   <li>Copy: recurse over the outer {@code r - 1} dimensions (depth {@code r}); the innermost
 *       dimension is one run, a single bulk
 *       {@link MemorySegment#copy(Object, int, MemorySegment, java.lang.foreign.ValueLayout, long, int)}
 *       when its stride is 1, else the {@link ElementMover} loops stepping through the array by
 *       the stride (no index array is built).</li>
 * </ol>
 * Rank 0 is a single element at the origin. Stateless; safe from any thread on distinct memory.
 */
final class StridedRegion {
    private StridedRegion() {
    }

    /**
     * Checks a region against its array and returns its element count.
     *
     * @throws IllegalArgumentException if rank or an extent is negative or the shape is too short
     * @throws IndexOutOfBoundsException if an element lies outside the array
     */
    static long check(
        final int arrayLength, final String arrayName, final int arrayOffset,
        final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        checkShape(rank, extentsOffset, stridesOffset, shape);
        long count = 1;
        long lowest = arrayOffset;
        long highest = arrayOffset;
        try {
            for (int d = 0; d < rank; d++) {
                final int extent = shape[extentsOffset + d];
                if (extent < 0) {
                    throw new IllegalArgumentException("extent of dimension " + d + " (shape[" + (extentsOffset + d)
                        + "]) must be >= 0, got " + extent);
                }
                count = Math.multiplyExact(count, extent);
                final long reach = Math.multiplyExact((long) extent - 1, shape[stridesOffset + d]);
                if (reach < 0) {
                    lowest = Math.addExact(lowest, reach);
                } else {
                    highest = Math.addExact(highest, reach);
                }
            }
        } catch (final ArithmeticException overflow) {
            throw new IllegalArgumentException("strided region of rank " + rank + " is too large: its element count "
                + "or index range overflows a long", overflow);
        }
        if (count > 0 && (lowest < 0 || highest >= arrayLength)) {
            throw new IndexOutOfBoundsException("strided region from " + arrayName + "Offset " + arrayOffset
                + " with extents " + describe(shape, extentsOffset, rank) + " and strides "
                + describe(shape, stridesOffset, rank) + " reaches element indexes " + lowest + " to " + highest
                + ", outside the " + arrayName + " array of length " + arrayLength);
        }
        return count;
    }

    /** The element count of a region whose shape has not been checked beyond what the JVM checks. */
    static long count(final int rank, final int extentsOffset, final int[] shape) {
        long count = 1;
        for (int d = 0; d < rank; d++) {
            count *= shape[extentsOffset + d];
        }
        return count;
    }

    /** Copies a checked, non-empty region between the array and the buffer at {@code index}. */
    static void copy(
        final boolean gather, final MemorySegment buffer, final long index, final boolean bigEndian, final boolean swap,
        final ElementKind kind, final Object array, final int arrayOffset,
        final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        final Run run = new Run(gather, buffer, bigEndian, swap, kind, array);
        if (rank == 0) {
            run.copy(index, arrayOffset, 1, 1);
        } else {
            walk(run, index, arrayOffset, 0, rank, extentsOffset, stridesOffset, shape);
        }
    }

    private static long walk(
        final Run run, final long index, final long origin,
        final int dimension, final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        final int extent = shape[extentsOffset + dimension];
        final int stride = shape[stridesOffset + dimension];
        if (dimension == rank - 1) {
            run.copy(index, origin, stride, extent);
            return index + ((long) extent << run.kind.shift);
        }
        long next = index;
        long element = origin;
        for (int i = 0; i < extent; i++) {
            next = walk(run, next, element, dimension + 1, rank, extentsOffset, stridesOffset, shape);
            element += stride;
        }
        return next;
    }

    /**
     * The innermost copy: one bulk copy for a unit stride, else the {@link ElementMover} loops
     * stepping through the array by the stride.
     */
    private static final class Run {
        private final boolean gather;
        private final MemorySegment buffer;
        private final boolean bigEndian;
        private final boolean swap;
        private final ElementKind kind;
        private final Object array;

        Run(final boolean gather, final MemorySegment buffer, final boolean bigEndian, final boolean swap,
            final ElementKind kind, final Object array) {
            this.gather = gather;
            this.buffer = buffer;
            this.bigEndian = bigEndian;
            this.swap = swap;
            this.kind = kind;
            this.array = array;
        }

        void copy(final long index, final long first, final long stride, final int count) {
            if (stride == 1 && kind != ElementKind.BOOLEAN) {
                if (gather) {
                    MemorySegment.copy(array, (int) first, buffer, kind.layout(bigEndian), index, count);
                } else {
                    MemorySegment.copy(buffer, kind.layout(bigEndian), index, array, (int) first, count);
                }
            } else if (gather) {
                ElementMover.gather(buffer, index, swap, kind, array, null, 0, (int) first, (int) stride, count);
            } else {
                ElementMover.scatter(buffer, index, swap, kind, array, null, 0, (int) first, (int) stride, count);
            }
        }
    }

    private static void checkShape(final int rank, final int extentsOffset, final int stridesOffset, final int[] shape) {
        if (rank < 0) {
            throw new IllegalArgumentException("rank must be >= 0, got " + rank);
        }
        checkShapeRange("extents", extentsOffset, rank, shape.length);
        checkShapeRange("strides", stridesOffset, rank, shape.length);
    }

    private static void checkShapeRange(final String what, final int offset, final int rank, final int shapeLength) {
        if (offset < 0 || offset > shapeLength - rank) {
            throw new IllegalArgumentException(what + "Offset " + offset + " with rank " + rank
                + " is outside the shape array of length " + shapeLength);
        }
    }

    private static String describe(final int[] shape, final int offset, final int rank) {
        final StringBuilder text = new StringBuilder("[");
        for (int d = 0; d < rank; d++) {
            text.append(d == 0 ? "" : ", ").append(shape[offset + d]);
        }
        return text.append(']').toString();
    }
}
