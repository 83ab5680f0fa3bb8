package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.FREE;
import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;
import static org.mpjbuf.buddy.BlockMapDescriptor.NOT_A_HEAD;
import static org.mpjbuf.buddy.BlockMapDescriptor.entry;
import static org.mpjbuf.buddy.BlockMapDescriptor.handle;

import java.util.ArrayList;
import java.util.List;

/**
 * Free lists kept per region, regions searched in creation order: the paper's <em>Buddy2</em>. Requests
 * fill the oldest regions first, so younger regions tend to empty out and can be released.
 */
final class PerRegionFreeListStrategy implements FreeListStrategy {
    private final RegionTable table;
    private final List<Region> regions = new ArrayList<>();

    PerRegionFreeListStrategy(final RegionTable table) {
        this.table = table;
    }

    @Override
    public void addRegion(final Region region) {
        region.setEntry(0, entry(FREE, region.topOrder()));
        region.lists.push(table, handle(region.id(), 0), region.topOrder());
        region.empty = true;
        regions.add(region);
    }

    @Override
    public void removeRegion(final Region region) {
        region.lists.remove(table, handle(region.id(), 0), region.topOrder());
        region.setEntry(0, NOT_A_HEAD);
        regions.remove(region);
    }

    @Override
    public long take(final int order, final int state) {
        for (int index = 0, count = regions.size(); index < count; index++) {
            final FreeLists lists = regions.get(index).lists;
            final int available = lists.smallestAvailable(order);
            if (available >= 0) {
                return BuddySystem.take(lists, table, available, order, state);
            }
        }
        return NIL;
    }

    @Override
    public int give(final Region region, final int unit, final int order) {
        return BuddySystem.give(region.lists, table, region, unit, order);
    }

    @Override
    public long freeBlocks(final int order) {
        long count = 0;
        for (final Region region : regions) {
            if (order < region.lists.orderCount()) {
                count += region.lists.count(order);
            }
        }
        return count;
    }

    @Override
    public long metadataBytes() {
        return 0;
    }
}
