package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;
import static org.mpjbuf.buddy.BlockMapDescriptor.regionId;
import static org.mpjbuf.buddy.BlockMapDescriptor.unit;

import java.util.Arrays;

/**
 * Doubly linked free lists, one per order, whose links live inside the free blocks themselves (Knuth's
 * AVAIL lists, TAOCP vol. 1, 2.5). A bit mask of non-empty orders finds the smallest order that can serve
 * a request in constant time. Not thread-safe: used under the central allocator's lock.
 */
final class FreeLists {
    private final long[] heads;
    private final long[] counts;
    private int nonEmptyMask;

    FreeLists(final int orderCount) {
        heads = new long[orderCount];
        counts = new long[orderCount];
        Arrays.fill(heads, NIL);
    }

    int orderCount() {
        return heads.length;
    }

    long count(final int order) {
        return counts[order];
    }

    /** Returns the smallest order {@code >= order} with a free block, or -1. */
    int smallestAvailable(final int order) {
        if (order >= heads.length) {
            return -1;
        }
        final int mask = nonEmptyMask & (-1 << order);
        return mask == 0 ? -1 : Integer.numberOfTrailingZeros(mask);
    }

    void push(final RegionTable table, final long handle, final int order) {
        final long head = heads[order];
        final Region region = table.get(regionId(handle));
        final int unit = unit(handle);
        region.setNextLink(unit, head);
        region.setPreviousLink(unit, NIL);
        if (head != NIL) {
            table.get(regionId(head)).setPreviousLink(unit(head), handle);
        }
        heads[order] = handle;
        counts[order]++;
        nonEmptyMask |= 1 << order;
    }

    long pop(final RegionTable table, final int order) {
        final long handle = heads[order];
        remove(table, handle, order);
        return handle;
    }

    void remove(final RegionTable table, final long handle, final int order) {
        final Region region = table.get(regionId(handle));
        final int unit = unit(handle);
        final long next = region.nextLink(unit);
        final long previous = region.previousLink(unit);
        if (previous == NIL) {
            heads[order] = next;
        } else {
            table.get(regionId(previous)).setNextLink(unit(previous), next);
        }
        if (next != NIL) {
            table.get(regionId(next)).setPreviousLink(unit(next), previous);
        }
        if (--counts[order] == 0) {
            nonEmptyMask &= ~(1 << order);
        }
    }

    long metadataBytes() {
        return 16L * heads.length + 4;
    }
}
