package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.CACHED;
import static org.mpjbuf.buddy.BlockMapDescriptor.DEDICATED_ORDER;
import static org.mpjbuf.buddy.BlockMapDescriptor.FREE;
import static org.mpjbuf.buddy.BlockMapDescriptor.IN_USE;
import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;
import static org.mpjbuf.buddy.BlockMapDescriptor.NOT_A_HEAD;
import static org.mpjbuf.buddy.BlockMapDescriptor.entry;
import static org.mpjbuf.buddy.BlockMapDescriptor.order;
import static org.mpjbuf.buddy.BlockMapDescriptor.regionId;
import static org.mpjbuf.buddy.BlockMapDescriptor.state;
import static org.mpjbuf.buddy.BlockMapDescriptor.unit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The lock-protected part of a pool behind the thread caches: the regions, the free-list strategy and the
 * accounting. Every method holds the allocator's monitor; the hot paths reach it only when a thread cache
 * misses or overflows.
 */
final class CentralAllocator {
    private final Medium medium;
    private final int regionSize;
    private final int unitShift;
    private final long maximumReservedBytes;
    private final int emptyRegionsKept;
    private final int oversizedRegionsKept;
    private final RegionListener listener;
    private final boolean perRegionLists;
    private final int orderCount;
    final RegionTable table = new RegionTable();
    final RegionDirectory directory = new RegionDirectory();
    private final FreeListStrategy strategy;
    private final List<Region> regions = new ArrayList<>();
    private final List<ThreadCache> caches = new ArrayList<>();
    /** Freed dedicated regions kept for the next oversized request, oldest first; each marked free. */
    private final ArrayDeque<Region> spareDedicated = new ArrayDeque<>();
    private long reservedBytes;
    private long outstandingBytes;
    private long peakOutstandingBytes;
    private boolean closed;

    CentralAllocator(final Medium medium, final int regionSize, final int minimumBlockSize,
        final long maximumReservedBytes, final AllocationStrategy strategy, final int emptyRegionsKept,
        final int oversizedRegionsKept, final RegionListener listener) {
        this.medium = medium;
        this.regionSize = regionSize;
        this.unitShift = Integer.numberOfTrailingZeros(minimumBlockSize);
        this.maximumReservedBytes = maximumReservedBytes;
        this.emptyRegionsKept = emptyRegionsKept;
        this.oversizedRegionsKept = oversizedRegionsKept;
        this.listener = listener;
        this.orderCount = Integer.numberOfTrailingZeros(regionSize) - unitShift + 1;
        this.perRegionLists = strategy == AllocationStrategy.PER_REGION_FREE_LISTS;
        this.strategy = perRegionLists ? new PerRegionFreeListStrategy(table) : new SharedFreeListStrategy(table, orderCount);
    }

    /** Takes one block of {@code order} marked in use; {@code NIL} if the maximum would be exceeded. */
    synchronized long take(final int order) {
        checkOpen();
        long handle = strategy.take(order, IN_USE);
        if (handle == NIL) {
            if (!addRegion()) {
                return NIL;
            }
            handle = strategy.take(order, IN_USE);
        }
        account(blockSize(order));
        return handle;
    }

    /** Takes up to {@code count} blocks of {@code order} marked cached into {@code into[from...]}; returns how many. */
    synchronized int takeBatch(final int order, final long[] into, final int from, final int count) {
        checkOpen();
        int taken = 0;
        while (taken < count) {
            final long handle = strategy.take(order, CACHED);
            if (handle == NIL) {
                if (taken > 0 || !addRegion()) {
                    break;
                }
                continue;
            }
            into[from + taken++] = handle;
        }
        account(taken * blockSize(order));
        return taken;
    }

    /** Returns one claimed block (marked cached) to the free lists. */
    synchronized void give(final long handle, final int order) {
        checkOpen();
        giveLocked(handle, order);
    }

    /** Returns claimed blocks {@code handles[from...from + count)} of {@code order} to the free lists. */
    synchronized void giveBatch(final int order, final long[] handles, final int from, final int count) {
        checkOpen();
        for (int index = from; index < from + count; index++) {
            giveLocked(handles[index], order);
        }
    }

