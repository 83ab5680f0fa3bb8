package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;

/**
 * The contract of sink receives ({@link Device#irecv(ElementSink, ElementType, int, ProcessID,
 * int, int)}): the sink gets the message's elements once, on both protocols and whichever side
 * comes first, from array, object and buffer messages; a truncated message gives the sink the
 * receive's capacity and fails the request with both sizes; a mismatch or a cancel never calls
 * the sink.
 */
public abstract class DeviceSinkReceives extends DeviceProbeRequests {
    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceSinkReceives() {
    }

    /** Copies what it is given into an array and counts its calls. */
    private static final class Recording implements ElementSink {
        final Object[] objects;
        final int[] ints;
        final AtomicInteger calls = new AtomicInteger();

        Recording(final int capacity, final boolean objects) {
            this.objects = objects ? new Object[capacity] : null;
            this.ints = objects ? null : new int[capacity];
        }

        @Override
        public void accept(final Object array, final int offset, final int count) {
            calls.incrementAndGet();
            System.arraycopy(array, offset, objects != null ? objects : ints, 0, count);
        }

        @Override
        public void accept(final MemorySegment elements, final int count) {
            calls.incrementAndGet();
            MemorySegment.copy(elements, ValueLayout.JAVA_INT_UNALIGNED, 0, ints, 0, count);
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void shouldHandEveryElementToTheSinkOnBothProtocolsWhicheverSideComesFirst(final boolean receiveFirst)
        throws InterruptedException {
        final int[] lengths = {0, 5, eagerLimit() / Integer.BYTES + 3, 1 << 16};
        final CountDownLatch posted = new CountDownLatch(1);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                if (receiveFirst) {
                    assertTrue(posted.await(RANK_SECONDS, TimeUnit.SECONDS));
                }
                for (int i = 0; i < lengths.length; i++) {
                    device.send(ints(lengths[i], i), 0, lengths[i], ids[1], i, CONTEXT);
                }
            } else {
                final Recording[] sinks = new Recording[lengths.length];
                final Request[] receives = new Request[lengths.length];
                for (int i = 0; i < lengths.length; i++) {
                    if (!receiveFirst) {
                        while (device.iprobe(ids[0], i, CONTEXT) == null) {
                            Thread.onSpinWait();
                        }
                    }
                    sinks[i] = new Recording(lengths[i] + 2, false);
                    receives[i] = device.irecv(sinks[i], ElementType.INT, lengths[i] + 2, ids[0], i, CONTEXT);
                    if (i == 0) {
                        posted.countDown();
                    }
                }
                for (int i = 0; i < lengths.length; i++) {
                    final Status status = receives[i].await();
                    assertEquals(lengths[i], status.elementCount());
                    assertEquals(i, status.tag());
                    assertEquals(lengths[i] == 0 ? 0 : 1, sinks[i].calls.get(), "one call per message with data");
                    final int[] expected = new int[lengths[i] + 2];
                    System.arraycopy(ints(lengths[i], i), 0, expected, 0, lengths[i]);
                    assertArrayEquals(expected, sinks[i].ints);
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 1 << 15})
    @Timeout(60)
    void shouldGiveTheSinkTheCapacityOfATruncatedReceiveAndReportBothSizes(final int length)
        throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(length, 3), 0, length, ids[1], 1, CONTEXT);
                device.send(ints(1, 4), 0, 1, ids[1], 2, CONTEXT);
            } else {
                final Recording sink = new Recording(length - 4, false);
                final Request receive = device.irecv(sink, ElementType.INT, length - 4, ids[0], 1, CONTEXT);
                final TruncationException truncated = assertThrows(TruncationException.class, receive::await);
                assertTrue(truncated.getMessage().contains(Integer.toString(length)), truncated.getMessage());
                final int[] expected = new int[length - 4];
                System.arraycopy(ints(length, 3), 0, expected, 0, length - 4);
                assertArrayEquals(expected, sink.ints);
                final int[] next = new int[1];
                device.recv(next, 0, 1, ids[0], 2, CONTEXT);
                assertArrayEquals(ints(1, 4), next, "the device stays usable");
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldNeverCallTheSinkOnATypeMismatchOrACancel() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(new double[] {1.5}, 0, 1, ids[1], 1, CONTEXT);
            } else {
                final Recording sink = new Recording(4, false);
                final Request receive = device.irecv(sink, ElementType.INT, 4, ids[0], 1, CONTEXT);
                assertInstanceOf(DeviceException.class, assertThrows(DeviceException.class, receive::await));
                final Request cancelled = device.irecv(sink, ElementType.INT, 4, ids[0], 9, CONTEXT);
                assertTrue(cancelled.cancel());
                assertTrue(cancelled.await().cancelled());
                assertEquals(0, sink.calls.get());
                assertThrows(IllegalArgumentException.class,
                    () -> device.irecv(sink, ElementType.INT, -1, ids[0], 1, CONTEXT));
                assertThrows(NullPointerException.class,
                    () -> device.irecv((ElementSink) null, ElementType.INT, 1, ids[0], 1, CONTEXT));
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldHandObjectsAndABufferMessagesFirstSectionToTheSink() throws InterruptedException {
        try (BufferFactory factory = BufferFactory.builder().build()) {
            inWorld(2, (device, rank, ids) -> {
                if (rank == 0) {
                    device.send(new String[] {"a", "b", "c"}, 0, 3, ids[1], 1, CONTEXT);
                    final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 6));
                    buffer.putSectionHeader(Type.INT);
                    buffer.write(ints(6, 8), 0, 6);
                    buffer.commit();
                    device.send(buffer, ids[1], 2, CONTEXT);
                    factory.free(buffer);
                } else {
                    final Recording objects = new Recording(3, true);
                    device.irecv(objects, ElementType.OBJECT, 3, ids[0], 1, CONTEXT).await();
                    assertArrayEquals(new Object[] {"a", "b", "c"}, objects.objects);
                    final Recording section = new Recording(6, false);
                    assertEquals(6, device.irecv(section, ElementType.INT, 6, ids[0], 2, CONTEXT).await()
                        .elementCount());
                    assertArrayEquals(ints(6, 8), section.ints);
                }
            });
        }
    }
}
