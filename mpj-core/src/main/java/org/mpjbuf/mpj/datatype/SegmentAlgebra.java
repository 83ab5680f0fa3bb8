package org.mpjbuf.mpj.datatype;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import mpi.MPIException;

/**
 * Builds normalised {@link Segment} programs: replication of a program over a strided index
 * space, and concatenation of programs with merging of neighbours.
 *
 * <h2>Design</h2>
 * Commit does not expand the type map. Each constructor wraps the programs of its old types:
 * <ol>
 *   <li>{@link #replicate} puts a program under new outer dimensions; a single-segment body is
 *       absorbed (its dimensions are appended to the new ones), so a Vector of a Vector is one
 *       leaf with two dimensions, not a tree;</li>
 *   <li>dimensions of count 1 vanish, adjacent dimensions forming one progression merge, and a
 *       leaf whose innermost stride equals its run length becomes a longer run — so a
 *       Contiguous of INT is one run and a Vector with stride = blocklength is one run;</li>
 *   <li>{@link #concat} merges neighbours left to right: touching runs join; a segment that
 *       continues the outermost progression of its predecessor extends it; two segments of the
 *       same shape become one with a new outer dimension — so an Indexed type with equal blocks
 *       at a constant step is recognised as a Vector.</li>
 * </ol>
 * The program's size is therefore proportional to the constructor arguments, never to the type
 * map. Every step keeps the element order of the type map.
 *
 * <p>Stateless and thread-safe.
 */
final class SegmentAlgebra {

    private SegmentAlgebra() {
    }

    /**
     * Returns the program of a single run.
     *
     * @param length run length, at least 1
     * @return a one-leaf program
     */
    static Segment[] run(int length) {
        return new Segment[] {new Segment(0, length, Segment.NO_DIMENSIONS, Segment.NO_DIMENSIONS,
            null)};
    }

    /**
     * Replicates {@code body} over the index space {@code offset + sum(i_k * strides[k])},
     * {@code 0 <= i_k < counts[k]}, outermost dimension first.
     *
     * @return the normalised program: empty if any count is 0 or the body is empty
     * @throws MPIException {@code ERR_ARG} if an index leaves the {@code int} range
     */
    static Segment[] replicate(long offset, int[] counts, long[] strides, Segment[] body)
        throws MPIException {
        if (body.length == 0) {
            return Segment.NONE;
        }
        for (int count : counts) {
            if (count == 0) {
                return Segment.NONE;
            }
        }
        long[] dimCounts;
        long[] dimStrides;
        Segment[] innerBody;
        int innerLength;
        long innerOffset = offset;
        if (body.length == 1) {
            Segment inner = body[0];
            dimCounts = concatDims(counts, inner.counts);
            dimStrides = concatDims(strides, inner.strides);
            innerBody = inner.body;
            innerLength = inner.length;
            innerOffset += inner.offset;
        } else {
            dimCounts = concatDims(counts, Segment.NO_DIMENSIONS);
            dimStrides = strides.clone();
            innerBody = body;
            innerLength = 0;
        }
        return new Segment[] {normalise(innerOffset, innerLength, dimCounts, dimStrides, innerBody)};
    }

    /**
     * Concatenates segments that share one origin, merging neighbours where the element order
     * allows.
     *
     * @param parts normalised segments, in type-map order
     * @return the normalised program
     * @throws MPIException {@code ERR_ARG} if an index leaves the {@code int} range
     */
    static Segment[] concat(List<Segment> parts) throws MPIException {
        List<Segment> out = new ArrayList<>(parts.size());
        for (Segment next : parts) {
            if (!out.isEmpty()) {
                Segment merged = merge(out.getLast(), next);
                if (merged != null) {
                    out.set(out.size() - 1, merged);
                    continue;
                }
            }
            out.add(next);
        }
        return out.toArray(Segment.NONE);
    }

