package org.mpjbuf.properties.buddy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.PoolExhaustedException;

/**
 * The state of one action sequence: the pool, the blocks the test holds, and blocks it has freed (candidates
 * for a double free). Not thread-safe.
 */
final class PoolModel {
    private final PoolConfiguration configuration;
    private final BufferPool pool;
    private final List<LiveBlock> live = new ArrayList<>();
    private final List<LiveBlock> freed = new ArrayList<>();
    private byte nextFill = 1;

    PoolModel(final PoolConfiguration configuration) {
        this.configuration = configuration;
        this.pool = configuration.builder().maximumReservedBytes(6L * configuration.regionSize()).build();
    }

    List<LiveBlock> live() {
        return live;
    }

    List<LiveBlock> freed() {
        return freed;
    }

    void allocate(final int size, final boolean asSegment) {
        final long before = pool.statistics().reservedBytes();
        final Object handle;
        try {
            handle = asSegment ? pool.allocateSegment(size) : pool.allocate(size);
        } catch (final PoolExhaustedException e) {
            final long needed = size > configuration.regionSize() ? size : configuration.regionSize();
            assertTrue(before + needed > 6L * configuration.regionSize(), "exhausted although "
                + before + " bytes were reserved and " + needed + " more fit: " + e.getMessage());
            return;
        }
        final LiveBlock block = LiveBlock.of(pool, handle, nextFill);
        nextFill = (byte) (nextFill == 127 ? 1 : nextFill + 1);
        live.add(block);
        freed.removeIf(stale -> stale.sameStartAs(block));
    }

    void free(final int index) {
        final LiveBlock block = live.remove(index);
        assertEquals(-1, block.firstCorruptedByte(), "contents of " + block + " were changed");
        block.free(pool);
        freed.add(block);
    }

    void freeAgain(final int index) {
        final LiveBlock stale = freed.get(index);
        final RuntimeException detected = assertThrows(RuntimeException.class, () -> stale.free(pool),
            "double free of " + stale + " went undetected");
        assertTrue(detected instanceof IllegalStateException || detected instanceof IllegalArgumentException,
            "unexpected exception for a double free: " + detected);
    }

    void trimThreadCache() {
        pool.trimThreadCache();
    }

    void freeEverything() {
        while (!live.isEmpty()) {
            free(live.size() - 1);
        }
        pool.trimThreadCache();
        PoolInvariants.checkAllFree(pool);
    }

    void checkInvariants() {
        PoolInvariants.check(pool, live);
    }

    void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return configuration + " holding " + live.size() + " blocks";
    }
}
