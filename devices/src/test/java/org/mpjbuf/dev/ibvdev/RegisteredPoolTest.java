package org.mpjbuf.dev.ibvdev;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.mpjbuf.buddy.BufferPool;
import org.mpjbuf.buddy.BufferPoolBuilder;
import org.mpjbuf.buddy.Medium;
import org.mpjbuf.raw.RawBuffer;
import org.mpjbuf.raw.RawBufferPool;

/**
 * A pool whose regions are registered with a {@link SoftVerbs} device: its keys carry RDMA writes,
 * a released region's keys are refused, look-ups never answer for memory a region does not cover.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES)
class RegisteredPoolTest {
    private static final int REGION_SIZE = 64 * 1024;

    @TempDir
    Path temporary;
    private SoftVerbs left;
    private SoftVerbs right;

    @BeforeEach
    void openTwoDevices() {
        left = new SoftVerbs(temporary.resolve("wire"));
        right = new SoftVerbs(temporary.resolve("wire"));
    }

    @AfterEach
    void closeDevices() {
        left.close();
        right.close();
    }

    private static BufferPoolBuilder nativePool() {
        return BufferPool.builder().medium(Medium.NATIVE).regionSize(REGION_SIZE).threadCacheBlocks(0)
            .emptyRegionsKept(0);
    }

    private static RegisteredPool registered(SoftEndpoint endpoint) {
        return new RegisteredPool(endpoint.verbs, endpoint.domain, SoftEndpoint.ALL_ACCESS, nativePool());
    }

    @Test
    void shouldLetAnRdmaWriteFromOnePooledBufferLandInAnother() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right);
             RegisteredPool source = registered(a); RegisteredPool target = registered(b)) {
            SoftEndpoint.connect(a, b);
            MemorySegment message = source.pool().allocateSegment(3000);
            MemorySegment landing = target.pool().allocateSegment(3000);
            for (int i = 0; i < 3000; i++) {
                message.set(JAVA_BYTE, i, (byte) (i * 7));
            }
            Verbs.MemoryRegion local = source.find(message);
            Verbs.MemoryRegion remote = target.find(landing);

            a.verbs.postSend(a.queuePair, a.send.rdmaWrite(1, landing.address(), remote.rkey())
                .gather(message.address(), 3000, local.lkey()).signaled(true));

            a.expect(1, VerbsConstants.WC_SUCCESS);
            assertArrayEquals(message.toArray(JAVA_BYTE), landing.toArray(JAVA_BYTE));
            source.pool().free(message);
            target.pool().free(landing);
        }
    }

    @Test
    void shouldDeregisterARegionBeforeThePoolReleasesItSoItsRkeyIsRefused() {
        try (SoftEndpoint a = new SoftEndpoint(left); SoftEndpoint b = new SoftEndpoint(right);
             RegisteredPool target = registered(b)) {
            SoftEndpoint.connect(a, b);
            int before = right.regions().count();
            MemorySegment landing = target.pool().allocateSegment(1024);
            Verbs.MemoryRegion remote = target.find(landing);
            assertEquals(1, target.registeredCount());
            assertEquals(before + 1, right.regions().count());
            long address = landing.address();

            target.pool().free(landing);

            assertEquals(0, target.registeredCount(), "the only region, emptied, is released");
            assertEquals(before, right.regions().count());
            a.postWrite(2, 0, 64, address, remote.rkey());
            a.expect(2, VerbsConstants.WC_REM_ACCESS_ERR);
        }
    }

    @Test
    void shouldRegisterEachRegionOnceAndAnswerForEveryBlockInIt() {
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = registered(a)) {
            List<MemorySegment> blocks = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                blocks.add(registered.pool().allocateSegment(REGION_SIZE / 4)); // four blocks a region
            }
            MemorySegment large = registered.pool().allocateSegment(3L * REGION_SIZE); // a dedicated region
            assertEquals(3, registered.registeredCount());
            for (MemorySegment block : blocks) {
                Verbs.MemoryRegion region = registered.find(block);
                assertSame(registered.pool().regionOf(block).attachment(), region);
                assertEquals(registered.pool().regionOf(block).segment().address(), region.address());
                assertEquals(REGION_SIZE, region.byteSize());
                assertSame(region, registered.find(block.asSlice(100, 200)), "a slice is in the same region");
            }
            assertSame(registered.find(blocks.get(0)), registered.find(blocks.get(3)));
            assertNotSame(registered.find(blocks.get(0)), registered.find(blocks.get(4)));
            assertEquals(3L * REGION_SIZE, registered.find(large).byteSize());
            for (MemorySegment block : blocks) {
                registered.pool().free(block);
            }
            registered.pool().free(large);
        }
    }

    @Test
    @SuppressWarnings("restricted") // a view running past its region, to check the bounds
    void shouldAnswerNullForMemoryNoRegisteredRegionCovers() {
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = registered(a);
             Arena arena = Arena.ofConfined()) {
            MemorySegment block = registered.pool().allocateSegment(REGION_SIZE / 2);
            MemorySegment last = registered.pool().allocateSegment(REGION_SIZE / 2);
            assertNull(registered.find(arena.allocate(4096)), "native memory from elsewhere");
            assertNull(registered.find(MemorySegment.ofArray(new byte[64])), "heap memory");
            assertNull(registered.find(MemorySegment.ofBuffer(ByteBuffer.allocateDirect(64))), "a direct buffer");
            long start = registered.find(block).address();
            assertNotNull(registered.find(MemorySegment.ofAddress(start).reinterpret(REGION_SIZE)), "the whole region");
            assertNotNull(registered.find(MemorySegment.ofAddress(start + REGION_SIZE - 8).reinterpret(8)),
                "up to the region's last byte");
            assertNull(registered.find(MemorySegment.ofAddress(start + REGION_SIZE - 8).reinterpret(9)),
                "one byte past the region's end");
            assertNull(registered.find(MemorySegment.ofAddress(start + REGION_SIZE).reinterpret(8)),
                "just after the region");
            registered.pool().free(block);
            registered.pool().free(last);
        }
    }

    @Test
    void shouldDeregisterEveryRegionOnCloseSoTheDomainCanBeDeallocated() {
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            int before = left.regions().count();
            Verbs.ProtectionDomain domain = left.allocateProtectionDomain(a.context);
            RegisteredPool registered = new RegisteredPool(left, domain, SoftEndpoint.ALL_ACCESS, nativePool());
            for (int i = 0; i < 5; i++) {
                registered.pool().allocateSegment(REGION_SIZE); // five regions, left allocated
            }
            assertEquals(before + 5, left.regions().count());
            VerbsException busy = assertThrows(VerbsException.class, () -> left.deallocate(domain));
            assertEquals(SoftVerbs.EBUSY, busy.errno());

            registered.close();

            assertEquals(0, registered.registeredCount());
            assertEquals(before, left.regions().count());
            left.deallocate(domain);
            assertThrows(IllegalStateException.class, () -> registered.find(a.buffer));
        }
    }

    @Test
    void shouldFailTheAllocationThatNeedsARegionTheDeviceRefusesToRegister() {
        try (SoftEndpoint a = new SoftEndpoint(left);
             RegisteredPool registered = new RegisteredPool(left, a.domain, VerbsConstants.ACCESS_REMOTE_WRITE,
                 nativePool())) {
            int before = left.regions().count();
            VerbsException refused = assertThrows(VerbsException.class, () -> registered.pool().allocateSegment(64));
            assertEquals("ibv_reg_mr", refused.call());
            assertEquals(0, registered.registeredCount());
            assertEquals(0, registered.pool().statistics().reservedBytes(), "the region was released again");
            assertEquals(before, left.regions().count());
        }
    }

    @Test
    void shouldRefuseAPoolOfHeapMemory() {
        try (SoftEndpoint a = new SoftEndpoint(left)) {
            IllegalArgumentException heap = assertThrows(IllegalArgumentException.class, () -> new RegisteredPool(
                left, a.domain, SoftEndpoint.ALL_ACCESS, BufferPool.builder().medium(Medium.HEAP)));
            assertTrue(heap.getMessage().contains("heap"), heap.getMessage());
        }
    }

    @Test
    void shouldRegisterTheRegionsOfADirectPool() {
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = new RegisteredPool(left, a.domain,
                SoftEndpoint.ALL_ACCESS, nativePool().medium(Medium.DIRECT))) {
            ByteBuffer buffer = registered.pool().allocate(512);
            assertEquals(REGION_SIZE, registered.find(MemorySegment.ofBuffer(buffer)).byteSize());
            registered.pool().free(buffer);
        }
    }

    @Test
    void shouldBeWhatAPooledRawBufferReportsAsItsRegistration() {
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = registered(a)) {
            RawBuffer buffer = new RawBufferPool(registered.pool()).allocate(1000);
            assertSame(registered.find(buffer.segment()), buffer.registrationKey());
            buffer.free();
        }
    }

    @Test
    void shouldAnswerLookupsFromSeveralThreadsWhileRegionsComeAndGo() throws Exception {
        int threads = 4;
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = registered(a);
             Arena arena = Arena.ofShared()) {
            List<MemorySegment> blocks = new ArrayList<>();
            List<Verbs.MemoryRegion> expected = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                MemorySegment block = registered.pool().allocateSegment(REGION_SIZE / 8);
                blocks.add(block);
                expected.add(registered.find(block));
            }
            MemorySegment foreign = arena.allocate(4096);
            AtomicBoolean stop = new AtomicBoolean();
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService executor = Executors.newFixedThreadPool(threads + 1);
            try {
                Future<Integer> churn = executor.submit(() -> {
                    start.await();
                    int cycles = 0;
                    while (!stop.get() || cycles < 50) {
                        MemorySegment large = registered.pool().allocateSegment(2L * REGION_SIZE);
                        assertEquals(2L * REGION_SIZE, registered.find(large).byteSize());
                        registered.pool().free(large);
                        cycles++;
                    }
                    return cycles;
                });
                List<Future<Integer>> lookups = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    lookups.add(executor.submit(() -> {
                        start.await();
                        ThreadLocalRandom random = ThreadLocalRandom.current();
                        for (int i = 0; i < 200_000; i++) {
                            int index = random.nextInt(blocks.size());
                            long offset = random.nextLong(REGION_SIZE / 8);
                            MemorySegment slice = blocks.get(index).asSlice(offset, REGION_SIZE / 8 - offset);
                            if (registered.find(slice) != expected.get(index)) {
                                throw new AssertionError("block " + index + " at offset " + offset);
                            }
                            if (registered.find(foreign) != null) {
                                throw new AssertionError("foreign memory found in a region");
                            }
                        }
                        return 0;
                    }));
                }
                start.countDown();
                for (Future<Integer> lookup : lookups) {
                    lookup.get(50, TimeUnit.SECONDS);
                }
                stop.set(true);
                assertTrue(churn.get(50, TimeUnit.SECONDS) >= 50);
            } finally {
                stop.set(true);
                executor.shutdownNow();
                assertTrue(executor.awaitTermination(10, TimeUnit.SECONDS));
            }
            for (MemorySegment block : blocks) {
                registered.pool().free(block);
            }
        }
    }

    @Test
    void shouldFindKeysWithoutAllocating() throws Exception {
        try (SoftEndpoint a = new SoftEndpoint(left); RegisteredPool registered = registered(a);
             Arena arena = Arena.ofConfined()) {
            MemorySegment block = registered.pool().allocateSegment(4096);
            MemorySegment slice = block.asSlice(64, 512);
            MemorySegment foreign = arena.allocate(64);
            Verbs.MemoryRegion expected = registered.find(block);
            int lookups = 5000;
            for (int i = 0; i < 20_000; i++) { // warm up: code compiled
                registered.find(slice);
                registered.find(foreign);
            }
            long before = allocatedBytes();
            for (int i = 0; i < lookups; i++) {
                if (registered.find(slice) != expected || registered.find(foreign) != null) {
                    throw new AssertionError("lookup " + i);
                }
            }
            long allocated = allocatedBytes() - before;
            assertTrue(allocated / lookups < 16, allocated + " bytes allocated for " + lookups + " lookups");
            registered.pool().free(block);
        }
    }

    /** The bytes the calling thread allocated so far (HotSpot's per-thread counter). */
    static long allocatedBytes() throws ReflectiveOperationException {
        Object threads = Class.forName("java.lang.management.ManagementFactory").getMethod("getThreadMXBean")
            .invoke(null);
        return (long) Class.forName("com.sun.management.ThreadMXBean")
            .getMethod("getThreadAllocatedBytes", long.class).invoke(threads, Thread.currentThread().threadId());
    }
}
