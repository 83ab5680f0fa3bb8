package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;

/** What smdev promises beyond the device contract: worlds, class loaders, configuration. */
final class SmdevWorldTest {
    private static final int CONTEXT = 3;

    private static List<Device> join(final SmdevWorld world, final ClassLoader... loaders) {
        final List<Device> devices = new ArrayList<>();
        for (int rank = 0; rank < world.size(); rank++) {
            final Device device = Device.newInstance("smdev");
            final DeviceArguments.Builder arguments = DeviceArguments.builder().rank(rank).size(world.size()).world(world);
            if (rank < loaders.length) {
                arguments.classLoader(loaders[rank]);
            }
            device.init(arguments.build());
            devices.add(device);
        }
        return devices;
    }

    private static void run(final SmdevWorld world, final List<Device> devices, final Ranks.Body body)
        throws InterruptedException {
        final ProcessID[] ids = new ProcessID[world.size()];
        for (int rank = 0; rank < ids.length; rank++) {
            ids[rank] = ProcessID.of(rank);
        }
        try {
            Ranks.run(devices, ids, 50, body);
        } finally {
            for (final Device device : devices) {
                device.finish();
            }
        }
        assertEquals(world.size(), world.finishedCount());
    }

    @Test
    @Timeout(60)
    void shouldRunIndependentWorldsAtOnce() throws InterruptedException {
        final int worlds = 3;
        final List<Thread> threads = new ArrayList<>();
        final List<Throwable> failures = new ArrayList<>();
        for (int w = 0; w < worlds; w++) {
            final int id = w;
            final SmdevWorld world = SmdevWorld.create(2);
            final Thread thread = new Thread(() -> {
                try {
                    run(world, join(world), (device, rank, ids) -> {
                        for (int round = 0; round < 100; round++) {
                            final int[] value = {id * 1000 + round};
                            if (rank == 0) {
                                device.send(value, 0, 1, ids[1], round, CONTEXT);
                            } else {
                                device.recv(value, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                                assertEquals(id * 1000 + round, value[0], "world " + id + " got another world's message");
                            }
                        }
                    });
                } catch (final Throwable ex) {
                    synchronized (failures) {
                        failures.add(ex);
                    }
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (final Thread thread : threads) {
            thread.join();
        }
        assertTrue(failures.isEmpty(), () -> "failures: " + failures);
    }

    @Test
    @Timeout(60)
    void shouldDeserializeObjectsWithTheReceivingRanksClassLoader() throws Exception {
        final URL classes = Payload.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader rankLoader = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader())) {
            final SmdevWorld world = SmdevWorld.create(2);
            run(world, join(world, Payload.class.getClassLoader(), rankLoader), (device, rank, ids) -> {
                if (rank == 0) {
                    device.send(new Payload[] {new Payload(42)}, 0, 1, ids[1], 1, CONTEXT);
                } else {
                    final Object[] received = new Object[1];
                    device.recv(received, 0, 1, ids[0], 1, CONTEXT);
                    final Class<?> type = received[0].getClass();
                    assertEquals(Payload.class.getName(), type.getName());
                    assertNotSame(Payload.class, type, "the receiver's own copy of the class");
                    assertSame(rankLoader, type.getClassLoader());
                    assertEquals(42, type.getField("value").getInt(received[0]));
                }
            });
        }
    }

    @Test
    @Timeout(60)
    void shouldReadObjectSectionsOfReceivedBuffersWithTheReceivingRanksClassLoader() throws Exception {
        final URL classes = Payload.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader rankLoader = new URLClassLoader(new URL[] {classes}, ClassLoader.getPlatformClassLoader());
             BufferFactory factory = BufferFactory.builder().build()) {
            final SmdevWorld world = SmdevWorld.create(2);
            run(world, join(world, Payload.class.getClassLoader(), rankLoader), (device, rank, ids) -> {
                final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.OBJECT, 1));
                if (rank == 0) {
                    buffer.putSectionHeader(Type.OBJECT);
                    buffer.write(new Object[] {new Payload(7)}, 0, 1);
                    buffer.commit();
                    device.send(buffer, ids[1], 1, CONTEXT);
                } else {
                    device.recv(buffer, ids[0], 1, CONTEXT);
                    assertEquals(Type.OBJECT, buffer.getSectionHeader());
                    final Object[] received = new Object[1];
                    buffer.read(received, 0, 1);
                    assertSame(rankLoader, received[0].getClass().getClassLoader());
                    assertEquals(7, received[0].getClass().getField("value").getInt(received[0]));
                }
                factory.free(buffer);
            });
        }
    }