    /**
     * Returns a region for one oversized block of {@code byteSize} bytes (the request rounded up to the minimum
     * block size), marked in use: the smallest kept one of at least that size and less than twice the
     * {@code requested} bytes, so that the block, like every block of the pool, is less than twice its request;
     * else a new one; {@code null} if the maximum would be exceeded even after releasing the kept ones.
     */
    synchronized Region takeDedicated(final long byteSize, final long requested) {
        checkOpen();
        Region region = takeSpareDedicated(byteSize, requested);
        if (region == null) {
            while (byteSize > maximumReservedBytes - reservedBytes && !spareDedicated.isEmpty()) {
                releaseRegion(spareDedicated.removeFirst());
            }
            if (byteSize > maximumReservedBytes - reservedBytes) {
                return null;
            }
            region = createRegion(byteSize, true);
        }
        region.setEntryRelease(0, entry(IN_USE, DEDICATED_ORDER));
        account(region.byteSize());
        return region;
    }

    private Region takeSpareDedicated(final long byteSize, final long requested) {
        Region best = null;
        for (final Region spare : spareDedicated) {
            if (spare.byteSize() >= byteSize && spare.byteSize() < 2 * requested
                && (best == null || spare.byteSize() < best.byteSize())) {
                best = spare;
            }
        }
        if (best != null) {
            spareDedicated.remove(best);
        }
        return best;
    }

    /**
     * Takes back a dedicated region whose block has been claimed by {@code free}: keeps it, marked free, for
     * the next oversized request (releasing the oldest kept one beyond {@code oversizedRegionsKept}), so that
     * a message larger than a region does not make and unmake its memory on every send; releases it when
     * none is kept.
     */
    synchronized void giveDedicated(final Region region) {
        checkOpen();
        outstandingBytes -= region.byteSize();
        if (oversizedRegionsKept == 0) {
            releaseRegion(region);
            return;
        }
        region.setEntryRelease(0, entry(FREE, DEDICATED_ORDER));
        spareDedicated.addLast(region);
        if (spareDedicated.size() > oversizedRegionsKept) {
            releaseRegion(spareDedicated.removeFirst());
        }
    }

    synchronized void register(final ThreadCache cache) {
        reclaimDeadCaches();
        caches.add(cache);
    }

    /** Returns the blocks cached by terminated threads and asks live threads to return theirs. */
    synchronized void reclaimCaches(final ThreadCache caller) {
        reclaimDeadCaches();
        for (final ThreadCache cache : caches) {
            if (cache != caller) {
                cache.trimRequested = true;
            }
        }
    }

    synchronized String exhaustionMessage(final long byteSize) {
        long cached = 0;
        for (final ThreadCache cache : caches) {
            cached += cache.cachedBytes();
        }
        return "cannot allocate " + byteSize + " bytes: the pool has reserved " + reservedBytes + " of at most "
            + maximumReservedBytes + " bytes (" + (outstandingBytes - cached) + " in use, " + cached
            + " cached by other threads, requested back) and a new region of "
            + Math.max(byteSize, regionSize) + " bytes would exceed the maximum";
    }

    synchronized PoolStatistics statistics(final int minimumBlockSize) {
        reclaimDeadCaches();
        long cached = 0;
        for (final ThreadCache cache : caches) {
            cached += cache.cachedBytes();
        }
        final long[] freeBlocks = new long[orderCount];
        for (int order = 0; order < orderCount; order++) {
            freeBlocks[order] = strategy.freeBlocks(order);
        }
        long metadata = strategy.metadataBytes();
        for (final Region region : regions) {
            metadata += region.metadataBytes();
        }
        return new PoolStatistics(reservedBytes, outstandingBytes - cached, cached, peakOutstandingBytes,
            regions.size(), metadata, minimumBlockSize, freeBlocks);
    }

