package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.mpjbuf.buddy.PoolRegion;

/**
 * Where a pooled buffer's memory goes back on {@link RawBuffer#free()} and where its
 * registration is looked up; wrapped buffers have no owner.
 *
 * <p>Implementations must be thread-safe: a buffer may be freed by another thread than the one
 * that allocated it.
 */
interface BlockOwner {
    /** Returns a block allocated as a ByteBuffer. */
    void release(ByteBuffer block);

    /** Returns a block allocated as a segment. */
    void release(MemorySegment block);

    /** The pool region holding {@code block}. */
    PoolRegion regionOf(MemorySegment block);
}
