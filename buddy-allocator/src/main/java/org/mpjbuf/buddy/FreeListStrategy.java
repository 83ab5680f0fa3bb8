package org.mpjbuf.buddy;

/**
 * Where the free lists of the buddy system live: shared by all regions or kept per region. Implementations
 * are not thread-safe; the central allocator calls them under its lock.
 */
interface FreeListStrategy {
    /** Makes a new, entirely free region available: its top-level block joins the free lists. */
    void addRegion(Region region);

    /** Withdraws an entirely free region from the free lists before it is released. */
    void removeRegion(Region region);

    /** Takes a block of {@code order}, marked with {@code state}; returns its handle or {@code NIL}. */
    long take(int order, int state);

    /** Returns a block to the free lists, coalescing buddies; returns the order of the resulting free block. */
    int give(Region region, int unit, int order);

    /** Returns the number of free blocks of {@code order} in the free lists. */
    long freeBlocks(int order);

    /** Returns the bytes of free-list heads kept outside the regions. */
    long metadataBytes();
}
