package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.FREE;
import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;
import static org.mpjbuf.buddy.BlockMapDescriptor.NOT_A_HEAD;
import static org.mpjbuf.buddy.BlockMapDescriptor.entry;
import static org.mpjbuf.buddy.BlockMapDescriptor.handle;

/**
 * One free list per order shared by all regions: the paper's <em>Buddy1</em>. A request is served in
 * constant time from whichever region heads the list; links cross regions through handles.
 */
final class SharedFreeListStrategy implements FreeListStrategy {
    private final RegionTable table;
    private final FreeLists lists;

    SharedFreeListStrategy(final RegionTable table, final int orderCount) {
        this.table = table;
        this.lists = new FreeLists(orderCount);
    }

    @Override
    public void addRegion(final Region region) {
        region.setEntry(0, entry(FREE, region.topOrder()));
        lists.push(table, handle(region.id(), 0), region.topOrder());
        region.empty = true;
    }

    @Override
    public void removeRegion(final Region region) {
        lists.remove(table, handle(region.id(), 0), region.topOrder());
        region.setEntry(0, NOT_A_HEAD);
    }

    @Override
    public long take(final int order, final int state) {
        final int available = lists.smallestAvailable(order);
        return available < 0 ? NIL : BuddySystem.take(lists, table, available, order, state);
    }

    @Override
    public int give(final Region region, final int unit, final int order) {
        return BuddySystem.give(lists, table, region, unit, order);
    }

    @Override
    public long freeBlocks(final int order) {
        return lists.count(order);
    }

    @Override
    public long metadataBytes() {
        return lists.metadataBytes();
    }
}
