package org.mpjbuf.raw;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolRegion;

/**
 * Hands out {@link RawBuffer}s over blocks of a {@link BufferPool}, of whichever medium the pool
 * has: {@link NIOBuffer}s over heap or direct ByteBuffers for {@link Medium#HEAP} and
 * {@link Medium#DIRECT}, {@link NativeBuffer}s over native segments for {@link Medium#NATIVE}.
 *
 * <pre>{@code
 * try (BufferPool pool = BufferPool.builder().medium(Medium.NATIVE).build()) {
 *     RawBufferPool buffers = new RawBufferPool(pool);
 *     RawBuffer buffer = buffers.allocate(4096);
 *     buffer.putInts(0, values, 0, values.length);
 *     channel.write(buffer.byteBuffer().limit(values.length * Integer.BYTES));
 *     buffer.free();                        // the block goes back to the pool
 * }
 * }</pre>
 *
 * <p>A buffer is exactly as large as asked, over the smallest fitting block, and owns that block
 * until {@link RawBuffer#free()} returns it; a buffer may be freed by another thread than the one
 * that allocated it. Its {@link RawBuffer#registrationKey()} is the attachment of the pool region
 * holding it, so memory registered by a {@link org.mpjbuf.buddy.RegionListener} (an RDMA device
 * registering each region as it is created) is seen as registered by every buffer in it.
 *
 * <p>This object does not own the pool: closing the pool is the caller's business, and buffers
 * must be freed before it. Thread safety: as thread-safe as {@link BufferPool}; any thread may
 * allocate, and the buffers themselves are not thread-safe.
 */
public final class RawBufferPool {
    private final BufferPool pool;
    private final boolean segments;
    private final BlockOwner owner;

    /**
     * Serves buffers from {@code pool}.
     *
     * @param pool the pool whose blocks back the buffers
     * @throws NullPointerException if {@code pool} is null
     */
    public RawBufferPool(final BufferPool pool) {
        this.pool = Objects.requireNonNull(pool, "pool must not be null");
        this.segments = pool.medium() == Medium.NATIVE;
        this.owner = new PoolOwner(pool);
    }

    /**
     * The pool behind the buffers.
     *
     * @return the pool given to the constructor
     */
    public BufferPool pool() {
        return pool;
    }

    /**
     * Allocates a buffer of exactly {@code capacity} bytes in {@link ByteOrder#nativeOrder()}.
     * The contents are whatever the block last held.
     *
     * @param capacity bytes, {@code >= 1}
     * @return a buffer owning its block until freed
     * @throws IllegalArgumentException if {@code capacity} is zero, negative, or above the pool's
     *     maximum
     * @throws org.mpjbuf.buddy.PoolExhaustedException if the pool may not reserve more memory
     * @throws IllegalStateException if the pool is closed
     */
    public RawBuffer allocate(final int capacity) {
        return allocate(capacity, ByteOrder.nativeOrder());
    }

    /**
     * Allocates a buffer of exactly {@code capacity} bytes in the given byte order.
     *
     * @param capacity bytes, {@code >= 1}
     * @param order the buffer's initial byte order
     * @return a buffer owning its block until freed
     * @throws NullPointerException if {@code order} is null
     * @throws IllegalArgumentException if {@code capacity} is zero, negative, or above the pool's
     *     maximum
     * @throws org.mpjbuf.buddy.PoolExhaustedException if the pool may not reserve more memory
     * @throws IllegalStateException if the pool is closed
     */
    public RawBuffer allocate(final int capacity, final ByteOrder order) {
        Objects.requireNonNull(order, "order must not be null");
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be >= 1, got " + capacity);
        }
        if (segments) {
            return new NativeBuffer(pool.allocateSegment(capacity), order, owner);
        }
        return new NIOBuffer(pool.allocate(capacity), order, owner);
    }

    @Override
    public String toString() {
        return "RawBufferPool[" + pool + "]";
    }

    /** Returns blocks to the pool; kept apart so that releasing is not part of the public API. */
    private record PoolOwner(BufferPool pool) implements BlockOwner {
        @Override
        public void release(final ByteBuffer block) {
            pool.free(block);
        }

        @Override
        public void release(final MemorySegment block) {
            pool.free(block);
        }

        @Override
        public PoolRegion regionOf(final MemorySegment block) {
            return pool.regionOf(block);
        }
    }
}
