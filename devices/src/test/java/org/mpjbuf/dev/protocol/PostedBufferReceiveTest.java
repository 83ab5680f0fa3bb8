package org.mpjbuf.dev.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;

/**
 * What every process device ({@link MessageDevice}) does with buffer receives posted before their
 * messages: an eager buffer message whose buffer receive was posted before it arrived goes straight
 * into that receive's buffer: every size around the inbox and the eager limit arrives intact, objects
 * in the dynamic part too, in the order the receives were posted; a posted buffer too small for
 * the message still reports the truncation.
 */
public abstract class PostedBufferReceiveTest {
    private static final int CONTEXT = 3;
    private static final int GO_TAG = 999;
    private static final int[] INT_COUNTS = {1, 15, 16, 2_000, 2_100, 4_096, 16_000, 30_000};

    /** Creates the test; a subclass names the device. */
    protected PostedBufferReceiveTest() {
    }

    @Test
    @Timeout(60)
    void shouldReadEagerMessagesStraightIntoReceivesPostedFirst() throws InterruptedException {
        onTwoRanks(factory -> (device, rank, all) -> {
            if (rank == 0) {
                device.recv(new byte[0], 0, 0, all[1], GO_TAG, CONTEXT);
                for (int m = 0; m < INT_COUNTS.length; m++) {
                    final Buffer buffer = message(factory, m, INT_COUNTS[m]);
                    device.send(buffer, all[1], m, CONTEXT);
                    factory.free(buffer);
                }
            } else {
                final Buffer[] buffers = new Buffer[INT_COUNTS.length];
                final Request[] receives = new Request[INT_COUNTS.length];
                for (int m = 0; m < INT_COUNTS.length; m++) {
                    buffers[m] = factory.allocate(sizeOf(INT_COUNTS[m]));
                    receives[m] = device.irecv(buffers[m], all[0], Device.ANY_TAG, CONTEXT);
                }
                device.send(new byte[0], 0, 0, all[0], GO_TAG, CONTEXT);
                for (int m = 0; m < INT_COUNTS.length; m++) {
                    assertEquals(m, receives[m].await().tag(), "receives match in the order they were posted");
                    assertMessage(buffers[m], m, INT_COUNTS[m]);
                    factory.free(buffers[m]);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldTellAWaiterHowManyBytesEachRequestMoves() throws InterruptedException {
        onTwoRanks(factory -> (device, rank, all) -> {
            if (rank == 0) {
                final Buffer buffer = factory.allocate(BufferDescriptor.sectionSize(Type.INT, 2_000));
                buffer.putSectionHeader(Type.INT);
                buffer.write(new int[2_000], 0, 2_000);
                buffer.commit();
                final Request send = device.isend(buffer, all[1], 0, CONTEXT);
                assertEquals(buffer.staticLength(), send.expectedBytes(), "a send: its message");
                send.await();
                factory.free(buffer);
                device.send(new int[100], 0, 100, all[1], 1, CONTEXT);
                device.send(new byte[3], 0, 3, all[1], 2, CONTEXT);
            } else {
                final Buffer into = factory.allocate(sizeOf(2_000));
                final Request receive = device.irecv(into, all[0], 0, CONTEXT);
                assertEquals(into.capacity(), receive.expectedBytes(), "a buffer receive: at most its buffer");
                receive.await();
                factory.free(into);
                final Request arrayReceive = device.irecv(new int[100], 0, 100, all[0], 1, CONTEXT);
                assertEquals(400, arrayReceive.expectedBytes(), "an array receive: its elements");
                arrayReceive.await();
                final Request probe = device.startProbe(all[0], 2, CONTEXT);
                assertEquals(0, probe.expectedBytes(), "a probe moves nothing");
                probe.await();
                device.recv(new byte[3], 0, 3, all[0], 2, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReportTruncationWhenThePostedBufferIsTooSmall() throws InterruptedException {
        onTwoRanks(factory -> (device, rank, all) -> {
            if (rank == 0) {
                device.recv(new byte[0], 0, 0, all[1], GO_TAG, CONTEXT);
                final Buffer buffer = message(factory, 0, 1_000);
                device.send(buffer, all[1], 0, CONTEXT);
                factory.free(buffer);
            } else {
                final Buffer small = factory.allocate(sizeOf(10));
                final Request receive = device.irecv(small, all[0], 0, CONTEXT);
                device.send(new byte[0], 0, 0, all[0], GO_TAG, CONTEXT);
                assertThrows(TruncationException.class, receive::await);
                factory.free(small);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldGiveBackTheCreditOfMessagesReadStraightIntoTheirReceives() throws InterruptedException {
        final int messages = 40;
        final int ints = 700;
        final Map<String, String> smallCredit = Map.of(eagerLimitSetting(), "4096", eagerCreditSetting(), "8192");
        onTwoRanks(smallCredit, factory -> (device, rank, all) -> {
            if (rank == 0) {
                device.recv(new byte[0], 0, 0, all[1], GO_TAG, CONTEXT);
                for (int m = 0; m < messages; m++) {
                    final Buffer buffer = message(factory, m, ints);
                    device.send(buffer, all[1], m, CONTEXT);
                    factory.free(buffer);
                }
                device.recv(new byte[0], 0, 0, all[1], GO_TAG, CONTEXT);
                assertEquals(8192, ((MessageDevice) device).eagerCredit(1).sendable(),
                    "the receiver gave back the credit of every message it read into a posted receive");
            } else {
                final Buffer[] buffers = new Buffer[messages];
                final Request[] receives = new Request[messages];
                for (int m = 0; m < messages; m++) {
                    buffers[m] = factory.allocate(sizeOf(ints));
                    receives[m] = device.irecv(buffers[m], all[0], m, CONTEXT);
                }
                device.send(new byte[0], 0, 0, all[0], GO_TAG, CONTEXT);
                for (int m = 0; m < messages; m++) {
                    receives[m].await();
                    assertMessage(buffers[m], m, ints);
                    factory.free(buffers[m]);
                }
                device.send(new byte[0], 0, 0, all[0], GO_TAG, CONTEXT);
            }
        });
    }

    /**
     * A thread's blocking buffer receives ({@link Device#irecvToWait}) share a request once the
     * previous one's status has been taken, and like messages share a status; a receive whose
     * status was not taken yet is never handed out again.
     */
    @Test
    @Timeout(60)
    void shouldReuseABlockingReceiveOnlyOnceItsStatusIsTaken() throws InterruptedException {
        final int messages = 20;
        onTwoRanks(factory -> (device, rank, all) -> {
            if (rank == 0) {
                for (int m = 0; m < messages + 2; m++) {
                    final Buffer buffer = message(factory, m % 10, 4);
                    device.send(buffer, all[1], m < messages ? 5 : m, CONTEXT);
                    factory.free(buffer);
                }
            } else {
                final Set<Request> requests = Collections.newSetFromMap(new IdentityHashMap<>());
                final Set<Status> statuses = Collections.newSetFromMap(new IdentityHashMap<>());
                for (int m = 0; m < messages; m++) {
                    final Buffer buffer = factory.allocate(sizeOf(4));
                    final Request receive = device.irecvToWait(buffer, all[0], 5, CONTEXT);
                    requests.add(receive);
                    statuses.add(receive.await());
                    assertMessage(buffer, m % 10, 4);
                    factory.free(buffer);
                }
                assertTrue(requests.size() < messages, "no request was reused: " + requests.size());
                assertTrue(statuses.size() < messages, "no status was shared: " + statuses.size());
                while (device.iprobe(all[0], messages, CONTEXT) == null) {
                    Thread.onSpinWait();
                }
                final Buffer first = factory.allocate(sizeOf(4));
                final Request complete = device.irecvToWait(first, all[0], messages, CONTEXT);
                while (!complete.isComplete()) {
                    Thread.onSpinWait();
                }
                final Buffer second = factory.allocate(sizeOf(4));
                final Request next = device.irecvToWait(second, all[0], messages + 1, CONTEXT);
                assertNotSame(complete, next, "a receive whose status was not taken was handed out again");
                assertEquals(messages + 1, next.await().tag());
                assertEquals(messages, complete.await().tag());
                assertMessage(first, messages % 10, 4);
                assertMessage(second, (messages + 1) % 10, 4);
                factory.free(first);
                factory.free(second);
            }
        });
    }

    /**
     * Opens two ranks of the device under test.
     *
     * @param properties the device arguments of both ranks
     * @return the devices, by rank
     */
    protected abstract List<Device> openTwoRanks(Map<String, String> properties);

    /** {@return the device's setting of its protocol switch limit} */
    protected abstract String eagerLimitSetting();

    /** {@return the device's setting of its eager credit per peer} */
    protected abstract String eagerCreditSetting();

    /** Runs one body per rank on two ranks sharing a buffer factory. */
    private void onTwoRanks(final Function<BufferFactory, Ranks.Body> body) throws InterruptedException {
        onTwoRanks(Map.of(), body);
    }

    private void onTwoRanks(final Map<String, String> properties, final Function<BufferFactory, Ranks.Body> body)
        throws InterruptedException {
        final List<Device> devices = openTwoRanks(properties);
        try (BufferFactory factory = BufferFactory.builder().build()) {
            Ranks.run(devices, new ProcessID[] {ProcessID.of(0), ProcessID.of(1)}, 50, body.apply(factory));
        } finally {
            devices.forEach(Device::finish);
        }
    }

    private static int sizeOf(final int ints) {
        return BufferDescriptor.sectionSize(Type.INT, ints) + BufferDescriptor.sectionSize(Type.OBJECT, 1);
    }

    private static Buffer message(final BufferFactory factory, final int m, final int ints) {
        final Buffer buffer = factory.allocate(sizeOf(ints));
        final int[] values = new int[ints];
        Arrays.setAll(values, i -> i * 31 + m);
        buffer.putSectionHeader(Type.INT);
        buffer.write(values, 0, ints);
        buffer.putSectionHeader(Type.OBJECT);
        buffer.write(new Object[] {"message " + m}, 0, 1);
        buffer.commit();
        return buffer;
    }

    private static void assertMessage(final Buffer buffer, final int m, final int ints) {
        assertEquals(Type.INT, buffer.getSectionHeader());
        final int[] values = new int[ints];
        buffer.read(values, 0, ints);
        final int[] expected = new int[ints];
        Arrays.setAll(expected, i -> i * 31 + m);
        assertArrayEquals(expected, values, "message " + m);
        assertEquals(Type.OBJECT, buffer.getSectionHeader());
        final Object[] text = new Object[1];
        buffer.read(text, 0, 1);
        assertEquals("message " + m, text[0]);
    }
}
