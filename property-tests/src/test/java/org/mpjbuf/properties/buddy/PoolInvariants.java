package org.mpjbuf.properties.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.mpjbuf.buddy.BuddyConfiguration;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolSnapshot;
import org.mpjbuf.buddy.PoolSnapshot.Block;
import org.mpjbuf.buddy.PoolSnapshot.BlockState;
import org.mpjbuf.buddy.PoolSnapshot.RegionLayout;
import org.mpjbuf.buddy.PoolStatistics;

/**
 * The invariants of a buddy pool, checked against its block maps ({@link BufferPool#snapshot()}), its
 * statistics and the blocks the test holds. Valid when no other thread uses the pool.
 */
final class PoolInvariants {
    private PoolInvariants() {
    }

    static void check(final BufferPool pool, final Collection<LiveBlock> live) {
        final PoolSnapshot snapshot = pool.snapshot();
        final PoolStatistics statistics = pool.statistics();
        final int regionSize = pool.regionSize();
        final int minimum = pool.minimumBlockSize();
        final Map<String, Block> inUse = new HashMap<>();
        final long[] freeByOrder = new long[statistics.orderCount()];
        long reserved = 0;
        long inUseBytes = 0;
        long cachedBytes = 0;
        long freeBytes = 0;
        for (final RegionLayout region : snapshot.regions()) {
            reserved += region.byteSize();
            final Map<Long, Block> byOffset = new HashMap<>();
            long next = 0;
            for (final Block block : region.blocks()) {
                assertEquals(next, block.offset(), "blocks of region " + region.id() + " must tile it: " + region);
                next += block.byteSize();
                byOffset.put(block.offset(), block);
                if (!region.dedicated()) {
                    assertEquals(1, Long.bitCount(block.byteSize()), "block size is a power of two: " + block);
                    assertTrue(block.byteSize() >= minimum && block.byteSize() <= regionSize, "block size in range: " + block);
                    assertEquals(0, block.offset() % block.byteSize(), "block aligned to its size: " + block);
                }
                switch (block.state()) {
                    case IN_USE -> {
                        inUseBytes += block.byteSize();
                        inUse.put(region.id() + "@" + block.offset(), block);
                    }
                    case CACHED -> cachedBytes += block.byteSize();
                    case FREE -> {
                        if (region.dedicated()) {
                            // a freed oversized region kept for reuse: free, but in no free list
                            assertEquals(1, region.blocks().size(), "a kept oversized region is one block: " + region);
                        } else {
                            freeBytes += block.byteSize();
                            freeByOrder[Long.numberOfTrailingZeros(block.byteSize() / minimum)]++;
                        }
                    }
                }
            }
            assertEquals(region.byteSize(), next, "blocks must cover region " + region.id());
            for (final Block block : region.blocks()) {
                if (block.state() == BlockState.FREE && block.byteSize() < region.byteSize()) {
                    final Block buddy = byOffset.get(block.offset() ^ block.byteSize());
                    assertFalse(buddy != null && buddy.byteSize() == block.byteSize() && buddy.state() == BlockState.FREE,
                        "free buddies left uncoalesced: " + block + " and " + buddy + " in region " + region.id());
                }
            }
        }
        assertEquals(reserved, statistics.reservedBytes(), "reserved bytes");
        assertEquals(inUseBytes, statistics.inUseBytes(), "bytes in use");
        assertEquals(cachedBytes, statistics.cachedBytes(), "bytes cached");
        assertEquals(freeBytes, statistics.listedFreeBytes(), "bytes in the free lists");
        assertEquals(statistics.reservedBytes(), statistics.inUseBytes() + statistics.freeBytes(),
            "reserved = in use + free");
        for (int order = 0; order < freeByOrder.length; order++) {
            assertEquals(freeByOrder[order], statistics.freeBlocks(order), "free-list length of order " + order);
        }
        assertEquals(live.size(), inUse.size(), "every block in use is held by the test, and no other");
        for (final LiveBlock block : live) {
            final Block held = inUse.get(block.regionId() + "@" + block.offset());
            assertNotNull(held, "held block must be in use: " + block);
            assertTrue(held.byteSize() >= block.requested(), "block covers the request: " + held + " for " + block);
            if (block.requested() > minimum) {
                assertTrue(held.byteSize() < 2 * block.requested(),
                    "block less than twice the request: " + held + " for " + block);
            } else {
                assertEquals(minimum, held.byteSize(), "small request takes a minimum block: " + block);
            }
            assertEquals(-1, block.firstCorruptedByte(), "contents of " + block + " were changed");
        }
    }

    /**
     * Checks that every region is one free top-level block and nothing is in use or cached: at most
     * the one kept empty region, and the freed oversized regions kept for reuse.
     */
    static void checkAllFree(final BufferPool pool) {
        int kept = 0;
        for (final RegionLayout region : pool.snapshot().regions()) {
            if (region.dedicated()) {
                kept++;
            }
            assertEquals(1, region.blocks().size(), "region " + region.id() + " must be one free block: " + region);
            assertEquals(new Block(0, region.byteSize(), BlockState.FREE), region.blocks().getFirst());
        }
        final PoolStatistics statistics = pool.statistics();
        assertEquals(0, statistics.inUseBytes());
        assertEquals(0, statistics.cachedBytes());
        assertTrue(kept <= BuddyConfiguration.OVERSIZED_REGIONS_KEPT_DEFAULT,
            "at most the kept oversized regions remain: " + kept);
        assertTrue(statistics.regionCount() - kept <= 1, "at most the one kept empty region remains: " + statistics);
    }
}
