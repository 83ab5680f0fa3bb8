package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pin-down cache over a {@link SoftVerbs} device: registration on first use and reuse of a
 * covering registration, LRU eviction of idle registrations only, the bounds and their error,
 * RDMA writes through its keys, memory freed under it, threads, and close.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class PinDownCacheTest {
    private static final int ACCESS = SoftEndpoint.ALL_ACCESS;

    @TempDir
    Path temporary;
    private SoftVerbs left;
    private SoftVerbs right;
    private SoftEndpoint endpoint;
    private Arena arena;
    private int baseline;

    @BeforeEach
    void open() {
        left = new SoftVerbs(temporary.resolve("wire"));
        right = new SoftVerbs(temporary.resolve("wire"));
        endpoint = new SoftEndpoint(left);
        arena = Arena.ofShared();
        baseline = left.regions().count();
    }

    @AfterEach
    void close() {
        arena.close();
        endpoint.close();
        left.close();
        right.close();
    }

    private PinDownCache cache(int maximumEntries, long maximumBytes) {
        return new PinDownCache(left, endpoint.domain, ACCESS, maximumEntries, maximumBytes);
    }

    /** Whether the device still accepts a registration's keys. */
    private boolean registered(Verbs.MemoryRegion registration) {
        return left.regions().local(registration.lkey()) != null;
    }

    @Test
    void shouldRegisterOnFirstUseAndReuseTheRegistrationForAnyRangeInside() {
        MemorySegment memory = arena.allocate(4096);
        try (PinDownCache cache = cache(16, 1 << 20)) {
            Verbs.MemoryRegion whole = cache.acquire(memory);
            assertEquals(memory.address(), whole.address());
            assertEquals(4096, whole.byteSize());
            assertTrue(registered(whole));
            assertEquals(baseline + 1, left.regions().count());
            cache.release(whole);

            assertSame(whole, cache.acquire(memory.asSlice(100, 200)), "a range inside");
            assertSame(whole, cache.acquire(memory.asSlice(4095, 1)), "the last byte");
            assertSame(whole, cache.acquire(memory), "the same range again");
            assertEquals(1, cache.inUseCount(), "one registration, acquired three times");
            assertEquals(1, cache.missCount());
            assertEquals(3, cache.hitCount());
            assertEquals(1, cache.entryCount());
            assertEquals(baseline + 1, left.regions().count());
            for (int i = 0; i < 3; i++) {
                cache.release(whole);
            }
            assertEquals(0, cache.inUseCount());
            assertTrue(registered(whole), "an idle registration stays registered");
        }
    }

    @Test
    void shouldRegisterARangeThatOverlapsOrAdjoinsButIsNotCovered() {
        MemorySegment memory = arena.allocate(8192);
        try (PinDownCache cache = cache(16, 1 << 20)) {
            Verbs.MemoryRegion first = cache.acquire(memory.asSlice(0, 1000));
            Verbs.MemoryRegion overlapping = cache.acquire(memory.asSlice(500, 1000));
            Verbs.MemoryRegion adjacent = cache.acquire(memory.asSlice(1000, 1000));
            assertEquals(3, cache.missCount());
            assertNotSame(first, overlapping);
            assertNotSame(first, adjacent);
            assertEquals(500, overlapping.address() - memory.address());
            assertEquals(1000, overlapping.byteSize());
            assertEquals(1000, adjacent.address() - memory.address());

            assertSame(overlapping, cache.acquire(memory.asSlice(600, 800)), "covered by the overlapping one only");
            assertSame(adjacent, cache.acquire(memory.asSlice(1500, 500)), "covered by the adjacent one only");
            Verbs.MemoryRegion spanning = cache.acquire(memory.asSlice(900, 200));
            assertSame(overlapping, spanning, "the boundary of first and adjacent lies inside the overlapping one");
            Verbs.MemoryRegion across = cache.acquire(memory.asSlice(0, 2000));
            assertEquals(4, cache.missCount(), "no registration covers [0, 2000)");
            assertEquals(2000, across.byteSize());
            assertEquals(3, cache.hitCount());
            assertEquals(4, cache.entryCount());
            assertEquals(5000, cache.registeredBytes());
        }
    }

    @Test
    void shouldFindARegistrationStartingBeforeANearerOneThatEndsTooSoon() {
        MemorySegment memory = arena.allocate(8192);
        try (PinDownCache cache = cache(16, 1 << 20)) {
            Verbs.MemoryRegion small = cache.acquire(memory.asSlice(100, 100));
            Verbs.MemoryRegion large = cache.acquire(memory);
            Verbs.MemoryRegion sameStart = cache.acquire(memory.asSlice(100, 50));
            assertSame(small, sameStart, "covered by the small one, the nearest");
            assertSame(large, cache.acquire(memory.asSlice(150, 1000)), "the small one ends too soon");
            assertEquals(2, cache.missCount());
        }
    }

    @Test
    void shouldEvictTheLeastRecentlyReleasedIdleRegistration() {
        MemorySegment a = arena.allocate(1024);
        MemorySegment b = arena.allocate(1024);
        MemorySegment c = arena.allocate(1024);
        MemorySegment d = arena.allocate(1024);
        try (PinDownCache cache = cache(3, 1 << 20)) {
            Verbs.MemoryRegion ra = cache.acquire(a);
            Verbs.MemoryRegion rb = cache.acquire(b);
            Verbs.MemoryRegion rc = cache.acquire(c);
            cache.release(rb);
            cache.release(ra);
            cache.release(rc); // idle, least recently released first: b, a, c
            cache.release(cache.acquire(b)); // b used again: a, c, b

            Verbs.MemoryRegion rd = cache.acquire(d);
            assertEquals(1, cache.evictionCount());
            assertTrue(!registered(ra) && registered(rb) && registered(rc), "a was evicted");
            cache.release(rd); // c, b, d

            cache.acquire(a);
            assertTrue(!registered(rc) && registered(rb) && registered(rd), "then c");
            assertEquals(2, cache.evictionCount());
            assertEquals(3, cache.entryCount());
            assertEquals(baseline + 3, left.regions().count());
        }
    }

    @Test
    void shouldEvictToKeepTheByteBound() {
        MemorySegment memory = arena.allocate(16384);
        try (PinDownCache cache = cache(100, 10_000)) {
            Verbs.MemoryRegion first = cache.acquire(memory.asSlice(0, 4000));
            cache.release(first);
            Verbs.MemoryRegion second = cache.acquire(memory.asSlice(8000, 4000));
            cache.release(second);
            cache.acquire(memory.asSlice(4000, 3000));
            assertTrue(!registered(first) && registered(second), "4000 + 4000 + 3000 bytes exceed 10000");
            assertEquals(7000, cache.registeredBytes());
        }
    }

    @Test
    void shouldNeverEvictARegistrationInUseAndSayWhenTheBoundIsReached() {
        MemorySegment a = arena.allocate(1024);
        MemorySegment b = arena.allocate(1024);
        MemorySegment c = arena.allocate(1024);
        try (PinDownCache cache = cache(2, 1 << 20)) {
            Verbs.MemoryRegion held = cache.acquire(a);
            cache.release(cache.acquire(b));
            Verbs.MemoryRegion rc = cache.acquire(c);
            assertTrue(registered(held), "the registration in use stays, the idle one went");
            assertEquals(1, cache.evictionCount());

            PinDownCacheFullException full = assertThrows(PinDownCacheFullException.class, () -> cache.acquire(b));
            assertEquals("cannot register 1024 bytes at 0x" + Long.toHexString(b.address()) + ": all 2 registrations"
                + " the cache may hold are in use (bound 2 registrations); release registrations, or raise "
                + "mpjbuf.ibvdev.pinDownCacheEntries or mpjbuf.ibvdev.pinDownCacheBytes", full.getMessage());
            assertTrue(registered(held) && registered(rc));
            assertEquals(2, cache.entryCount());

            cache.release(rc);
            cache.acquire(b);
            assertTrue(registered(held) && !registered(rc), "room once one is released");
        }
    }

    @Test
    void shouldSayWhenTheBytesInUseLeaveNoRoom() {
        MemorySegment memory = arena.allocate(32768);
        try (PinDownCache cache = cache(100, 10_000)) {
            cache.acquire(memory.asSlice(0, 6000));
            PinDownCacheFullException full = assertThrows(PinDownCacheFullException.class,
                () -> cache.acquire(memory.asSlice(8192, 5000)));
            assertTrue(full.getMessage().contains("the 1 registrations in use hold 6000 bytes, and 5000 more would "
                + "exceed the cache's bound of 10000 bytes"), full.getMessage());
            PinDownCacheFullException tooLarge = assertThrows(PinDownCacheFullException.class,
                () -> cache.acquire(memory.asSlice(0, 20_000)));
            assertTrue(tooLarge.getMessage().contains("20000 bytes at 0x" + Long.toHexString(memory.address())
                + ": that is more than the cache's bound of 10000 bytes"), tooLarge.getMessage());
            assertEquals(1, cache.entryCount());
        }
    }

    @Test
    void shouldLetAnRdmaWriteLandInPinnedUserMemoryAndRefuseTheKeyOnceInvalidated() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right);
             PinDownCache source = new PinDownCache(left, a.domain, ACCESS, 8, 1 << 20);
             PinDownCache target = new PinDownCache(right, b.domain, ACCESS, 8, 1 << 20)) {
            SoftEndpoint.connect(a, b);
            MemorySegment message = arena.allocate(5000);
            MemorySegment landing = arena.allocate(5000);
            for (int i = 0; i < 5000; i++) {
                message.set(JAVA_BYTE, i, (byte) (i * 3));
            }
            Verbs.MemoryRegion local = source.acquire(message);
            Verbs.MemoryRegion remote = target.acquire(landing);

            a.verbs.postSend(a.queuePair, a.send.rdmaWrite(1, landing.address(), remote.rkey())
                .gather(message.address(), 5000, local.lkey()).signaled(true));
            a.expect(1, VerbsConstants.WC_SUCCESS);
            assertArrayEquals(message.toArray(JAVA_BYTE), landing.toArray(JAVA_BYTE));

            assertThrows(IllegalStateException.class, () -> target.invalidate(landing), "in use");
            target.release(remote);
            assertEquals(1, target.invalidate(landing.asSlice(10, 10)));
            assertEquals(0, target.entryCount());
            a.verbs.postSend(a.queuePair, a.send.rdmaWrite(2, landing.address(), remote.rkey())
                .gather(message.address(), 64, local.lkey()).signaled(true));
            a.expect(2, VerbsConstants.WC_REM_ACCESS_ERR);
            source.release(local);
        }
    }

    @Test
    void shouldNeverReuseTheRegistrationOfMemoryWhoseArenaWasClosed() {
        try (PinDownCache cache = cache(16, 1 << 20)) {
            Arena first = Arena.ofConfined();
            MemorySegment freed = first.allocate(4096, 4096);
            Verbs.MemoryRegion old = cache.acquire(freed);
            cache.release(old);
            first.close();

            try (Arena second = Arena.ofConfined()) {
                MemorySegment fresh = second.allocate(4096, 4096);
                Verbs.MemoryRegion renewed = cache.acquire(fresh);
                assertNotSame(old, renewed);
                assertEquals(2, cache.missCount());
                assertEquals(1, cache.evictionCount(), "the registration of freed memory is dropped");
                assertTrue(!registered(old) && registered(renewed));
                cache.release(renewed);
                assertEquals(1, cache.invalidate(fresh));
            }
        }
    }

    @Test
    void shouldDeregisterEverythingOnCloseEvenRegistrationsInUse() {
        Verbs.ProtectionDomain domain = left.allocateProtectionDomain(endpoint.context);
        PinDownCache cache = new PinDownCache(left, domain, ACCESS, 16, 1 << 20);
        List<Verbs.MemoryRegion> held = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            held.add(cache.acquire(arena.allocate(512)));
        }
        cache.release(held.get(0));
        assertEquals(baseline + 5, left.regions().count());

        cache.close();

        assertEquals(baseline, left.regions().count());
        assertEquals(0, cache.entryCount());
        assertEquals(0, cache.registeredBytes());
        left.deallocate(domain); // no region left in it
        cache.release(held.get(1)); // nothing to do after close
        assertThrows(IllegalStateException.class, () -> cache.acquire(arena.allocate(64)));
        cache.close();
    }

    @Test
    void shouldRefuseWhatItCannotRegisterOrDidNotHandOut() {
        try (PinDownCache cache = cache(4, 1 << 20); PinDownCache other = cache(4, 1 << 20)) {
            assertThrows(IllegalArgumentException.class, () -> cache.acquire(MemorySegment.ofArray(new byte[64])));
            assertThrows(IllegalArgumentException.class, () -> cache.acquire(arena.allocate(64).asSlice(0, 0)));
            assertThrows(IllegalArgumentException.class, () -> cache.release(endpoint.region));
            Verbs.MemoryRegion registration = cache.acquire(arena.allocate(64));
            assertThrows(IllegalArgumentException.class, () -> other.release(registration));
            cache.release(registration);
            IllegalStateException twice = assertThrows(IllegalStateException.class, () -> cache.release(registration));
            assertTrue(twice.getMessage().contains("released more often than it was acquired"), twice.getMessage());
            assertThrows(IllegalArgumentException.class, () -> cache(0, 1));
            assertThrows(IllegalArgumentException.class, () -> cache(1, 0));
        }
    }

    @Test
    void shouldRegisterADirectBufferFromElsewhere() {
        ByteBuffer direct = ByteBuffer.allocateDirect(2048);
        try (PinDownCache cache = cache(4, 1 << 20)) {
            Verbs.MemoryRegion registration = cache.acquire(MemorySegment.ofBuffer(direct));
            assertEquals(MemorySegment.ofBuffer(direct).address(), registration.address());
            assertSame(registration, cache.acquire(MemorySegment.ofBuffer(direct.slice(100, 100))));
        }
    }

    @Test
    void shouldUseTheConfiguredBoundsByDefault() {
        try (PinDownCache cache = new PinDownCache(left, endpoint.domain, ACCESS)) {
            assertEquals(IbvdevConfiguration.PIN_DOWN_CACHE_ENTRIES, cache.maximumEntries());
            assertEquals(IbvdevConfiguration.PIN_DOWN_CACHE_BYTES, cache.maximumBytes());
        }
        assertEquals(1024, IbvdevConfiguration.PIN_DOWN_CACHE_ENTRIES_DEFAULT);
        assertEquals(1L << 30, IbvdevConfiguration.PIN_DOWN_CACHE_BYTES_DEFAULT);
        assertEquals(12, IbvdevConfiguration.positive("mpjbuf.ibvdev.test.unset", 12, 100));
        System.setProperty("mpjbuf.ibvdev.test.bound", "0");
        try {
            IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> IbvdevConfiguration.positive("mpjbuf.ibvdev.test.bound", 12, 100));
            assertEquals("mpjbuf.ibvdev.test.bound must be an integer from 1 to 100, was '0'"
                + " (system property mpjbuf.ibvdev.test.bound)", zero.getMessage());
            System.setProperty("mpjbuf.ibvdev.test.bound", " 64 ");
            assertEquals(64, IbvdevConfiguration.positive("mpjbuf.ibvdev.test.bound", 12, 100));
        } finally {
            System.clearProperty("mpjbuf.ibvdev.test.bound");
        }
    }

    @Test
    void shouldStayConsistentUnderAcquiresAndReleasesFromSeveralThreads() throws Exception {
        int threads = 4;
        List<MemorySegment> buffers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            buffers.add(arena.allocate(4096));
        }
        try (PinDownCache cache = cache(threads, 1 << 20)) {
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService executor = Executors.newFixedThreadPool(threads);
            try {
                List<Future<?>> workers = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    workers.add(executor.submit(() -> {
                        start.await();
                        ThreadLocalRandom random = ThreadLocalRandom.current();
                        for (int i = 0; i < 5000; i++) {
                            MemorySegment buffer = buffers.get(random.nextInt(buffers.size()));
                            long offset = random.nextLong(4096);
                            MemorySegment slice = buffer.asSlice(offset, 1 + random.nextLong(4096 - offset));
                            Verbs.MemoryRegion registration = cache.acquire(slice);
                            if (registration.address() > slice.address() || registration.address()
                                + registration.byteSize() < slice.address() + slice.byteSize()) {
                                throw new AssertionError(registration + " does not cover " + slice);
                            }
                            if (!registered(registration)) {
                                throw new AssertionError(registration + " in use was deregistered");
                            }
                            cache.release(registration);
                        }
                        return null;
                    }));
                }
                start.countDown();
                for (Future<?> worker : workers) {
                    worker.get(50, TimeUnit.SECONDS);
                }
            } finally {
                executor.shutdownNow();
                assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
            }
            assertEquals(0, cache.inUseCount());
            assertTrue(cache.entryCount() <= threads);
            assertEquals(baseline + cache.entryCount(), left.regions().count());
            assertEquals(threads * 5000L, cache.hitCount() + cache.missCount());
        }
        assertEquals(baseline, left.regions().count());
    }

    @Test
    void shouldAcquireAndReleaseARegistrationItHoldsWithoutAllocating() throws Exception {
        MemorySegment memory = arena.allocate(8192);
        MemorySegment inside = memory.asSlice(100, 1000);
        try (PinDownCache cache = cache(16, 1 << 20)) {
            cache.acquire(memory.asSlice(0, 50));
            cache.acquire(memory.asSlice(50, 50)); // nearer starts that end too soon
            cache.acquire(memory);
            for (int i = 0; i < 20_000; i++) { // warm up: code compiled
                cache.release(cache.acquire(inside));
            }
            int uses = 5000;
            long before = RegisteredPoolTest.allocatedBytes();
            for (int i = 0; i < uses; i++) {
                cache.release(cache.acquire(inside));
            }
            long allocated = RegisteredPoolTest.allocatedBytes() - before;
            assertTrue(allocated / uses < 16, allocated + " bytes allocated for " + uses + " acquires and releases");
            assertEquals(3, cache.missCount());
        }
    }
}
