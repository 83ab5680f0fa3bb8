package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.CACHED;
import static org.mpjbuf.buddy.BlockMapDescriptor.IN_USE;
import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;
import static org.mpjbuf.buddy.BlockMapDescriptor.NOT_A_HEAD;
import static org.mpjbuf.buddy.BlockMapDescriptor.entry;
import static org.mpjbuf.buddy.BlockMapDescriptor.handle;
import static org.mpjbuf.buddy.BlockMapDescriptor.order;
import static org.mpjbuf.buddy.BlockMapDescriptor.regionId;
import static org.mpjbuf.buddy.BlockMapDescriptor.state;
import static org.mpjbuf.buddy.BlockMapDescriptor.unit;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Objects;

/**
 * A pool of memory blocks managed by the binary buddy system (Knuth, TAOCP vol. 1, 2.5) over regions of
 * heap, direct or native memory. Blocks are powers of two from the minimum block size to the region size,
 * aligned to their size within their region (native regions are page aligned, so a block is aligned to
 * {@code min(block size, 4096)} in absolute terms); a request larger than a region gets a dedicated region.
 * Block metadata lives in a map outside the blocks, so a request of exactly {@code 2^k} bytes takes a
 * {@code 2^k}-byte block.
 *
 * <pre>{@code
 * try (BufferPool pool = BufferPool.builder().medium(Medium.DIRECT).build()) {
 *     ByteBuffer buffer = pool.allocate(4096);   // position 0, limit 4096
 *     channel.read(buffer);
 *     pool.free(buffer);
 * }
 * }</pre>
 *
 * <p>Thread safety: all methods may be called from any thread concurrently, except {@link #close()}, which
 * must not race with other calls. A buffer allocated by one thread may be freed by another; its contents are
 * published by whatever hands the buffer over, not by the pool. Each thread keeps a small cache of the blocks
 * it freed (see {@link BufferPoolBuilder#threadCacheBlocks(int)}), so that steady allocate/free cycles touch
 * no shared state.
 *
 * <p>Ownership: a buffer or segment returned by {@code allocate} belongs to the caller until it passes it
 * (or any view sharing its start) to {@code free}; after that it must not be used. Native memory of released
 * regions is returned to the platform, and stale views then fail with {@link IllegalStateException} on access.
 */
public final class BufferPool implements AutoCloseable {
    private static final long LARGEST_HEAP_REGION = Integer.MAX_VALUE - 8;

    private final Medium medium;
    private final int regionSize;
    private final int minimumBlockSize;
    private final int unitShift;
    private final long maximumReservedBytes;
    private final AllocationStrategy strategy;
    private final CentralAllocator central;
    private final RegionTable table;
    private final RegionDirectory directory;
    private final ThreadLocal<ThreadCache> caches;
    private final LeakTracker leakTracker;
    private volatile boolean closed;

    BufferPool(final BufferPoolBuilder builder) {
        medium = builder.medium;
        regionSize = builder.regionSize;
        minimumBlockSize = builder.minimumBlockSize;
        unitShift = Integer.numberOfTrailingZeros(minimumBlockSize);
        maximumReservedBytes = builder.maximumReservedBytes;
        strategy = builder.strategy;
        central = new CentralAllocator(medium, regionSize, minimumBlockSize, maximumReservedBytes, strategy,
            builder.emptyRegionsKept, builder.oversizedRegionsKept, builder.regionListener);
        table = central.table;
        directory = central.directory;
        final int orderCount = Integer.numberOfTrailingZeros(regionSize) - unitShift + 1;
        final int cacheBlocks = builder.threadCacheBlocks;
        final int cacheBytes = builder.threadCacheBytes;
        caches = cacheBlocks == 0 ? null : ThreadLocal.withInitial(() -> {
            final ThreadCache cache = new ThreadCache(central, minimumBlockSize, orderCount, cacheBlocks, cacheBytes);
            central.register(cache);
            return cache;
        });
        leakTracker = builder.leakTracking ? new LeakTracker() : null;
    }

