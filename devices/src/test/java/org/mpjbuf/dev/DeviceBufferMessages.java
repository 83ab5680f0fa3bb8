package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;

/**
 * Packed mpjbuf {@link Buffer} messages: several sections with objects, both protocols, either side
 * first, truncation, and the crossings between buffer and array messages.
 */
public abstract class DeviceBufferMessages extends DeviceOrderingProperties {
    private final BufferFactory factory = BufferFactory.builder().build();

    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceBufferMessages() {
    }

    @AfterEach
    final void closeFactory() {
        factory.close();
    }

    private Buffer packed(final int intCount, final int seed) {
        final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, intCount)
            + BufferDescriptor.sectionSize(Type.DOUBLE, 2) + BufferDescriptor.sectionSize(Type.OBJECT, 2));
        buffer.putSectionHeader(Type.INT);
        buffer.write(ints(intCount, seed), 0, intCount);
        buffer.putSectionHeader(Type.DOUBLE);
        buffer.write(new double[] {seed, -seed / 2.0}, 0, 2);
        buffer.putSectionHeader(Type.OBJECT);
        buffer.write(new Object[] {"text-" + seed, java.util.List.of(seed, seed + 1)}, 0, 2);
        buffer.commit();
        return buffer;
    }

    private static void checkPacked(final Buffer buffer, final int intCount, final int seed) {
        assertEquals(Type.INT, buffer.getSectionHeader());
        assertEquals(intCount, buffer.getSectionSize());
        final int[] values = new int[intCount];
        buffer.read(values, 0, intCount);
        assertArrayEquals(ints(intCount, seed), values);
        assertEquals(Type.DOUBLE, buffer.getSectionHeader());
        final double[] doubles = new double[2];
        buffer.read(doubles, 0, 2);
        assertArrayEquals(new double[] {seed, -seed / 2.0}, doubles);
        assertEquals(Type.OBJECT, buffer.getSectionHeader());
        final Object[] objects = new Object[2];
        buffer.read(objects, 0, 2);
        assertEquals("text-" + seed, objects[0]);
        assertEquals(java.util.List.of(seed, seed + 1), objects[1]);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 100, -1})
    @Timeout(60)
    void shouldDeliverPackedBuffersOnBothProtocolsWhicheverSideComesFirst(final int size) throws InterruptedException {
        final int intCount = size >= 0 ? size : eagerLimit() / Integer.BYTES + 16;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Buffer first = packed(intCount, 1);
                device.send(first, ids[1], 1, CONTEXT);
                final Buffer second = packed(intCount, 2);
                device.recv(new int[0], 0, 0, ids[1], 0, CONTEXT);
                device.send(second, ids[1], 2, CONTEXT);
                factory.free(first);
                factory.free(second);
            } else {
                final Buffer late = factory.allocate(4 * intCount + 1024);
                while (device.iprobe(ids[0], 1, CONTEXT) == null) {
                    Thread.onSpinWait();
                }
                final Status status = device.recv(late, ids[0], 1, CONTEXT);
                assertEquals(ElementType.INT, status.elementType());
                assertEquals(intCount, status.elementCount());
                assertEquals(late.staticLength() + late.dynamicLength(), status.byteCount());
                checkPacked(late, intCount, 1);
                final Buffer early = factory.allocate(4 * intCount + 1024);
                final Request request = device.irecv(early, ids[0], 2, CONTEXT);
                device.send(new int[0], 0, 0, ids[0], 0, CONTEXT);
                request.await();
                checkPacked(early, intCount, 2);
                factory.free(late);
                factory.free(early);
            }
        });
    }

    /**
     * {@link Device#sendOrStart(Buffer, ProcessID, int, int)} and {@code isend} mixed, with the
     * receiver late so that the eager credit runs out: every message arrives whole and in order,
     * though each buffer is freed (and its memory packed again) as soon as its send is complete.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 300, -1})
    @Timeout(60)
    void shouldDeliverWhatABufferSendOrStartSendsInOrder(final int size) throws InterruptedException {
        final int intCount = size >= 0 ? size : eagerLimit() / Integer.BYTES + 16;
        final int messages = 24;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Map<Request, Buffer> pending = new LinkedHashMap<>();
                for (int i = 0; i < messages; i++) {
                    final Buffer buffer = packed(intCount, i);
                    final Request send = i % 3 == 2
                        ? device.isend(buffer, ids[1], 4, CONTEXT)
                        : device.sendOrStart(buffer, ids[1], 4, CONTEXT);
                    if (send == null) {
                        factory.free(buffer);
                    } else {
                        pending.put(send, buffer);
                    }
                }
                device.send(new int[0], 0, 0, ids[1], 5, CONTEXT);
                pending.forEach((send, buffer) -> {
                    send.await();
                    factory.free(buffer);
                });
            } else {
                device.recv(new int[0], 0, 0, ids[0], 5, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final Buffer in = factory.allocate(4 * intCount + 1024);
                    assertEquals(intCount, device.recv(in, ids[0], 4, CONTEXT).elementCount(), "message " + i);
                    checkPacked(in, intCount, i);
                    factory.free(in);
                }
            }
        });
    }

    /**
     * Blocking receives through {@link Device#irecvToWait}, one after the other on one thread, each
     * with its own status and data (a device may hand out the same request again); one left
     * pending while the next starts, and one cancelled, do not disturb the others.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 300, -1})
    @Timeout(60)
    void shouldGiveEachReceiveToWaitItsOwnMessage(final int size) throws InterruptedException {
        final int intCount = size >= 0 ? size : eagerLimit() / Integer.BYTES + 16;
        final int messages = 12;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.recv(new int[0], 0, 0, ids[1], 0, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final Buffer buffer = packed(intCount, i);
                    device.send(buffer, ids[1], 10 + i, CONTEXT);
                    factory.free(buffer);
                }
                final Buffer last = packed(intCount, 99);
                device.send(last, ids[1], 99, CONTEXT);
                final Buffer first = packed(intCount, 98);
                device.send(first, ids[1], 98, CONTEXT);
                factory.free(last);
                factory.free(first);
            } else {
                final Buffer cancelledInto = factory.allocate(64);
                final Request cancelled = device.irecvToWait(cancelledInto, ids[0], 7, CONTEXT);
                assertTrue(cancelled.cancel());
                assertTrue(cancelled.await().cancelled());
                device.send(new int[0], 0, 0, ids[0], 0, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final Buffer in = factory.allocate(4 * intCount + 1024);
                    final Status status = device.irecvToWait(in, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT).await();
                    assertEquals(10 + i, status.tag(), "message " + i);
                    assertEquals(ids[0], status.source());
                    assertEquals(intCount, status.elementCount());
                    checkPacked(in, intCount, i);
                    factory.free(in);
                }
                final Buffer pendingInto = factory.allocate(4 * intCount + 1024);
                final Request pending = device.irecvToWait(pendingInto, ids[0], 98, CONTEXT);
                final Buffer nextInto = factory.allocate(4 * intCount + 1024);
                final Request next = device.irecvToWait(nextInto, ids[0], 99, CONTEXT);
                assertEquals(99, next.await().tag());
                assertEquals(98, pending.await().tag());
                checkPacked(nextInto, intCount, 99);
                checkPacked(pendingInto, intCount, 98);
                factory.free(cancelledInto);
                factory.free(pendingInto);
                factory.free(nextInto);
            }
        });
    }

    /**
     * A buffer receive that names an array for its elements ({@link Buffer#receiveInto}) gets
     * them there, eager or rendezvous (a large one over many reads), if its device copies them as
     * they land, and in the buffer either way; one that names none, and an array receive, get the
     * same message as before.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 100, -1, 400_000})
    @Timeout(60)
    void shouldLandTheElementsOfABufferReceiveInItsArrayOnBothProtocols(final int size) throws InterruptedException {
        final int intCount = size >= 0 ? size : eagerLimit() / Integer.BYTES + 16;
        final int messages = 6;
        inWorld(2, (device, rank, ids) -> {
            final int[] values = new int[intCount + 3];
            if (rank == 0) {
                final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, intCount));
                for (int m = 0; m < messages; m++) {
                    buffer.clear();
                    buffer.putSectionHeader(Type.INT);
                    System.arraycopy(ints(intCount, m), 0, values, 3, intCount);
                    buffer.write(values, 3, intCount);
                    buffer.commit();
                    device.send(buffer, ids[1], m, CONTEXT);
                    Arrays.fill(values, -1);
                }
                factory.free(buffer);
                return;
            }
            final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, intCount));
            for (int m = 0; m < messages; m++) {
                if (m % 3 == 2) {
                    final int[] run = new int[intCount];
                    device.recv(run, 0, intCount, ids[0], m, CONTEXT);
                    assertArrayEquals(ints(intCount, m), run, "message " + m + " as an array");
                    continue;
                }
                buffer.clear();
                Arrays.fill(values, 0);
                if (m % 3 == 0) {
                    buffer.receiveInto(values, 3, intCount);
                }
                final Status status = device.recv(buffer, ids[0], m, CONTEXT);
                assertEquals(intCount, status.elementCount());
                assertEquals(Type.INT, buffer.getSectionHeader());
                final int[] read = new int[intCount];
                buffer.read(read, 0, intCount);
                assertArrayEquals(ints(intCount, m), read, "message " + m);
                if (m % 3 == 1) {
                    assertEquals(0, buffer.landedElements(), "message " + m + " named no array to land in");
                } else if (buffer.landedElements() > 0) {
                    assertEquals(intCount, buffer.landedElements());
                    assertArrayEquals(ints(intCount, m), Arrays.copyOfRange(values, 3, intCount + 3),
                        "message " + m + " as it landed");
                }
            }
            factory.free(buffer);
        });
    }

    @Test
    @Timeout(60)
    void shouldReceiveAnArrayMessageAsABufferAndABufferMessageAsAnArray() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(5, 3), 0, 5, ids[1], 1, CONTEXT);
                final Buffer buffer = packed(6, 4);
                device.send(buffer, ids[1], 2, CONTEXT);
                factory.free(buffer);
                device.send(new String[] {"a", "b"}, 0, 2, ids[1], 3, CONTEXT);
            } else {
                final Buffer asBuffer = factory.allocate(64);
                final Status arrayStatus = device.recv(asBuffer, ids[0], 1, CONTEXT);
                assertEquals(5, arrayStatus.elementCount());
                assertEquals(Type.INT, asBuffer.getSectionHeader());
                final int[] values = new int[5];
                asBuffer.read(values, 0, 5);
                assertArrayEquals(ints(5, 3), values);
                final int[] firstSection = new int[6];
                device.recv(firstSection, 0, 6, ids[0], 2, CONTEXT);
                assertArrayEquals(ints(6, 4), firstSection, "the first section of the packed message");
                device.recv(asBuffer, ids[0], 3, CONTEXT);
                assertEquals(Type.OBJECT, asBuffer.getSectionHeader());
                final Object[] strings = new Object[2];
                asBuffer.read(strings, 0, 2);
                assertArrayEquals(new Object[] {"a", "b"}, strings);
                factory.free(asBuffer);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReportATooSmallReceiveBufferAndStayUsable() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Buffer big = packed(100, 5);
                device.send(big, ids[1], 1, CONTEXT);
                final Buffer small = packed(1, 6);
                device.send(small, ids[1], 1, CONTEXT);
                factory.free(big);
                factory.free(small);
            } else {
                final Buffer receive = factory.allocate(128);
                final TruncationException truncated = assertThrows(TruncationException.class,
                    () -> device.recv(receive, ids[0], 1, CONTEXT));
                assertEquals(100, truncated.status().elementCount());
                assertTrue(truncated.getMessage().contains("bytes"), truncated.getMessage());
                device.recv(receive, ids[0], 1, CONTEXT);
                checkPacked(receive, 1, 6);
                factory.free(receive);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRejectAnUncommittedSendBuffer() {
        final Device device = openTracked(1).get(0);
        final Buffer buffer = factory.allocate(64);
        final IllegalArgumentException uncommitted = assertThrows(IllegalArgumentException.class,
            () -> device.isend(buffer, device.id(), 1, CONTEXT));
        assertTrue(uncommitted.getMessage().contains("commit"), uncommitted.getMessage());
        factory.free(buffer);
    }
}
