package org.mpjbuf.mpj.datatype;

import java.util.Arrays;

/**
 * One node of a committed type map in compact form: a contiguous run (a <em>leaf</em>) or a list
 * of nodes (a <em>repeat</em>), replicated over a multi-strided index space.
 *
 * <h2>Notation</h2>
 * A segment has an {@code offset}, dimensions {@code (counts[k], strides[k])} for
 * {@code k = 0..rank-1} (outermost first) and either a run {@code length} or a {@code body}. It
 * stands for the elements, in this order:
 * <pre>
 *   for i0 in [0, counts[0]) ... for i(r-1) in [0, counts[r-1]):
 *     base = offset + i0*strides[0] + ... + i(r-1)*strides[r-1]
 *     leaf:   elements base, base+1, ..., base+length-1
 *     repeat: each body segment, in order, relative to base
 * </pre>
 * Offsets, strides and indices are in elements of the base type. Segments are built normalised
 * by {@link SegmentAlgebra}: no dimension has a count below 2, adjacent dimensions that form
 * one arithmetic progression are merged, a leaf whose innermost stride equals its length absorbs
 * that dimension, and a repeat never has a single body segment.
 *
 * <p>Instances are immutable and thread-safe.
 */
final class Segment {

    static final Segment[] NONE = new Segment[0];
    static final int[] NO_DIMENSIONS = new int[0];

    final int offset;
    final int length;
    final int[] counts;
    final int[] strides;
    final Segment[] body;
    final long size;
    final long minIndex;
    final long maxIndex;
    /** Number of contiguous runs this segment visits (before neighbours are merged). */
    final long runs;

    Segment(int offset, int length, int[] counts, int[] strides, Segment[] body) {
        this.offset = offset;
        this.length = length;
        this.counts = counts;
        this.strides = strides;
        this.body = body;
        long copies = 1;
        long low = offset;
        long high = offset;
        for (int k = 0; k < counts.length; k++) {
            copies *= counts[k];
            long span = (long) (counts[k] - 1) * strides[k];
            low += Math.min(0, span);
            high += Math.max(0, span);
        }
        if (body == null) {
            this.size = copies * length;
            this.minIndex = low;
            this.maxIndex = high + length - 1;
            this.runs = copies;
        } else {
            long bodySize = 0;
            long bodyRuns = 0;
            long bodyLow = Long.MAX_VALUE;
            long bodyHigh = Long.MIN_VALUE;
            for (Segment segment : body) {
                bodySize += segment.size;
                bodyRuns += segment.runs;
                bodyLow = Math.min(bodyLow, segment.minIndex);
                bodyHigh = Math.max(bodyHigh, segment.maxIndex);
            }
            this.size = copies * bodySize;
            this.minIndex = low + bodyLow;
            this.maxIndex = high + bodyHigh;
            this.runs = copies * bodyRuns;
        }
    }

    boolean isLeaf() {
        return body == null;
    }

    int rank() {
        return counts.length;
    }

    /**
     * Returns whether this segment and {@code other} differ at most in their offsets and in
     * their outermost dimensions: this from dimension {@code from}, the other from
     * {@code otherFrom}.
     */
    boolean sameShape(int from, Segment other, int otherFrom) {
        return length == other.length
            && Arrays.equals(counts, from, counts.length, other.counts, otherFrom, other.counts.length)
            && Arrays.equals(strides, from, strides.length, other.strides, otherFrom,
                other.strides.length)
            && Arrays.equals(body, other.body);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Segment segment && offset == segment.offset
            && sameShape(0, segment, 0);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * offset + length) + Arrays.hashCode(counts) + 17 * Arrays.hashCode(strides);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder().append('@').append(offset);
        for (int k = 0; k < counts.length; k++) {
            text.append(" x").append(counts[k]).append('/').append(strides[k]);
        }
        return body == null ? text.append(" run ").append(length).toString()
            : text.append(' ').append(Arrays.toString(body)).toString();
    }
}