    /**
     * Returns a builder with every option at its {@linkplain BuddyConfiguration configured default}.
     *
     * @return a new builder.
     */
    public static BufferPoolBuilder builder() {
        return new BufferPoolBuilder();
    }

    /**
     * Returns the medium of this pool's regions.
     *
     * @return the medium.
     */
    public Medium medium() {
        return medium;
    }

    /**
     * Returns the region size: the largest block of a shared region.
     *
     * @return the region size in bytes.
     */
    public int regionSize() {
        return regionSize;
    }

    /**
     * Returns the minimum block size.
     *
     * @return the minimum block size in bytes.
     */
    public int minimumBlockSize() {
        return minimumBlockSize;
    }

    /**
     * Returns the strategy of this pool's free lists.
     *
     * @return the strategy.
     */
    public AllocationStrategy strategy() {
        return strategy;
    }

    /**
     * Allocates a buffer of exactly {@code size} bytes (position 0, limit and capacity {@code size}, big-endian)
     * over a block of the smallest fitting size. Heap pools return heap buffers whose {@code arrayOffset()} is
     * the block's offset in the region's array; direct and native pools return direct buffers.
     *
     * @param size the number of bytes, {@code 1 <= size <= maximumReservedBytes}.
     * @return a buffer owned by the caller until passed to {@link #free(ByteBuffer)}.
     * @throws IllegalArgumentException if {@code size} is zero or negative, or larger than the pool's maximum
     *     reserved bytes.
     * @throws PoolExhaustedException if serving the request would reserve more than the configured maximum, or
     *     the platform refuses memory for a new region.
     * @throws IllegalStateException if the pool is closed.
     */
    public ByteBuffer allocate(final int size) {
        checkOpen();
        if (size <= 0 || size > regionSize) {
            return allocateDedicated(size, "size").byteBuffer(0, size);
        }
        final int order = orderOf(size);
        final long handle = acquire(order, size);
        final ByteBuffer buffer = table.get(regionId(handle)).byteBuffer(unit(handle), size);
        if (leakTracker != null) {
            leakTracker.allocated(handle, size);
        }
        return buffer;
    }

    /**
     * Allocates a segment of exactly {@code byteSize} bytes over a block of the smallest fitting size, aligned
     * to its block size within its region; a heap segment for {@link Medium#HEAP}, a native segment otherwise.
     *
     * @param byteSize the number of bytes, {@code 1 <= byteSize <= maximumReservedBytes} (and at most
     *     {@code Integer.MAX_VALUE - 8} for heap pools).
     * @return a segment owned by the caller until passed to {@link #free(MemorySegment)}.
     * @throws IllegalArgumentException if {@code byteSize} is zero or negative, or too large.
     * @throws PoolExhaustedException if serving the request would reserve more than the configured maximum, or
     *     the platform refuses memory for a new region.
     * @throws IllegalStateException if the pool is closed.
     */
    public MemorySegment allocateSegment(final long byteSize) {
        checkOpen();
        if (byteSize <= 0 || byteSize > regionSize) {
            return allocateDedicated(byteSize, "byteSize").slice(0, byteSize);
        }
        final int order = orderOf((int) byteSize);
        final long handle = acquire(order, byteSize);
        final MemorySegment segment = table.get(regionId(handle)).slice(unit(handle), byteSize);
        if (leakTracker != null) {
            leakTracker.allocated(handle, byteSize);
        }
        return segment;
    }