    @Test
    @Timeout(60)
    void shouldSendEagerlyUpToTheConfiguredLimitOnly() throws InterruptedException {
        final SmdevWorld world = SmdevWorld.builder().size(2).eagerLimit(16).build();
        assertEquals(16, world.eagerLimit());
        run(world, join(world), (device, rank, ids) -> {
            if (rank == 0) {
                final Request eager = device.isend(new int[4], 0, 4, ids[1], 1, CONTEXT);
                assertTrue(eager.isComplete(), "16 bytes are sent eagerly");
                final Request rendezvous = device.isend(new int[5], 0, 5, ids[1], 2, CONTEXT);
                assertFalse(rendezvous.isComplete(), "20 bytes wait for the receiver");
                device.send(new int[0], 0, 0, ids[1], 0, CONTEXT);
                rendezvous.await();
            } else {
                device.recv(new int[0], 0, 0, ids[0], 0, CONTEXT);
                device.recv(new int[5], 0, 5, ids[0], 2, CONTEXT);
                device.recv(new int[4], 0, 4, ids[0], 1, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldHandASinkTheSendersOwnArrayAboveTheLimitAStagingBlockBelowItAndAHeapCopyForASmallRun()
        throws InterruptedException {
        // the queues' forms: with fast boxes, the two eager runs would come from a box (FastBoxTest)
        final SmdevWorld world = SmdevWorld.builder().size(2).eagerLimit(1024).fastBoxes(false).build();
        final long[] large = new long[200];
        final long[] medium = new long[64];
        final long[] small = {4};
        java.util.Arrays.fill(medium, 7);
        final AtomicReference<Object> seen = new AtomicReference<>();
        final AtomicReference<MemorySegment> staged = new AtomicReference<>();
        final ElementSink sink = new ElementSink() {
            @Override
            public void accept(final Object array, final int offset, final int count) {
                seen.set(array);
            }

            @Override
            public void accept(final MemorySegment elements, final int count) {
                staged.set(elements);
            }
        };
        run(world, join(world), (device, rank, ids) -> {
            if (rank == 0) {
                device.send(large, 0, large.length, ids[1], 1, CONTEXT);
                device.send(medium, 0, medium.length, ids[1], 2, CONTEXT);
                device.send(small, 0, 1, ids[1], 3, CONTEXT);
            } else {
                device.irecv(sink, ElementType.LONG, large.length, ids[0], 1, CONTEXT).await();
                assertSame(large, seen.get(), "1600 bytes travel by rendezvous: read where the sender has them");
                while (device.iprobe(ids[0], 3, CONTEXT) == null) {
                    Thread.onSpinWait();
                }
                device.irecv(sink, ElementType.LONG, medium.length, ids[0], 2, CONTEXT).await();
                assertEquals(512, staged.get().byteSize(), "512 bytes arrived eagerly: read from the staging block");
                assertEquals(7, staged.get().getAtIndex(java.lang.foreign.ValueLayout.JAVA_LONG, 63));
                device.irecv(sink, ElementType.LONG, 1, ids[0], 3, CONTEXT).await();
                final long[] copy = (long[]) seen.get();
                assertNotSame(small, copy, "a small eager run is read from the sender's heap copy");
                assertEquals(4, copy[0]);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"backoff", "spin", "yield", "park"})
    @Timeout(60)
    void shouldProgressWithEveryIdleStrategy(final String strategy) throws InterruptedException {
        final SmdevWorld world = SmdevWorld.builder().size(4).idleStrategy(strategy).idleSpinNanos(10_000).build();
        assertEquals(strategy, world.idleStrategy());
        run(world, join(world), (device, rank, ids) -> {
            final int[] token = new int[1];
            for (int round = 0; round < 50; round++) {
                if (rank == 0) {
                    token[0] = round;
                    device.send(token, 0, 1, ids[1], round, CONTEXT);
                    device.recv(token, 0, 1, ids[3], round, CONTEXT);
                    assertEquals(round + 3, token[0]);
                } else {
                    device.recv(token, 0, 1, ids[rank - 1], round, CONTEXT);
                    token[0]++;
                    device.send(token, 0, 1, ids[(rank + 1) % 4], round, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldFailASenderWhoseReceiverFinishedWithoutReceiving() {
        final SmdevWorld world = SmdevWorld.builder().size(2).eagerLimit(0).build();
        final List<Device> devices = join(world);
        final Request pending = devices.get(0).isend(new byte[8], 0, 8, ProcessID.of(1), 1, CONTEXT);
        devices.get(1).finish();
        final DeviceException failure = assertThrows(DeviceException.class, pending::await);
        assertTrue(failure.getMessage().contains("rank 1 finished"), failure.getMessage());
        devices.get(0).finish();
    }

    @Test
    @Timeout(60)
    void shouldRejectArgumentsThatDoNotFitTheWorld() {
        final SmdevWorld world = SmdevWorld.create(2);
        final IllegalArgumentException noWorld = assertThrows(IllegalArgumentException.class,
            () -> Device.newInstance("smdev").init(DeviceArguments.builder().rank(0).size(2).build()));
        assertTrue(noWorld.getMessage().contains("SmdevWorld"), noWorld.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Device.newInstance("smdev")
            .init(DeviceArguments.builder().rank(0).size(3).world(world).build()));
        assertThrows(IllegalArgumentException.class, () -> Device.newInstance("smdev")
            .init(DeviceArguments.builder().rank(0).size(2).world("not a world").build()));
        final Device first = Device.newInstance("smdev");
        first.init(DeviceArguments.builder().rank(1).size(2).world(world).build());
        final IllegalArgumentException taken = assertThrows(IllegalArgumentException.class, () -> Device
            .newInstance("smdev").init(DeviceArguments.builder().rank(1).size(2).world(world).build()));
        assertTrue(taken.getMessage().contains("rank 1"), taken.getMessage());
        assertThrows(IllegalStateException.class,
            () -> first.init(DeviceArguments.builder().rank(0).size(2).world(world).build()));
        first.finish();
    }

    @Test
    @Timeout(60)
    void shouldRunOneRankWithoutAWorld() {
        final Device device = Device.newInstance("smdev");
        final ProcessID[] ids = device.init(DeviceArguments.builder().build());
        assertEquals(1, ids.length);
        device.send(new long[] {7, 8}, 0, 2, ids[0], 1, CONTEXT);
        final long[] received = new long[2];
        device.recv(received, 0, 2, ids[0], 1, CONTEXT);
        assertArrayEquals(new long[] {7, 8}, received);
        device.finish();
    }

    @Test
    @Timeout(60)
    void shouldRejectBadWorldSettings() {
        assertThrows(IllegalArgumentException.class, () -> SmdevWorld.create(0));
        assertThrows(IllegalArgumentException.class, () -> SmdevWorld.builder().eagerLimit(-1).build());
        final IllegalArgumentException strategy = assertThrows(IllegalArgumentException.class,
            () -> SmdevWorld.builder().idleStrategy("sleepy").build());
        assertTrue(strategy.getMessage().contains("sleepy") && strategy.getMessage().contains("backoff"),
            strategy.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SmdevWorld.builder().idleSpinNanos(-1).build());
        assertThrows(IllegalArgumentException.class, () -> SmdevWorld.builder().idleMaxParkNanos(10).build());
    }
}
