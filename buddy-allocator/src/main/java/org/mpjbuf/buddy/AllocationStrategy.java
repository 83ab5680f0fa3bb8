package org.mpjbuf.buddy;

/**
 * How a {@link BufferPool} organises its free lists across regions.
 */
public enum AllocationStrategy {
    /**
     * One free list per block size shared by all regions (the paper's <em>Buddy1</em>): a request is
     * served from any region in constant time, and the pool keeps a single small table of list heads.
     */
    SHARED_FREE_LISTS,
    /**
     * One set of free lists per region, regions searched in creation order (the paper's <em>Buddy2</em>):
     * allocations pack into the oldest regions first, which lets younger regions empty out and be
     * released.
     */
    PER_REGION_FREE_LISTS
}
