package org.mpjbuf.buddy;

import java.util.Objects;

/**
 * Configures and builds a {@link BufferPool}. Unset options take their defaults from
 * {@link BuddyConfiguration}.
 *
 * <p>Thread safety: not thread-safe; use one builder from one thread.
 */
public final class BufferPoolBuilder {
    /** Smallest minimum block: a free block must hold its two free-list links. */
    public static final int SMALLEST_MINIMUM_BLOCK_SIZE = BlockMapDescriptor.LINKS_LENGTH;
    /** Largest region size: 1 GiB. */
    public static final int LARGEST_REGION_SIZE = 1 << 30;

    Medium medium = BuddyConfiguration.MEDIUM;
    int regionSize = BuddyConfiguration.REGION_SIZE;
    int minimumBlockSize = BuddyConfiguration.MINIMUM_BLOCK_SIZE;
    long maximumReservedBytes = BuddyConfiguration.MAXIMUM_RESERVED_BYTES;
    AllocationStrategy strategy = BuddyConfiguration.STRATEGY;
    int emptyRegionsKept = BuddyConfiguration.EMPTY_REGIONS_KEPT;
    int oversizedRegionsKept = BuddyConfiguration.OVERSIZED_REGIONS_KEPT;
    boolean leakTracking = BuddyConfiguration.LEAK_TRACKING;
    RegionListener regionListener;
    int threadCacheBlocks = BuddyConfiguration.THREAD_CACHE_BLOCKS;
    int threadCacheBytes = BuddyConfiguration.THREAD_CACHE_BYTES;

    BufferPoolBuilder() {
    }

    /**
     * Sets the medium of the pool's regions.
     *
     * @param medium heap, direct or native memory.
     * @return this builder.
     * @throws NullPointerException if {@code medium} is {@code null}.
     */
    public BufferPoolBuilder medium(final Medium medium) {
        this.medium = Objects.requireNonNull(medium, "medium");
        return this;
    }

    /**
     * Sets the region size: the largest block of a shared region; larger requests get a dedicated region.
     *
     * @param regionSize a power of two between the minimum block size and {@link #LARGEST_REGION_SIZE}.
     * @return this builder.
     * @throws IllegalArgumentException if {@code regionSize} is not a power of two or is out of range.
     */
    public BufferPoolBuilder regionSize(final int regionSize) {
        if (regionSize <= 0 || Integer.bitCount(regionSize) != 1 || regionSize > LARGEST_REGION_SIZE) {
            throw new IllegalArgumentException("regionSize must be a power of two of at most " + LARGEST_REGION_SIZE
                + " bytes, got " + regionSize);
        }
        this.regionSize = regionSize;
        return this;
    }

    /**
     * Sets the minimum block size: the smallest block handed out and the unit of the block map.
     *
     * @param minimumBlockSize a power of two, at least {@link #SMALLEST_MINIMUM_BLOCK_SIZE}.
     * @return this builder.
     * @throws IllegalArgumentException if {@code minimumBlockSize} is not a power of two or is too small.
     */
    public BufferPoolBuilder minimumBlockSize(final int minimumBlockSize) {
        if (minimumBlockSize < SMALLEST_MINIMUM_BLOCK_SIZE || Integer.bitCount(minimumBlockSize) != 1) {
            throw new IllegalArgumentException("minimumBlockSize must be a power of two of at least "
                + SMALLEST_MINIMUM_BLOCK_SIZE + " bytes, got " + minimumBlockSize);
        }
        this.minimumBlockSize = minimumBlockSize;
        return this;
    }

    /**
     * Sets the most bytes the pool may reserve in regions; a request that would need more raises
     * {@link PoolExhaustedException}.
     *
     * @param maximumReservedBytes a positive byte count.
     * @return this builder.
     * @throws IllegalArgumentException if {@code maximumReservedBytes} is not positive.
     */
    public BufferPoolBuilder maximumReservedBytes(final long maximumReservedBytes) {
        if (maximumReservedBytes <= 0) {
            throw new IllegalArgumentException("maximumReservedBytes must be positive, got " + maximumReservedBytes);
        }
        this.maximumReservedBytes = maximumReservedBytes;
        return this;
    }