    synchronized PoolSnapshot snapshot() {
        reclaimDeadCaches();
        final List<Region> byId = new ArrayList<>(regions);
        byId.sort(Comparator.comparingInt(Region::id));
        final List<PoolSnapshot.RegionLayout> layouts = new ArrayList<>();
        for (final Region region : byId) {
            final List<PoolSnapshot.Block> blocks = new ArrayList<>();
            int unit = 0;
            while (unit < region.unitCount()) {
                final int entry = region.entryVolatile(unit);
                if (entry == NOT_A_HEAD) {
                    throw new IllegalStateException("corrupt block map: unit " + unit + " of " + region
                        + " follows a block but starts none");
                }
                final PoolSnapshot.BlockState state = switch (state(entry)) {
                    case BlockMapDescriptor.FREE -> PoolSnapshot.BlockState.FREE;
                    case IN_USE -> PoolSnapshot.BlockState.IN_USE;
                    default -> PoolSnapshot.BlockState.CACHED;
                };
                final long size = region.blockSize(order(entry));
                blocks.add(new PoolSnapshot.Block(region.offsetOf(unit), size, state));
                unit += region.dedicated() ? 1 : 1 << order(entry);
            }
            layouts.add(new PoolSnapshot.RegionLayout(region.id(), region.byteSize(), region.dedicated(), blocks));
        }
        return new PoolSnapshot(layouts);
    }

    /** Releases every region, whatever its state; returns whether the allocator was open. */
    synchronized boolean close() {
        if (closed) {
            return false;
        }
        closed = true;
        caches.clear();
        spareDedicated.clear();
        RuntimeException listenerFailure = null;
        for (final Region region : new ArrayList<>(regions)) {
            try {
                releaseRegion(region);
            } catch (final RuntimeException e) {
                if (listenerFailure == null) {
                    listenerFailure = e;
                } else {
                    listenerFailure.addSuppressed(e);
                }
            }
        }
        if (listenerFailure != null) {
            throw listenerFailure;
        }
        return true;
    }

    private void giveLocked(final long handle, final int order) {
        final Region region = table.get(regionId(handle));
        outstandingBytes -= blockSize(order);
        if (strategy.give(region, unit(handle), order) == region.topOrder()) {
            releaseIfSurplus(region);
        }
    }

    private void releaseIfSurplus(final Region emptied) {
        int empty = 0;
        for (final Region region : regions) {
            if (region.empty && !region.dedicated()) {
                empty++;
            }
        }
        if (empty > emptyRegionsKept) {
            strategy.removeRegion(emptied);
            releaseRegion(emptied);
        }
    }

    private boolean addRegion() {
        while (regionSize > maximumReservedBytes - reservedBytes && !spareDedicated.isEmpty()) {
            releaseRegion(spareDedicated.removeFirst());
        }
        if (regionSize > maximumReservedBytes - reservedBytes) {
            return false;
        }
        strategy.addRegion(createRegion(regionSize, false));
        return true;
    }

    private Region createRegion(final long byteSize, final boolean dedicated) {
        final Region region;
        try {
            region = new Region(table.nextFreeId(), medium, byteSize, unitShift, dedicated, perRegionLists);
        } catch (final OutOfMemoryError e) {
            throw new PoolExhaustedException("cannot create a region of " + byteSize + " bytes of " + medium
                + " memory: the platform refused it (" + e.getMessage() + "); the pool has reserved " + reservedBytes
                + " bytes", e);
        }
        table.put(region);
        directory.add(region);
        regions.add(region);
        reservedBytes += byteSize;
        if (listener != null) {
            try {
                listener.regionCreated(region);
            } catch (final RuntimeException | Error e) {
                unregister(region);
                region.release();
                throw e;
            }
        }
        return region;
    }

    private void releaseRegion(final Region region) {
        try {
            if (listener != null) {
                listener.regionReleasing(region);
            }
        } finally {
            unregister(region);
            region.release();
        }
    }

    private void unregister(final Region region) {
        directory.remove(region);
        table.remove(region);
        regions.remove(region);
        reservedBytes -= region.byteSize();
    }

    private void reclaimDeadCaches() {
        for (int index = caches.size() - 1; index >= 0; index--) {
            final ThreadCache cache = caches.get(index);
            if (!cache.owner.isAlive()) {
                cache.trim();
                caches.remove(index);
            }
        }
    }

    private void account(final long bytes) {
        outstandingBytes += bytes;
        if (outstandingBytes > peakOutstandingBytes) {
            peakOutstandingBytes = outstandingBytes;
        }
    }

    private long blockSize(final int order) {
        return 1L << (order + unitShift);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the pool is closed");
        }
    }
}
