package org.mpjbuf.buddy;

import java.lang.foreign.MemorySegment;

/**
 * One region of memory owned by a {@link BufferPool}: every block the pool hands out lies inside exactly
 * one region. A region can carry an attachment, for example the registration key a network device obtained
 * when it registered the region's memory in {@link RegionListener#regionCreated(PoolRegion)}.
 *
 * <p>Thread safety: all methods may be called from any thread; {@link #attach(Object)} publishes the
 * attachment to every thread that later calls {@link #attachment()}.
 */
public interface PoolRegion {
    /**
     * Returns the identifier of this region, unique among the live regions of its pool (identifiers of
     * released regions may be reused).
     *
     * @return the region identifier, {@code >= 0}.
     */
    int id();

    /**
     * Returns the medium of the region's memory.
     *
     * @return the medium.
     */
    Medium medium();

    /**
     * Returns the size of the region in bytes.
     *
     * @return the region's byte size.
     */
    long byteSize();

    /**
     * Returns a segment spanning the whole region (a heap segment for {@link Medium#HEAP}). The segment is
     * valid until the region is released; the caller must not write into blocks it does not own.
     *
     * @return the region's memory.
     */
    MemorySegment segment();

    /**
     * Returns whether this region was created for a single request larger than the pool's region size.
     *
     * @return {@code true} for a region holding one oversized block.
     */
    boolean dedicated();

    /**
     * Returns the object attached to this region, or {@code null} if none.
     *
     * @return the attachment.
     */
    Object attachment();

    /**
     * Attaches an object to this region, replacing any previous attachment.
     *
     * @param attachment the object to attach, may be {@code null}.
     */
    void attach(Object attachment);
}