    private static Segment merge(Segment first, Segment next) throws MPIException {
        if (first.isLeaf() && next.isLeaf() && first.rank() == 0 && next.rank() == 0
            && (long) first.offset + first.length == next.offset
            && (long) first.length + next.length <= Integer.MAX_VALUE) {
            return new Segment(first.offset, first.length + next.length, Segment.NO_DIMENSIONS,
                Segment.NO_DIMENSIONS, null);
        }
        int rank = first.rank();
        if (rank > 0) {
            long end = first.offset + (long) first.counts[0] * first.strides[0];
            if (next.offset == end && next.rank() == rank - 1 && first.sameShape(1, next, 0)) {
                return withOuterCount(first, first.counts[0] + 1L);
            }
            if (next.offset == end && next.rank() == rank && next.strides[0] == first.strides[0]
                && first.sameShape(1, next, 1)) {
                return withOuterCount(first, (long) first.counts[0] + next.counts[0]);
            }
        }
        if (next.rank() == rank && first.sameShape(0, next, 0)) {
            long[] counts = concatDims(new int[] {2}, first.counts);
            long[] strides = new long[rank + 1];
            strides[0] = (long) next.offset - first.offset;
            for (int k = 0; k < rank; k++) {
                strides[k + 1] = first.strides[k];
            }
            return normalise(first.offset, first.length, counts, strides, first.body);
        }
        return null;
    }

    private static Segment withOuterCount(Segment segment, long count) throws MPIException {
        if (count > Integer.MAX_VALUE) {
            return null;
        }
        long[] counts = concatDims(Segment.NO_DIMENSIONS, segment.counts);
        counts[0] = count;
        long[] strides = concatDims(Segment.NO_DIMENSIONS, segment.strides);
        return normalise(segment.offset, segment.length, counts, strides, segment.body);
    }

    /** Builds a segment, dropping unit dimensions and merging progressions. */
    private static Segment normalise(long offset, int length, long[] counts, long[] strides,
                                     Segment[] body) throws MPIException {
        int rank = 0;
        for (int k = 0; k < counts.length; k++) {
            if (counts[k] != 1) {
                counts[rank] = counts[k];
                strides[rank] = strides[k];
                rank++;
            }
        }
        long runLength = length;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = rank - 2; k >= 0; k--) {
                long merged = counts[k] * counts[k + 1];
                if (strides[k] == counts[k + 1] * strides[k + 1] && merged <= Integer.MAX_VALUE) {
                    counts[k] = merged;
                    strides[k] = strides[k + 1];
                    System.arraycopy(counts, k + 2, counts, k + 1, rank - k - 2);
                    System.arraycopy(strides, k + 2, strides, k + 1, rank - k - 2);
                    rank--;
                    changed = true;
                }
            }
            if (body == null && rank > 0 && strides[rank - 1] == runLength
                && runLength * counts[rank - 1] <= Integer.MAX_VALUE) {
                runLength *= counts[rank - 1];
                rank--;
                changed = true;
            }
        }
        int[] intCounts = new int[rank];
        int[] intStrides = new int[rank];
        for (int k = 0; k < rank; k++) {
            intCounts[k] = (int) counts[k];
            intStrides[k] = checkedInt(strides[k], "stride");
        }
        Segment segment = new Segment(checkedInt(offset, "displacement"), (int) runLength,
            intCounts, intStrides, body);
        if (segment.minIndex < Integer.MIN_VALUE || segment.maxIndex > Integer.MAX_VALUE) {
            throw Errors.indexRange(segment.minIndex, segment.maxIndex);
        }
        return segment;
    }

    private static long[] concatDims(int[] outer, int[] inner) {
        long[] dims = new long[outer.length + inner.length];
        for (int k = 0; k < outer.length; k++) {
            dims[k] = outer[k];
        }
        for (int k = 0; k < inner.length; k++) {
            dims[outer.length + k] = inner[k];
        }
        return dims;
    }

    private static long[] concatDims(long[] outer, int[] inner) {
        long[] dims = Arrays.copyOf(outer, outer.length + inner.length);
        for (int k = 0; k < inner.length; k++) {
            dims[outer.length + k] = inner[k];
        }
        return dims;
    }

    private static int checkedInt(long value, String what) throws MPIException {
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw Errors.intRange(what, value);
        }
        return (int) value;
    }
}
