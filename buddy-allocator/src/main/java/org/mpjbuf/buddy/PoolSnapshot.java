package org.mpjbuf.buddy;

import java.util.List;

/**
 * The block layout of every live region of a {@link BufferPool}, read from the block maps: a diagnostic
 * view for tests and tools, costly to take (it walks every map). Exact when no other thread uses the pool
 * while it is taken.
 *
 * <p>Thread safety: immutable.
 *
 * @param regions the live regions in identifier order.
 */
public record PoolSnapshot(List<RegionLayout> regions) {
    /**
     * The state of a block.
     */
    public enum BlockState {
        /** In a free list. */
        FREE,
        /** Handed out and not yet freed. */
        IN_USE,
        /** Freed into a thread cache, ready for reuse by that thread. */
        CACHED
    }

    /**
     * Creates a snapshot.
     *
     * @param regions the live regions in identifier order.
     */
    public PoolSnapshot {
        regions = List.copyOf(regions);
    }

    /**
     * The blocks of one region, in offset order; together they cover the region exactly.
     *
     * @param id the region identifier.
     * @param byteSize the region size.
     * @param dedicated whether the region holds one oversized block.
     * @param blocks the blocks in offset order.
     */
    public record RegionLayout(int id, long byteSize, boolean dedicated, List<Block> blocks) {
        /**
         * Creates a region layout.
         *
         * @param id the region identifier.
         * @param byteSize the region size.
         * @param dedicated whether the region holds one oversized block.
         * @param blocks the blocks in offset order.
         */
        public RegionLayout {
            blocks = List.copyOf(blocks);
        }
    }

    /**
     * One block of a region.
     *
     * @param offset the offset of the block in its region.
     * @param byteSize the block size.
     * @param state the block state.
     */
    public record Block(long offset, long byteSize, BlockState state) {
    }
}