    /**
     * Frees a buffer returned by {@link #allocate(int)}, or any view of it that starts where it starts (a
     * duplicate, a slice at index 0, a read-only view of a direct buffer); position and limit do not matter. The
     * block is found from the buffer alone: its address for direct buffers, its backing array and array offset
     * for heap buffers (so a read-only heap view, which hides its array, cannot be freed).
     *
     * @param buffer the buffer to free; unusable afterwards.
     * @throws NullPointerException if {@code buffer} is {@code null}.
     * @throws IllegalArgumentException if the buffer does not come from this pool, or does not start at a
     *     block of it.
     * @throws IllegalStateException if the block is already free (double free), or the pool is closed.
     */
    public void free(final ByteBuffer buffer) {
        Objects.requireNonNull(buffer, "buffer");
        checkOpen();
        final Region region;
        final long offset;
        if (buffer.isDirect()) {
            final long address = MemorySegment.ofBuffer(buffer).address() - buffer.position();
            region = medium == Medium.HEAP ? null : directory.findByAddress(address);
            if (region == null) {
                throw foreign("direct buffer at address 0x" + Long.toHexString(address));
            }
            offset = address - region.address();
        } else {
            region = buffer.hasArray() ? directory.findByArray(buffer.array()) : null;
            if (region == null) {
                throw foreign(buffer.isReadOnly() ? "read-only heap buffer" : "heap buffer over a foreign array");
            }
            offset = buffer.arrayOffset();
        }
        release(region, offset, buffer.capacity());
    }

    /**
     * Frees a segment returned by {@link #allocateSegment(long)}, or any segment that starts where it starts.
     *
     * @param segment the segment to free; unusable afterwards.
     * @throws NullPointerException if {@code segment} is {@code null}.
     * @throws IllegalArgumentException if the segment does not come from this pool, or does not start at a
     *     block of it.
     * @throws IllegalStateException if the block is already free (double free), or the pool is closed.
     */
    public void free(final MemorySegment segment) {
        Objects.requireNonNull(segment, "segment");
        checkOpen();
        final Region region = find(segment);
        final long offset = segment.isNative() ? segment.address() - region.address() : segment.address();
        release(region, offset, segment.byteSize());
    }

    /**
     * Returns the region holding a segment's memory, for example to read the registration key a
     * {@link RegionListener} attached to it.
     *
     * @param segment a segment allocated from this pool, or a slice of one.
     * @return the region.
     * @throws NullPointerException if {@code segment} is {@code null}.
     * @throws IllegalArgumentException if the memory does not belong to a live region of this pool.
     * @throws IllegalStateException if the pool is closed.
     */
    public PoolRegion regionOf(final MemorySegment segment) {
        Objects.requireNonNull(segment, "segment");
        checkOpen();
        return find(segment);
    }

    /**
     * Returns the region holding the first byte of a segment, or {@code null} when that byte lies in no live
     * region of this pool. Unlike {@link #regionOf(MemorySegment)} it neither throws nor allocates for foreign
     * memory, so a caller on a per-message path can try the pool first and fall back to something else (an
     * RDMA device's registration cache, for example). Only the first byte is looked up: whether the rest of
     * the segment lies in the region too is for the caller to check against {@link PoolRegion#segment()}.
     *
     * @param segment any segment, native or heap.
     * @return the region, or {@code null}.
     * @throws NullPointerException if {@code segment} is {@code null}.
     * @throws IllegalStateException if the pool is closed.
     */
    public PoolRegion findRegion(final MemorySegment segment) {
        Objects.requireNonNull(segment, "segment");
        checkOpen();
        return lookup(segment);
    }

    /**
     * Returns the region holding a buffer's memory.
     *
     * @param buffer a buffer allocated from this pool, or a view of one.
     * @return the region.
     * @throws NullPointerException if {@code buffer} is {@code null}.
     * @throws IllegalArgumentException if the memory does not belong to a live region of this pool.
     * @throws IllegalStateException if the pool is closed.
     */
    public PoolRegion regionOf(final ByteBuffer buffer) {
        Objects.requireNonNull(buffer, "buffer");
        checkOpen();
        final Region region;
        if (buffer.isDirect()) {
            region = medium == Medium.HEAP ? null : directory.findByAddress(MemorySegment.ofBuffer(buffer).address());
        } else {
            region = buffer.hasArray() ? directory.findByArray(buffer.array()) : null;
        }
        if (region == null) {
            throw foreign("buffer");
        }
        return region;
    }

