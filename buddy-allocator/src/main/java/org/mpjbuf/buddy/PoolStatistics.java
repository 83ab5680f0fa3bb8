package org.mpjbuf.buddy;

import java.util.Arrays;
import java.util.Objects;

/**
 * A snapshot of a {@link BufferPool}'s memory accounting. Blocks held in per-thread caches count as free
 * (they are reported separately by {@link #cachedBytes()}), so {@code reservedBytes() == inUseBytes() +
 * freeBytes()} always holds. Taken under the pool's lock; while other threads allocate and free concurrently,
 * the split between in-use and cached bytes is approximate, and exact once they have quiesced.
 *
 * <p>Thread safety: immutable.
 */
public final class PoolStatistics {
    private final long reservedBytes;
    private final long inUseBytes;
    private final long cachedBytes;
    private final long peakInUseBytes;
    private final int regionCount;
    private final long metadataBytes;
    private final int minimumBlockSize;
    private final long[] freeBlocks;

    PoolStatistics(final long reservedBytes, final long inUseBytes, final long cachedBytes, final long peakInUseBytes,
        final int regionCount, final long metadataBytes, final int minimumBlockSize, final long[] freeBlocks) {
        this.reservedBytes = reservedBytes;
        this.inUseBytes = inUseBytes;
        this.cachedBytes = cachedBytes;
        this.peakInUseBytes = peakInUseBytes;
        this.regionCount = regionCount;
        this.metadataBytes = metadataBytes;
        this.minimumBlockSize = minimumBlockSize;
        this.freeBlocks = freeBlocks.clone();
    }

    /**
     * Returns the bytes of all live regions.
     *
     * @return reserved bytes.
     */
    public long reservedBytes() {
        return reservedBytes;
    }

    /**
     * Returns the bytes of blocks handed out and not yet freed (block sizes, not requested sizes).
     *
     * @return bytes in use.
     */
    public long inUseBytes() {
        return inUseBytes;
    }

    /**
     * Returns the bytes of freed blocks held in per-thread caches, ready for reuse by those threads.
     *
     * @return cached bytes, included in {@link #freeBytes()}.
     */
    public long cachedBytes() {
        return cachedBytes;
    }

    /**
     * Returns the bytes not in use: blocks in the free lists plus blocks in thread caches.
     *
     * @return {@code reservedBytes() - inUseBytes()}.
     */
    public long freeBytes() {
        return reservedBytes - inUseBytes;
    }

    /**
     * Returns the highest number of bytes that were out of the free lists at once (in use plus thread-cached);
     * equal to the peak of {@link #inUseBytes()} when thread caches are disabled, an upper bound otherwise.
     *
     * @return the peak in bytes.
     */
    public long peakInUseBytes() {
        return peakInUseBytes;
    }

    /**
     * Returns the number of live regions, including dedicated ones.
     *
     * @return the region count.
     */
    public int regionCount() {
        return regionCount;
    }

    /**
     * Returns the bytes of block metadata the pool keeps outside its blocks (block maps and list heads).
     *
     * @return metadata bytes.
     */
    public long metadataBytes() {
        return metadataBytes;
    }

    /**
     * Returns the number of block orders: order {@code k} holds blocks of {@code minimumBlockSize << k} bytes.
     *
     * @return the order count.
     */
    public int orderCount() {
        return freeBlocks.length;
    }

    /**
     * Returns the block size of an order.
     *
     * @param order the order, {@code 0 <= order < orderCount()}.
     * @return {@code minimumBlockSize << order}.
     * @throws IndexOutOfBoundsException if {@code order} is out of range.
     */
    public long blockSize(final int order) {
        return (long) minimumBlockSize << Objects.checkIndex(order, freeBlocks.length);
    }

    /**
     * Returns the number of free blocks of an order in the free lists (thread-cached blocks excluded).
     *
     * @param order the order, {@code 0 <= order < orderCount()}.
     * @return the free block count.
     * @throws IndexOutOfBoundsException if {@code order} is out of range.
     */
    public long freeBlocks(final int order) {
        return freeBlocks[order];
    }

    /**
     * Returns the bytes of free blocks in the free lists (thread-cached blocks excluded).
     *
     * @return listed free bytes.
     */
    public long listedFreeBytes() {
        long bytes = 0;
        for (int order = 0; order < freeBlocks.length; order++) {
            bytes += freeBlocks[order] * ((long) minimumBlockSize << order);
        }
        return bytes;
    }

    /**
     * Returns the size of the largest free block in the free lists, 0 if there is none.
     *
     * @return the largest free block size.
     */
    public long largestFreeBlockBytes() {
        for (int order = freeBlocks.length - 1; order >= 0; order--) {
            if (freeBlocks[order] > 0) {
                return (long) minimumBlockSize << order;
            }
        }
        return 0;
    }

    /**
     * Returns the external fragmentation of the free lists: {@code 1 - largest free block / listed free bytes},
     * 0 when all free memory is one block (or there is none), approaching 1 when it is scattered.
     *
     * @return the fragmentation in {@code [0, 1)}.
     */
    public double fragmentation() {
        final long listed = listedFreeBytes();
        return listed == 0 ? 0.0 : 1.0 - (double) largestFreeBlockBytes() / listed;
    }

    @Override
    public String toString() {
        return "PoolStatistics{reserved=" + reservedBytes + ", inUse=" + inUseBytes + ", cached=" + cachedBytes
            + ", peakInUse=" + peakInUseBytes + ", regions=" + regionCount + ", metadata=" + metadataBytes
            + ", freeBlocks=" + Arrays.toString(freeBlocks) + ", fragmentation=" + fragmentation() + '}';
    }
}
