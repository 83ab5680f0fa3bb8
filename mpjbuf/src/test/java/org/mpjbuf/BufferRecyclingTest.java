package org.mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.buddy.Medium;

class BufferRecyclingTest {

    private static BufferFactory recycling(int perSize, int largest) {
        return BufferFactory.builder().medium(Medium.DIRECT).dynamicCapacity(0).recycle(perSize, largest).build();
    }

    private static long inUse(BufferFactory factory) {
        return factory.pool().statistics().inUseBytes();
    }

    @Test
    void shouldHandAFreedBufferOutAgainEmptyAndWritable() {
        try (BufferFactory factory = recycling(2, 1 << 16)) {
            Buffer first = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 100));
            first.putSectionHeader(Type.INT);
            first.write(new int[] {1, 2, 3}, 0, 3);
            first.commit();
            factory.free(first);

            Buffer again = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 120));
            assertSame(first, again, "a request of the same size class reuses the freed buffer");
            assertFalse(again.isReadable(), "the reused buffer is writable");
            assertTrue(again.capacity() >= BufferDescriptor.sectionSize(Type.INT, 120));
            again.putSectionHeader(Type.LONG);
            again.write(new long[] {7, 8}, 0, 2);
            again.commit();
            assertEquals(Type.LONG, again.getSectionHeader());
            assertEquals(2, again.getSectionSize());
            long[] read = new long[2];
            again.read(read, 0, 2);
            assertArrayEquals(new long[] {7, 8}, read);
            factory.free(again);
        }
    }

    @Test
    void shouldKeepBuffersBySizeClassOnly() {
        try (BufferFactory factory = recycling(2, 1 << 16)) {
            Buffer small = factory.allocate(100);
            factory.free(small);
            Buffer larger = factory.allocate(1000);
            assertNotSame(small, larger, "a request of another size class gets a buffer of its own");
            factory.free(larger);
            assertSame(small, factory.allocate(90));
            assertSame(larger, factory.allocate(600));
        }
    }

    @Test
    void shouldRefuseToFreeABufferTwice() {
        try (BufferFactory factory = recycling(2, 1 << 16)) {
            Buffer buffer = factory.allocate(64);
            factory.free(buffer);
            IllegalStateException twice = assertThrows(IllegalStateException.class, () -> factory.free(buffer));
            assertTrue(twice.getMessage().contains("already destroyed"), twice.getMessage());
            assertThrows(IllegalStateException.class, () -> BufferFactory.destroy(buffer));
            assertSame(buffer, factory.allocate(64), "the refused frees left the kept buffer kept once");
            assertNotSame(buffer, factory.allocate(64), "and only once");
        }
    }

    @Test
    void shouldKeepAtMostTheBoundPerSizeAndReturnTheRest() {
        try (BufferFactory factory = recycling(3, 1 << 16)) {
            long start = inUse(factory);
            List<Buffer> buffers = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                buffers.add(factory.allocate(4000));
            }
            long each = (inUse(factory) - start) / 5;
            buffers.forEach(factory::free);
            assertEquals(start + 3 * each, inUse(factory), "three kept, two back in the pool");
            factory.trim();
            assertEquals(start, inUse(factory), "trim returns the kept buffers' storage");
        }
    }

    @Test
    void shouldNotKeepBuffersAboveTheLargestSizeOrOfAnotherFactory() {
        try (BufferFactory factory = recycling(2, 1 << 12);
             BufferFactory other = recycling(2, 1 << 12)) {
            long start = inUse(factory);
            Buffer large = factory.allocate(1 << 13);
            factory.free(large);
            assertEquals(start, inUse(factory), "storage above the largest size goes back at once");
            assertNotSame(large, factory.allocate(1 << 13));

            Buffer foreign = other.allocate(100);
            long otherStart = inUse(other);
            factory.free(foreign);
            assertTrue(inUse(other) < otherStart, "a buffer of another factory goes back to its own pool");
            assertNotSame(foreign, factory.allocate(100));
        }
    }

    @Test
    void shouldForgetTheReceivedMessageAndByteOrderOfAReusedBuffer() {
        try (BufferFactory factory = BufferFactory.builder().medium(Medium.DIRECT).byteOrder(ByteOrder.LITTLE_ENDIAN)
                .recycle(1, 1 << 16).build();
             BufferFactory sender = BufferFactory.builder().medium(Medium.HEAP).byteOrder(ByteOrder.BIG_ENDIAN).build()) {
            Buffer sent = sender.allocate(BufferDescriptor.sectionSize(Type.OBJECT, 1));
            sent.putSectionHeader(Type.OBJECT);
            sent.write(new Object[] {"dynamic"}, 0, 1);
            sent.commit();
            int staticLength = sent.staticLength();
            byte[] dynamic = sent.dynamicArray().clone();
            int dynamicLength = sent.dynamicLength();

            Buffer received = factory.allocate(BufferDescriptor.sectionSize(Type.OBJECT, 1));
            received.storageSegment().copyFrom(sent.staticSegment().asSlice(0, staticLength));
            received.commitReceived(dynamic, dynamicLength);
            assertEquals(ByteOrder.BIG_ENDIAN, received.order());
            factory.free(received);

            Buffer reused = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 1));
            assertSame(received, reused);
            assertEquals(ByteOrder.LITTLE_ENDIAN, reused.order(), "the factory's own byte order again");
            reused.putSectionHeader(Type.INT);
            reused.write(new int[] {5}, 0, 1);
            reused.commit();
            assertEquals(0, reused.dynamicLength(), "no dynamic bytes of the received message are left");
            factory.free(reused);
            sender.free(sent);
        }
    }

    @Test
    @Timeout(60)
    void shouldNeverHandOneBufferToTwoThreads() throws InterruptedException {
        try (BufferFactory factory = recycling(4, 1 << 16)) {
            long start = inUse(factory);
            Set<Buffer> held = ConcurrentHashMap.newKeySet();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            int threads = 4;
            CountDownLatch go = new CountDownLatch(1);
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                Thread worker = new Thread(() -> {
                    try {
                        go.await();
                        for (int i = 0; i < 20_000; i++) {
                            Buffer buffer = factory.allocate(64 << ((seed + i) % 3));
                            if (!held.add(buffer)) {
                                throw new AssertionError("buffer handed out while another thread holds it");
                            }
                            buffer.putSectionHeader(Type.INT);
                            buffer.write(new int[] {i}, 0, 1);
                            buffer.commit();
                            int[] back = new int[1];
                            buffer.getSectionHeader();
                            buffer.getSectionSize();
                            buffer.read(back, 0, 1);
                            if (back[0] != i) {
                                throw new AssertionError("read " + back[0] + ", wrote " + i);
                            }
                            held.remove(buffer);
                            factory.free(buffer);
                        }
                    } catch (Throwable ex) {
                        failure.compareAndSet(null, ex);
                    }
                });
                workers.add(worker);
                worker.start();
            }
            go.countDown();
            for (Thread worker : workers) {
                worker.join();
            }
            if (failure.get() != null) {
                throw new AssertionError(failure.get());
            }
            factory.trim();
            assertEquals(start, inUse(factory), "every buffer back in the pool after trim");
        }
    }

    @Test
    void shouldRejectBadRecyclingArguments() {
        assertThrows(IllegalArgumentException.class, () -> BufferFactory.builder().recycle(0, 1024));
        assertThrows(IllegalArgumentException.class, () -> BufferFactory.builder().recycle(65, 1024));
        IllegalArgumentException notPowerOfTwo =
                assertThrows(IllegalArgumentException.class, () -> BufferFactory.builder().recycle(2, 1000));
        assertTrue(notPowerOfTwo.getMessage().contains("1000"), notPowerOfTwo.getMessage());
    }
}
