package org.mpjbuf.buddy;

/**
 * Hook called when a {@link BufferPool} creates or releases a region, so that its memory can be registered
 * with (and deregistered from) a device, for example an RDMA adapter.
 *
 * <p>Thread safety: the pool calls the listener while holding its internal lock, from whichever thread
 * caused the region to be created or released; a listener must not call back into the pool and should be
 * quick. An exception thrown by {@link #regionCreated(PoolRegion)} aborts the allocation that needed the
 * region (the region is released again and the exception propagates to the caller).
 */
public interface RegionListener {
    /**
     * Called after a region has been created and before any block of it is handed out.
     *
     * @param region the new region.
     */
    void regionCreated(PoolRegion region);

    /**
     * Called before a region's memory is released (all of its blocks are free, or the pool is closing).
     *
     * @param region the region about to be released.
     */
    void regionReleasing(PoolRegion region);
}
