package org.mpjbuf.buddy;

import java.util.Arrays;

/**
 * Live regions by identifier. Written under the central allocator's lock; read by any thread through a
 * copy-on-write array, so a lookup is one volatile read and one array load.
 */
final class RegionTable {
    private volatile Region[] byId = new Region[4];

    Region get(final int id) {
        final Region[] table = byId;
        return id < table.length ? table[id] : null;
    }

    /** Returns the smallest unused identifier. Called under the central lock. */
    int nextFreeId() {
        final Region[] table = byId;
        for (int id = 0; id < table.length; id++) {
            if (table[id] == null) {
                return id;
            }
        }
        return table.length;
    }

    void put(final Region region) {
        final Region[] table = byId;
        final Region[] copy = Arrays.copyOf(table, Math.max(table.length, Integer.highestOneBit(region.id()) << 1));
        copy[region.id()] = region;
        byId = copy;
    }

    void remove(final Region region) {
        final Region[] copy = byId.clone();
        copy[region.id()] = null;
        byId = copy;
    }
}
