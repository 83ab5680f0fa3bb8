package org.mpjbuf.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;

/** The conformance suite over buffers from a small buddy pool of one medium; checks nothing leaks. */
abstract class PooledConformanceTest extends RawBufferConformanceTest {
    private final BufferPool pool;
    private final RawBufferPool buffers;

    PooledConformanceTest(final Medium medium) {
        pool = BufferPool.builder().medium(medium).regionSize(64 * 1024).build();
        buffers = new RawBufferPool(pool);
    }

    @Override
    final RawBuffer create(final int capacity) {
        return buffers.allocate(capacity);
    }

    @Override
    final boolean pooled() {
        return true;
    }

    @Override
    final void closeMedium() {
        pool.trimThreadCache();
        assertEquals(0, pool.statistics().inUseBytes(), "every pooled block is back in the pool");
        pool.close();
    }
}