    /**
     * Returns the calling thread's cached blocks to the shared free lists, together with the caches of threads
     * that have terminated. Useful before a thread goes idle for long, and before checking that freeing
     * everything returned every region to one free block.
     *
     * @throws IllegalStateException if the pool is closed.
     */
    public void trimThreadCache() {
        checkOpen();
        if (caches != null) {
            caches.get().trim();
        }
        central.reclaimCaches(null);
    }

    /**
     * Returns the pool's accounting: reserved, in use, cached, peak, free blocks per size, fragmentation.
     *
     * @return a snapshot of the statistics.
     * @throws IllegalStateException if the pool is closed.
     */
    public PoolStatistics statistics() {
        checkOpen();
        return central.statistics(minimumBlockSize);
    }

    /**
     * Returns the block layout of every region, read from the block maps: a costly diagnostic view for tests
     * and tools, exact when no other thread uses the pool meanwhile.
     *
     * @return the layout.
     * @throws IllegalStateException if the pool is closed.
     */
    public PoolSnapshot snapshot() {
        checkOpen();
        return central.snapshot();
    }

    /**
     * Returns the blocks allocated and not yet freed, with the stack of each allocation, when leak tracking is
     * on ({@link BufferPoolBuilder#leakTracking(boolean)}); an empty list when it is off.
     *
     * @return the live blocks, ordered by region and offset.
     */
    public List<LeakedBlock> leaks() {
        return leakTracker == null ? List.of() : leakTracker.leaks(table);
    }

    /**
     * Releases every region of the pool (native memory is returned to the platform at once) after telling the
     * region listener. With leak tracking on, blocks never freed are reported through the
     * {@code System.Logger} named {@code org.mpjbuf.buddy.BufferPool} at level WARNING. Closing twice has no
     * further effect; every other method then throws {@link IllegalStateException}.
     *
     * @throws RuntimeException the first exception thrown by the region listener, after every region has been
     *     released regardless.
     */
    @Override
    public void close() {
        final List<LeakedBlock> leaks = leaks();
        closed = true;
        if (central.close() && !leaks.isEmpty()) {
            final System.Logger logger = System.getLogger(BufferPool.class.getName());
            for (final LeakedBlock leak : leaks) {
                logger.log(System.Logger.Level.WARNING, "buffer pool closed with a leaked block: {0}", leak);
            }
        }
    }

    @Override
    public String toString() {
        return "BufferPool{" + medium + ", " + strategy + ", regionSize=" + regionSize + ", minimumBlockSize="
            + minimumBlockSize + ", maximumReservedBytes=" + maximumReservedBytes + '}';
    }

    private int orderOf(final int size) {
        return size <= minimumBlockSize ? 0 : 32 - Integer.numberOfLeadingZeros(size - 1) - unitShift;
    }

    private long acquire(final int order, final long size) {
        final ThreadCache cache = caches != null ? caches.get() : null;
        if (cache != null) {
            if (cache.trimRequested) {
                cache.trim();
            }
            long handle = cache.pop(order);
            if (handle == NIL) {
                handle = cache.refill(order);
                if (handle == NIL) {
                    handle = acquireAfterReclaim(order, size, cache);
                }
            }
            table.get(regionId(handle)).setEntryRelease(unit(handle), entry(IN_USE, order));
            return handle;
        }
        final long handle = central.take(order);
        return handle != NIL ? handle : acquireAfterReclaim(order, size, null);
    }

    private long acquireAfterReclaim(final int order, final long size, final ThreadCache cache) {
        if (cache != null) {
            cache.trim();
        }
        central.reclaimCaches(cache);
        final long handle = central.take(order);
        if (handle == NIL) {
            throw new PoolExhaustedException(central.exhaustionMessage(size), null);
        }
        return handle;
    }

