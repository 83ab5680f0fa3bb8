package org.mpjbuf;

import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * The arithmetic of a multi-strided region: its element count, its bounds check, and the visit of
 * its element indexes for arrays the raw layer does not copy (object arrays).
 *
 * <p>A region of rank {@code r} over an array has extents {@code n[k] = shape[exts + k]} and
 * strides {@code s[k] = shape[strs + k]}; its elements are {@code offset + i[0]*s[0] + ... +
 * i[r-1]*s[r-1]} for {@code 0 <= i[k] < n[k]}, the last dimension varying fastest. Rank 0 is one
 * element at {@code offset}; any zero extent makes the region empty.
 *
 * <p>Stateless and thread-safe.
 */
final class StridedShape {
    private StridedShape() {
    }

    /**
     * Checks the shape array and returns the number of elements of the region.
     *
     * @param rank the number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @return the product of the extents
     * @throws NullPointerException if {@code shape} is null
     * @throws IllegalArgumentException if {@code rank} or an extent is negative, the extents or
     *     strides are not inside {@code shape}, or the region has more than
     *     {@link Integer#MAX_VALUE} elements
     */
    static int count(int rank, int exts, int strs, int[] shape) {
        Objects.requireNonNull(shape, "shape must not be null");
        if (rank < 0) {
            throw new IllegalArgumentException("rank must not be negative, was " + rank);
        }
        checkRun("extents", exts, rank, shape.length);
        checkRun("strides", strs, rank, shape.length);
        long count = 1;
        for (int k = 0; k < rank; k++) {
            int extent = shape[exts + k];
            if (extent < 0) {
                throw new IllegalArgumentException("extent " + k + " (shape[" + (exts + k) + "]) must not be negative, was "
                        + extent);
            }
            count *= extent;
            if (count > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("region of rank " + rank + " has more than "
                        + Integer.MAX_VALUE + " elements");
            }
        }
        return (int) count;
    }

    private static void checkRun(String what, int start, int rank, int shapeLength) {
        if (start < 0 || (long) start + rank > shapeLength) {
            throw new IllegalArgumentException("the " + rank + " " + what + " starting at shape[" + start
                    + "] are not inside a shape array of length " + shapeLength);
        }
    }

    /**
     * Checks that every element index of a non-empty region lies inside an array.
     *
     * @param offset the region's origin
     * @param rank the number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides, already checked by {@link #count}
     * @param arrayLength the array's length
     * @throws IndexOutOfBoundsException if the lowest or highest element index is outside the array
     */
    static void checkRegion(int offset, int rank, int exts, int strs, int[] shape, int arrayLength) {
        long lowest = offset;
        long highest = offset;
        for (int k = 0; k < rank; k++) {
            long reach = (long) (shape[exts + k] - 1) * shape[strs + k];
            lowest += Math.min(0, reach);
            highest += Math.max(0, reach);
        }
        if (lowest < 0 || highest >= arrayLength) {
            throw new IndexOutOfBoundsException("strided region reaches element indexes " + lowest + " to "
                    + highest + ", outside an array of length " + arrayLength);
        }
    }

    /**
     * Visits the element indexes of a checked, non-empty region in order.
     *
     * @param offset the region's origin
     * @param rank the number of dimensions
     * @param exts position of the first extent in {@code shape}
     * @param strs position of the first stride in {@code shape}
     * @param shape extents and strides
     * @param action receives each element index
     */
    static void forEach(int offset, int rank, int exts, int strs, int[] shape, IntConsumer action) {
        int[] counters = new int[rank];
        int index = offset;
        while (true) {
            action.accept(index);
            int k = rank - 1;
            while (k >= 0 && counters[k] == shape[exts + k] - 1) {
                index -= counters[k] * shape[strs + k];
                counters[k] = 0;
                k--;
            }
            if (k < 0) {
                return;
            }
            counters[k]++;
            index += shape[strs + k];
        }
    }
}
