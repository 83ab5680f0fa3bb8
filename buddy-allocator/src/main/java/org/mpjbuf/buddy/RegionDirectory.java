package org.mpjbuf.buddy;

import java.util.Arrays;
import java.util.IdentityHashMap;

/**
 * Finds the region holding a piece of memory: by address for native regions (binary search over region
 * base addresses), by backing array for heap regions. Written under the central lock, read by any thread
 * through copy-on-write snapshots.
 */
final class RegionDirectory {
    private static final Snapshot EMPTY = new Snapshot(new long[0], new Region[0], new IdentityHashMap<>());

    private record Snapshot(long[] bases, Region[] regions, IdentityHashMap<byte[], Region> byArray) {
    }

    private volatile Snapshot snapshot = EMPTY;

    /** Returns the native region containing {@code address}, or {@code null}. */
    Region findByAddress(final long address) {
        final Snapshot current = snapshot;
        final long[] bases = current.bases;
        int low = 0;
        int high = bases.length - 1;
        while (low <= high) {
            final int middle = (low + high) >>> 1;
            if (bases[middle] <= address) {
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        if (high < 0) {
            return null;
        }
        final Region region = current.regions[high];
        return address - region.address() < region.byteSize() ? region : null;
    }

    /** Returns the heap region backed by {@code array}, or {@code null}. */
    Region findByArray(final Object array) {
        return snapshot.byArray.get(array);
    }

    void add(final Region region) {
        final Snapshot current = snapshot;
        if (region.array() != null) {
            final IdentityHashMap<byte[], Region> byArray = new IdentityHashMap<>(current.byArray);
            byArray.put(region.array(), region);
            snapshot = new Snapshot(current.bases, current.regions, byArray);
            return;
        }
        final int at = -Arrays.binarySearch(current.bases, region.address()) - 1;
        final long[] bases = new long[current.bases.length + 1];
        final Region[] regions = new Region[bases.length];
        System.arraycopy(current.bases, 0, bases, 0, at);
        System.arraycopy(current.regions, 0, regions, 0, at);
        bases[at] = region.address();
        regions[at] = region;
        System.arraycopy(current.bases, at, bases, at + 1, current.bases.length - at);
        System.arraycopy(current.regions, at, regions, at + 1, current.regions.length - at);
        snapshot = new Snapshot(bases, regions, current.byArray);
    }

    void remove(final Region region) {
        final Snapshot current = snapshot;
        if (region.array() != null) {
            final IdentityHashMap<byte[], Region> byArray = new IdentityHashMap<>(current.byArray);
            byArray.remove(region.array());
            snapshot = new Snapshot(current.bases, current.regions, byArray);
            return;
        }
        final int at = Arrays.binarySearch(current.bases, region.address());
        final long[] bases = new long[current.bases.length - 1];
        final Region[] regions = new Region[bases.length];
        System.arraycopy(current.bases, 0, bases, 0, at);
        System.arraycopy(current.regions, 0, regions, 0, at);
        System.arraycopy(current.bases, at + 1, bases, at, bases.length - at);
        System.arraycopy(current.regions, at + 1, regions, at, regions.length - at);
        snapshot = new Snapshot(bases, regions, current.byArray);
    }
}
