package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.FREE;
import static org.mpjbuf.buddy.BlockMapDescriptor.NOT_A_HEAD;
import static org.mpjbuf.buddy.BlockMapDescriptor.entry;
import static org.mpjbuf.buddy.BlockMapDescriptor.handle;
import static org.mpjbuf.buddy.BlockMapDescriptor.regionId;
import static org.mpjbuf.buddy.BlockMapDescriptor.unit;

/**
 * The binary buddy system of Knuth, TAOCP vol. 1, section 2.5 (Algorithms R and S), over a region's block
 * map and a set of {@link FreeLists}.
 *
 * <p>Notation: a region of {@code 2^m} bytes is cut into units of the minimum block size {@code 2^u}; a
 * block of <em>order</em> {@code k} spans {@code 2^k} units and starts at a unit index that is a multiple of
 * {@code 2^k}, so its buddy starts at {@code unit XOR 2^k}. Order {@code m - u} is the whole region.
 * <pre>
 *   order 2  [               0               ]
 *   order 1  [       0       ][       2      ]
 *   order 0  [   0   ][   1  ][   2  ][   3  ]     buddy(1, order 0) = 0, buddy(2, order 1) = 0
 * </pre>
 *
 * <p>Reservation (Algorithm R): 1. find the smallest order {@code j >= k} with a free block (bit mask of
 * non-empty lists); 2. remove that block from its list; 3. while {@code j > k}: {@code j = j - 1}, the upper
 * half {@code unit + 2^j} becomes a free block of order {@code j} and is pushed on list {@code j}; 4. the
 * lower half is the result.
 *
 * <p>Liberation (Algorithm S): 1. while the block is below the top order and its buddy is a free block of
 * the same order (one map byte tells), remove the buddy from its list and merge (the lower unit heads the
 * merged block, the upper unit stops being a head); 2. push the result on the list of its final order.
 *
 * <p>Unlike the paper's implementation the tag and order of a block live in the map, outside the block, so a
 * request of exactly {@code 2^k} bytes takes a {@code 2^k}-byte block. Not thread-safe: called under the
 * central allocator's lock.
 */
final class BuddySystem {
    private BuddySystem() {
    }

    /**
     * Takes the first block of order {@code available} from {@code lists}, splits it down to {@code order},
     * marks the result with {@code state} and returns its handle.
     */
    static long take(final FreeLists lists, final RegionTable table, final int available, final int order,
        final int state) {
        final long handle = lists.pop(table, available);
        final Region region = table.get(regionId(handle));
        final int unit = unit(handle);
        if (available == region.topOrder()) {
            region.empty = false;
        }
        for (int split = available - 1; split >= order; split--) {
            final int buddy = unit + (1 << split);
            region.setEntry(buddy, entry(FREE, split));
            lists.push(table, handle(region.id(), buddy), split);
        }
        region.setEntryRelease(unit, entry(state, order));
        return handle;
    }

    /**
     * Returns the block at {@code unit} of {@code order} to {@code lists}, merging it with free buddies all the
     * way up, and returns the order of the resulting free block.
     */
    static int give(final FreeLists lists, final RegionTable table, final Region region, final int unit,
        final int order) {
        int head = unit;
        int merged = order;
        final int top = region.topOrder();
        while (merged < top) {
            final int buddy = head ^ (1 << merged);
            if (region.entry(buddy) != entry(FREE, merged)) {
                break;
            }
            lists.remove(table, handle(region.id(), buddy), merged);
            region.setEntry(Math.max(head, buddy), NOT_A_HEAD);
            head = Math.min(head, buddy);
            merged++;
        }
        region.setEntryRelease(head, entry(FREE, merged));
        lists.push(table, handle(region.id(), head), merged);
        if (merged == top) {
            region.empty = true;
        }
        return merged;
    }
}