    /**
     * Sets how free lists are organised across regions.
     *
     * @param strategy shared free lists (Buddy1) or per-region free lists (Buddy2).
     * @return this builder.
     * @throws NullPointerException if {@code strategy} is {@code null}.
     */
    public BufferPoolBuilder strategy(final AllocationStrategy strategy) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        return this;
    }

    /**
     * Sets how many entirely free regions the pool keeps instead of releasing them; keeping one avoids
     * creating and destroying a region on every cycle of a single large buffer.
     *
     * @param emptyRegionsKept a count, at least 0.
     * @return this builder.
     * @throws IllegalArgumentException if {@code emptyRegionsKept} is negative.
     */
    public BufferPoolBuilder emptyRegionsKept(final int emptyRegionsKept) {
        if (emptyRegionsKept < 0) {
            throw new IllegalArgumentException("emptyRegionsKept must be at least 0, got " + emptyRegionsKept);
        }
        this.emptyRegionsKept = emptyRegionsKept;
        return this;
    }

    /**
     * Sets how many freed dedicated regions (those of single blocks larger than the region size) the pool
     * keeps for later oversized requests instead of releasing them. A kept region serves a request of
     * more than half its size and at most its size; keeping two serves a rank that sends and receives one large
     * message at a time without making and unmaking their memory on every message.
     *
     * @param oversizedRegionsKept a count, at least 0.
     * @return this builder.
     * @throws IllegalArgumentException if {@code oversizedRegionsKept} is negative.
     */
    public BufferPoolBuilder oversizedRegionsKept(final int oversizedRegionsKept) {
        if (oversizedRegionsKept < 0) {
            throw new IllegalArgumentException("oversizedRegionsKept must be at least 0, got " + oversizedRegionsKept);
        }
        this.oversizedRegionsKept = oversizedRegionsKept;
        return this;
    }

    /**
     * Turns leak tracking on or off: when on, every allocation records its stack and
     * {@link BufferPool#leaks()} reports blocks never freed. Costly; off by default.
     *
     * @param leakTracking whether to track leaks.
     * @return this builder.
     */
    public BufferPoolBuilder leakTracking(final boolean leakTracking) {
        this.leakTracking = leakTracking;
        return this;
    }

    /**
     * Sets the listener told about region creation and release, for example to register regions with a
     * network adapter.
     *
     * @param regionListener the listener, or {@code null} for none.
     * @return this builder.
     */
    public BufferPoolBuilder regionListener(final RegionListener regionListener) {
        this.regionListener = regionListener;
        return this;
    }

    /**
     * Sets the depth of the per-thread caches of freed blocks: at most this many blocks of one size per
     * thread, and no more than the {@linkplain #threadCacheBytes(int) byte budget} allows (but at least one).
     *
     * @param threadCacheBlocks a count, 0 to disable thread caches.
     * @return this builder.
     * @throws IllegalArgumentException if {@code threadCacheBlocks} is negative.
     */
    public BufferPoolBuilder threadCacheBlocks(final int threadCacheBlocks) {
        if (threadCacheBlocks < 0) {
            throw new IllegalArgumentException("threadCacheBlocks must be at least 0, got " + threadCacheBlocks);
        }
        this.threadCacheBlocks = threadCacheBlocks;
        return this;
    }

    /**
     * Sets the byte budget of one block size in a thread cache.
     *
     * @param threadCacheBytes a positive byte count.
     * @return this builder.
     * @throws IllegalArgumentException if {@code threadCacheBytes} is not positive.
     */
    public BufferPoolBuilder threadCacheBytes(final int threadCacheBytes) {
        if (threadCacheBytes <= 0) {
            throw new IllegalArgumentException("threadCacheBytes must be positive, got " + threadCacheBytes);
        }
        this.threadCacheBytes = threadCacheBytes;
        return this;
    }

    /**
     * Builds the pool. No memory is reserved until the first allocation.
     *
     * @return a new pool.
     * @throws IllegalArgumentException if the region size is smaller than the minimum block size, or the
     *     minimum block size or region size taken from the configuration is invalid.
     */
    public BufferPool build() {
        regionSize(regionSize);
        minimumBlockSize(minimumBlockSize);
        if (regionSize < minimumBlockSize) {
            throw new IllegalArgumentException("regionSize (" + regionSize + ") must be at least minimumBlockSize ("
                + minimumBlockSize + ")");
        }
        return new BufferPool(this);
    }
}
