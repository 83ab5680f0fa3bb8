package org.mpjbuf.properties.buddy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.BufferPoolBuilder;
import org.mpjbuf.buddy.Medium;

/**
 * One pool configuration under test: every medium and strategy, with and without thread caches, small
 * regions so that sequences cross region boundaries, create dedicated regions and release empty ones.
 */
record PoolConfiguration(Medium medium, AllocationStrategy strategy, int threadCacheBlocks, int regionSize,
    int minimumBlockSize) {

    static Arbitrary<PoolConfiguration> all() {
        final List<PoolConfiguration> configurations = new ArrayList<>();
        for (final Medium medium : Medium.values()) {
            for (final AllocationStrategy strategy : AllocationStrategy.values()) {
                for (final int cacheBlocks : new int[] {0, 4}) {
                    configurations.add(new PoolConfiguration(medium, strategy, cacheBlocks, 64 * 1024, 64));
                    configurations.add(new PoolConfiguration(medium, strategy, cacheBlocks, 4096, 16));
                }
            }
        }
        return Arbitraries.of(configurations);
    }

    BufferPoolBuilder builder() {
        return BufferPool.builder().medium(medium).strategy(strategy).threadCacheBlocks(threadCacheBlocks)
            .threadCacheBytes(4 * regionSize).regionSize(regionSize).minimumBlockSize(minimumBlockSize)
            .emptyRegionsKept(1);
    }

    /** Request sizes: tiny, around the minimum block, exact powers of two, up to a region, and oversized. */
    Arbitrary<Integer> sizes() {
        return Arbitraries.oneOf(
            Arbitraries.integers().between(1, 2 * minimumBlockSize),
            Arbitraries.integers().between(1, regionSize),
            Arbitraries.integers().between(0, Integer.numberOfTrailingZeros(regionSize)).map(shift -> 1 << shift),
            Arbitraries.integers().between(regionSize + 1, regionSize * 5 / 2));
    }
}
