package org.mpjbuf.buddy;

import static org.mpjbuf.buddy.BlockMapDescriptor.NIL;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A thread's stack of recently freed blocks per order (a "tcache"): the owner allocates from and frees into
 * it without any lock or shared write. Cached blocks stay marked {@code CACHED} in their block map, so a
 * second free of the same buffer is still detected, and they are counted in the pool's statistics.
 *
 * <p>Only the owner thread touches the stacks, except that the central allocator drains the cache of a
 * terminated owner (after {@link Thread#isAlive()} returned {@code false}, which orders the owner's writes
 * before the drain). Another thread that runs out of memory asks live owners to give their blocks back
 * through {@link #trimRequested}, which they honour on their next allocation.
 */
final class ThreadCache {
    private static final VarHandle CACHED_BYTES;

    static {
        try {
            CACHED_BYTES = MethodHandles.lookup().findVarHandle(ThreadCache.class, "cachedBytes", long.class);
        } catch (final ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Units whose map bytes fill one 64-byte cache line. */
    private static final int MAP_LINE_UNITS = 64;

    final Thread owner;
    private final CentralAllocator central;
    private final int minimumBlockSize;
    private final long[][] handles;
    private final int[] counts;
    private long cachedBytes;
    volatile boolean trimRequested;

    ThreadCache(final CentralAllocator central, final int minimumBlockSize, final int orderCount, final int maximumBlocks,
        final int bytesPerOrder) {
        this.owner = Thread.currentThread();
        this.central = central;
        this.minimumBlockSize = minimumBlockSize;
        this.handles = new long[orderCount][];
        this.counts = new int[orderCount];
        for (int order = 0; order < orderCount; order++) {
            final long blockSize = (long) minimumBlockSize << order;
            final long byBudget = Math.max(1, bytesPerOrder / blockSize);
            handles[order] = new long[(int) Math.min(maximumBlocks, byBudget)];
        }
    }

    /** Returns a cached block of {@code order}, or {@code NIL} when there is none. */
    long pop(final int order) {
        final int count = counts[order] - 1;
        if (count < 0) {
            return NIL;
        }
        counts[order] = count;
        addCachedBytes(-((long) minimumBlockSize << order));
        return handles[order][count];
    }

    /**
     * Fills half the empty stack of {@code order} from the central allocator (so that the stack can absorb as
     * many frees as allocations before it goes back to the lock) and pops one; {@code NIL} if exhausted. A batch
     * of small blocks covers at least one cache line of the block map (64 units), so two threads' caches do not
     * write into the same line.
     */
    long refill(final int order) {
        final long[] stack = handles[order];
        final int lineBlocks = Math.max(1, MAP_LINE_UNITS >>> order);
        final int batch = Math.min(stack.length, Math.max(stack.length >>> 1, lineBlocks));
        final int taken = central.takeBatch(order, stack, counts[order], batch - counts[order]);
        counts[order] += taken;
        addCachedBytes(taken * ((long) minimumBlockSize << order));
        return pop(order);
    }

    /** Caches a claimed block, first returning the older half of the stack to the central allocator if it is full. */
    void push(final long handle, final int order) {
        final long[] stack = handles[order];
        int count = counts[order];
        if (count == stack.length) {
            flush(order, (count + 1) >>> 1);
            count = counts[order];
        }
        stack[count] = handle;
        counts[order] = count + 1;
        addCachedBytes((long) minimumBlockSize << order);
    }

    /** Returns every cached block to the central allocator. */
    void trim() {
        trimRequested = false;
        for (int order = 0; order < counts.length; order++) {
            if (counts[order] > 0) {
                flush(order, counts[order]);
            }
        }
    }

    long cachedBytes() {
        return (long) CACHED_BYTES.getOpaque(this);
    }

    private void flush(final int order, final int count) {
        final long[] stack = handles[order];
        central.giveBatch(order, stack, 0, count);
        final int remaining = counts[order] - count;
        System.arraycopy(stack, count, stack, 0, remaining);
        counts[order] = remaining;
        addCachedBytes(-count * ((long) minimumBlockSize << order));
    }

    private void addCachedBytes(final long delta) {
        CACHED_BYTES.setOpaque(this, (long) CACHED_BYTES.get(this) + delta);
    }
}
