package org.mpjbuf.raw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.buddy.PoolRegion;
import org.mpjbuf.buddy.RegionListener;

@Timeout(30)
final class RawBufferPoolTest {
    private static BufferPool pool(final Medium medium) {
        return BufferPool.builder().medium(medium).regionSize(64 * 1024).build();
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void shouldServeTheMediumOfThePoolAndGiveTheBlockBack(final Medium medium) {
        try (BufferPool pool = pool(medium)) {
            final RawBufferPool buffers = new RawBufferPool(pool);
            assertSame(pool, buffers.pool());
            final RawBuffer buffer = buffers.allocate(1000, ByteOrder.BIG_ENDIAN);
            assertEquals(medium == Medium.NATIVE ? NativeBuffer.class : NIOBuffer.class, buffer.getClass());
            assertEquals(1000, buffer.capacity());
            assertEquals(ByteOrder.BIG_ENDIAN, buffer.order());
            assertEquals(medium != Medium.HEAP, buffer.segment().isNative());
            assertEquals(1024, pool.statistics().inUseBytes());
            buffer.putLong(992, 42L);
            assertEquals(42L, buffer.byteBuffer().getLong(992));
            buffer.free();
            pool.trimThreadCache();
            assertEquals(0, pool.statistics().inUseBytes());
            assertEquals(ByteOrder.nativeOrder(), buffers.allocate(8).order());
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void shouldRejectADoubleFreeWithoutTouchingThePool(final Medium medium) {
        try (BufferPool pool = pool(medium)) {
            final RawBufferPool buffers = new RawBufferPool(pool);
            final RawBuffer first = buffers.allocate(64);
            first.free();
            final RawBuffer second = buffers.allocate(64);
            final IllegalStateException twice = assertThrows(IllegalStateException.class, first::free);
            assertTrue(twice.getMessage().contains("double free"), twice.getMessage());
            assertEquals(64, pool.statistics().inUseBytes(), "the block now owned by another buffer stays in use");
            second.free();
        }
    }

    @ParameterizedTest
    @EnumSource(Medium.class)
    void shouldReportTheRegistrationAttachedToItsRegionEvenWhenAttachedLater(final Medium medium) {
        final Object key = new Object();
        final RegionListener registrar = new RegionListener() {
            @Override
            public void regionCreated(final PoolRegion region) {
                region.attach(key);
            }

            @Override
            public void regionReleasing(final PoolRegion region) {
                region.attach(null);
            }
        };
        try (BufferPool registered = BufferPool.builder().medium(medium).regionSize(64 * 1024)
                .regionListener(registrar).build();
             BufferPool plain = pool(medium)) {
            final RawBuffer buffer = new RawBufferPool(registered).allocate(128);
            assertSame(key, buffer.registrationKey());
            buffer.free();

            final RawBuffer unregistered = new RawBufferPool(plain).allocate(128);
            assertNull(unregistered.registrationKey());
            final Object late = new Object();
            plain.regionOf(unregistered.segment()).attach(late);
            assertSame(late, unregistered.registrationKey());
            unregistered.free();
        }
    }

    @Test
    void shouldLetAnotherThreadFreeABuffer() throws Exception {
        try (BufferPool pool = pool(Medium.DIRECT)) {
            final RawBuffer buffer = new RawBufferPool(pool).allocate(256);
            buffer.putInt(0, 7);
            CompletableFuture.runAsync(buffer::free).get(10, TimeUnit.SECONDS);
            assertTrue(buffer.isFreed());
            pool.trimThreadCache();
            assertEquals(0, pool.statistics().inUseBytes());
        }
    }

    @Test
    void shouldRejectBadCapacitiesAndAClosedPool() {
        final BufferPool pool = pool(Medium.HEAP);
        final RawBufferPool buffers = new RawBufferPool(pool);
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> buffers.allocate(0));
        assertTrue(zero.getMessage().contains("capacity must be >= 1, got 0"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> buffers.allocate(-5));
        assertThrows(NullPointerException.class, () -> buffers.allocate(8, null));
        assertThrows(NullPointerException.class, () -> new RawBufferPool(null));
        pool.close();
        assertThrows(IllegalStateException.class, () -> buffers.allocate(8));
    }
}