    private Region allocateDedicated(final long byteSize, final String name) {
        if (byteSize <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + byteSize);
        }
        if (byteSize > maximumReservedBytes) {
            throw new IllegalArgumentException(name + " " + byteSize + " exceeds the pool's maximum reserved bytes ("
                + maximumReservedBytes + ")");
        }
        if (medium == Medium.HEAP && byteSize > LARGEST_HEAP_REGION) {
            throw new IllegalArgumentException(name + " " + byteSize + " exceeds the largest heap block ("
                + LARGEST_HEAP_REGION + " bytes)");
        }
        final long rounded = (byteSize + minimumBlockSize - 1) & -minimumBlockSize;
        Region region = central.takeDedicated(rounded, byteSize);
        if (region == null) {
            if (caches != null) {
                caches.get().trim();
            }
            central.reclaimCaches(null);
            region = central.takeDedicated(rounded, byteSize);
            if (region == null) {
                throw new PoolExhaustedException(central.exhaustionMessage(byteSize), null);
            }
        }
        if (leakTracker != null) {
            leakTracker.allocated(handle(region.id(), 0), byteSize);
        }
        return region;
    }

    private Region find(final MemorySegment segment) {
        final Region region = lookup(segment);
        if (region == null) {
            throw foreign((segment.isNative() ? "native" : "heap") + " segment of " + segment.byteSize() + " bytes");
        }
        return region;
    }

    private Region lookup(final MemorySegment segment) {
        if (segment.isNative()) {
            return medium == Medium.HEAP ? null : directory.findByAddress(segment.address());
        }
        return segment.heapBase().map(directory::findByArray).orElse(null);
    }

    private void release(final Region region, final long offset, final long length) {
        if (offset < 0 || offset >= region.byteSize() || (offset & (minimumBlockSize - 1)) != 0
            || region.dedicated() && offset != 0) {
            throw notABlock(region, offset);
        }
        final int unit = (int) (offset >>> unitShift);
        final int entry = region.entryVolatile(unit);
        if (state(entry) != IN_USE || length > region.blockSize(order(entry))
            || !region.compareAndSetEntry(unit, entry, entry(CACHED, order(entry)))) {
            throw badFree(region, unit, length);
        }
        final long handle = handle(region.id(), unit);
        if (leakTracker != null) {
            leakTracker.freed(handle);
        }
        if (region.dedicated()) {
            central.giveDedicated(region);
        } else if (caches != null) {
            caches.get().push(handle, order(entry));
        } else {
            central.give(handle, order(entry));
        }
    }

    private RuntimeException badFree(final Region region, final int unit, final long length) {
        final int entry = region.entryVolatile(unit);
        final long offset = region.offsetOf(unit);
        if (state(entry) == IN_USE) {
            return new IllegalArgumentException("cannot free " + length + " bytes at offset " + offset + " of " + region
                + ": the block there is only " + region.blockSize(order(entry)) + " bytes");
        }
        if (entry != NOT_A_HEAD) {
            return new IllegalStateException("double free: the block at offset " + offset + " of " + region
                + " is already " + BlockMapDescriptor.stateName(state(entry)));
        }
        for (int order = 1; order <= region.topOrder(); order++) {
            final int head = unit & -(1 << order);
            final int containing = region.entryVolatile(head);
            if (containing != NOT_A_HEAD) {
                final long size = region.blockSize(order(containing));
                if (state(containing) == IN_USE) {
                    return notABlock(region, offset);
                }
                return new IllegalStateException("double free: offset " + offset + " of " + region
                    + " lies in the block of " + size + " bytes at offset " + region.offsetOf(head)
                    + ", which is already " + BlockMapDescriptor.stateName(state(containing)));
            }
        }
        return notABlock(region, offset);
    }

    private static IllegalArgumentException notABlock(final Region region, final long offset) {
        return new IllegalArgumentException("not the start of a block: offset " + offset + " of " + region
            + " lies inside a block in use (was the buffer sliced?)");
    }

    private static IllegalArgumentException foreign(final String what) {
        return new IllegalArgumentException("not allocated by this pool: the " + what
            + " lies in none of its live regions (foreign memory, or freed after its region was released)");
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the pool is closed");
        }
    }
}
