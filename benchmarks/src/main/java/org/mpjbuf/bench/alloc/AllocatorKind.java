package org.mpjbuf.bench.alloc;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocatorMetric;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.mpjbuf.buddy.AllocationStrategy;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.BufferPoolBuilder;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolStatistics;

/**
 * The allocators compared by the allocator benchmarks.
 */
public enum AllocatorKind {
    /** Buddy pool, free lists shared by all regions (Buddy1), direct ByteBuffers. */
    BUDDY_SHARED_DIRECT,
    /** Buddy pool, free lists shared by all regions (Buddy1), direct ByteBuffers, no thread caches: every call locks. */
    BUDDY_SHARED_DIRECT_LOCKED,
    /** Buddy pool, free lists shared by all regions (Buddy1), native MemorySegments. */
    BUDDY_SHARED_NATIVE,
    /** Buddy pool, free lists per region (Buddy2), direct ByteBuffers. */
    BUDDY_PER_REGION_DIRECT,
    /** Buddy pool, free lists per region (Buddy2), native MemorySegments. */
    BUDDY_PER_REGION_NATIVE,
    /** {@code ByteBuffer.allocateDirect}, released by the garbage collector. */
    ALLOCATE_DIRECT,
    /** {@code ByteBuffer.allocate}, released by the garbage collector. */
    ALLOCATE_HEAP,
    /** Netty's {@code PooledByteBufAllocator}, direct buffers. */
    NETTY_POOLED,
    /** A confined FFM arena per allocation, closed on free. */
    FFM_CONFINED_ARENA;

    /**
     * Creates a fresh allocator of this kind.
     *
     * @return the allocator; close it when done.
     */
    public Allocator create() {
        return switch (this) {
            case BUDDY_SHARED_DIRECT -> new BuddyBuffers(AllocationStrategy.SHARED_FREE_LISTS, true);
            case BUDDY_SHARED_DIRECT_LOCKED -> new BuddyBuffers(AllocationStrategy.SHARED_FREE_LISTS, false);
            case BUDDY_SHARED_NATIVE -> new BuddySegments(AllocationStrategy.SHARED_FREE_LISTS);
            case BUDDY_PER_REGION_DIRECT -> new BuddyBuffers(AllocationStrategy.PER_REGION_FREE_LISTS, true);
            case BUDDY_PER_REGION_NATIVE -> new BuddySegments(AllocationStrategy.PER_REGION_FREE_LISTS);
            case ALLOCATE_DIRECT -> new JdkBuffers(true);
            case ALLOCATE_HEAP -> new JdkBuffers(false);
            case NETTY_POOLED -> new NettyPooled();
            case FFM_CONFINED_ARENA -> new ConfinedArenas();
        };
    }

    private static String report(final BufferPool pool) {
        final PoolStatistics statistics = pool.statistics();
        return "reserved " + statistics.reservedBytes() + " B, in use " + statistics.inUseBytes() + " B, cached "
            + statistics.cachedBytes() + " B, regions " + statistics.regionCount() + ", metadata "
            + statistics.metadataBytes() + " B";
    }

    private static final class BuddyBuffers implements Allocator {
        private final BufferPool pool;

        BuddyBuffers(final AllocationStrategy strategy, final boolean threadCaches) {
            final BufferPoolBuilder builder = BufferPool.builder().medium(Medium.DIRECT).strategy(strategy);
            pool = (threadCaches ? builder : builder.threadCacheBlocks(0)).build();
        }

        @Override
        public Object allocate(final int size) {
            return pool.allocate(size);
        }

        @Override
        public void free(final Object handle) {
            pool.free((ByteBuffer) handle);
        }

        @Override
        public String memoryReport() {
            return report(pool);
        }

        @Override
        public void close() {
            pool.close();
        }
    }

    private static final class BuddySegments implements Allocator {
        private final BufferPool pool;

        BuddySegments(final AllocationStrategy strategy) {
            pool = BufferPool.builder().medium(Medium.NATIVE).strategy(strategy).build();
        }

        @Override
        public Object allocate(final int size) {
            return pool.allocateSegment(size);
        }

        @Override
        public void free(final Object handle) {
            pool.free((MemorySegment) handle);
        }

        @Override
        public String memoryReport() {
            return report(pool);
        }

        @Override
        public void close() {
            pool.close();
        }
    }

    private static final class JdkBuffers implements Allocator {
        private final boolean direct;

        JdkBuffers(final boolean direct) {
            this.direct = direct;
        }

        @Override
        public Object allocate(final int size) {
            return direct ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
        }

        @Override
        public void free(final Object handle) {
            // the garbage collector releases it
        }

        @Override
        public String memoryReport() {
            return "not pooled";
        }

        @Override
        public void close() {
            // nothing to release
        }
    }

    private static final class NettyPooled implements Allocator {
        private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true);

        @Override
        public Object allocate(final int size) {
            return allocator.directBuffer(size, size);
        }

        @Override
        public void free(final Object handle) {
            ((ByteBuf) handle).release();
        }

        @Override
        public String memoryReport() {
            final PooledByteBufAllocatorMetric metric = allocator.metric();
            return "reserved (used direct memory) " + metric.usedDirectMemory() + " B, arenas "
                + metric.numDirectArenas() + ", chunk size " + metric.chunkSize() + " B";
        }

        @Override
        public void close() {
            allocator.trimCurrentThreadCache();
        }
    }

    private static final class ConfinedArenas implements Allocator {
        @Override
        public Object allocate(final int size) {
            final Arena arena = Arena.ofConfined();
            arena.allocate(size);
            return arena;
        }

        @Override
        public void free(final Object handle) {
            ((Arena) handle).close();
        }

        @Override
        public String memoryReport() {
            return "not pooled";
        }

        @Override
        public void close() {
            // every arena was closed by free
        }
    }
}
