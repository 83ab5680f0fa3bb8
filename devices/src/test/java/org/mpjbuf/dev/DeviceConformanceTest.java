package org.mpjbuf.dev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The contract of {@link Device}, which every device passes by subclassing this suite and saying
 * how to open a world of initialized devices. Ranks run on their own threads; every test has a
 * timeout, and {@link Ranks} fails a rank that hangs with its stack trace.
 */
public abstract class DeviceConformanceTest extends DeviceBufferMessages {
    /** Creates the suite; subclasses say how to open a world. */
    protected DeviceConformanceTest() {
    }

    @Test
    @Timeout(60)
    void shouldReportEveryRankFromInit() throws InterruptedException {
        inWorld(3, (device, rank, ids) -> {
            assertEquals(3, ids.length);
            assertEquals(ids[rank], device.id());
            assertEquals(rank, device.id().rank());
        });
    }

    @ParameterizedTest
    @EnumSource(ElementType.class)
    @Timeout(60)
    void shouldDeliverEveryElementTypeWithOneBlockingSendAndReceive(final ElementType type)
        throws InterruptedException {
        final int count = 37;
        final Object sent = Array.newInstance(type == ElementType.OBJECT ? String.class : type.carrier(), count + 3);
        for (int i = 0; i < count + 3; i++) {
            Array.set(sent, i, sample(type, i));
        }
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(sent, 3, count, ids[1], 5, CONTEXT);
            } else {
                final Object received = Array.newInstance(sent.getClass().getComponentType(), count + 1);
                final Status status = device.recv(received, 1, count, ids[0], 5, CONTEXT);
                assertEquals(ids[0], status.source());
                assertEquals(5, status.tag());
                assertEquals(CONTEXT, status.context());
                assertEquals(count, status.elementCount());
                assertEquals(type, status.elementType());
                if (type.isPrimitive()) {
                    assertEquals((long) count * type.byteSize(), status.byteCount());
                }
                for (int i = 0; i < count; i++) {
                    assertEquals(Array.get(sent, 3 + i), Array.get(received, 1 + i), "element " + i);
                }
                if (type == ElementType.OBJECT) {
                    assertNotSame(Array.get(sent, 3), Array.get(received, 1), "objects travel as copies");
                }
            }
        });
    }

    private static Object sample(final ElementType type, final int i) {
        return switch (type) {
            case BYTE -> (byte) (i * 3);
            case BOOLEAN -> i % 3 == 0;
            case CHAR -> (char) ('a' + i);
            case SHORT -> (short) (i * 1000);
            case INT -> i * 100_003;
            case FLOAT -> i * 0.5f;
            case LONG -> i * 10_000_000_019L;
            case DOUBLE -> i / 3.0;
            case OBJECT -> "object-" + i;
        };
    }

    @Test
    @Timeout(60)
    void shouldMatchAnySourceAndAnyTag() throws InterruptedException {
        inWorld(3, (device, rank, ids) -> {
            if (rank == 0) {
                final int[] from = new int[1];
                final boolean[] seen = new boolean[3];
                for (int i = 0; i < 2; i++) {
                    final Status status = device.recv(from, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                    assertEquals(status.source().rank(), from[0]);
                    assertEquals(10 + from[0], status.tag());
                    seen[from[0]] = true;
                }
                assertTrue(seen[1] && seen[2], "a message from each of ranks 1 and 2");
            } else {
                device.send(new int[] {rank}, 0, 1, ids[0], 10 + rank, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldMatchOnlyTheRequestedTagAndSource() throws InterruptedException {
        inWorld(3, (device, rank, ids) -> {
            if (rank == 0) {
                final int[] value = new int[1];
                device.recv(value, 0, 1, ids[2], 2, CONTEXT);
                assertEquals(22, value[0], "source 2 tag 2 first although others arrive earlier");
                device.recv(value, 0, 1, ids[1], 2, CONTEXT);
                assertEquals(12, value[0]);
                device.recv(value, 0, 1, ids[1], 1, CONTEXT);
                assertEquals(11, value[0]);
                device.recv(value, 0, 1, ids[2], 1, CONTEXT);
                assertEquals(21, value[0]);
            } else {
                device.send(new int[] {rank * 10 + 1}, 0, 1, ids[0], 1, CONTEXT);
                device.send(new int[] {rank * 10 + 2}, 0, 1, ids[0], 2, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldKeepContextsApart() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(new int[] {1}, 0, 1, ids[1], 3, CONTEXT);
                device.send(new int[] {2}, 0, 1, ids[1], 3, CONTEXT + 1);
            } else {
                final int[] value = new int[1];
                final Status status = device.recv(value, 0, 1, Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT + 1);
                assertEquals(2, value[0], "the wildcards do not cross contexts");
                assertEquals(CONTEXT + 1, status.context());
                device.recv(value, 0, 1, ids[0], 3, CONTEXT);
                assertEquals(1, value[0]);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldNotConsumeMessagesWhenProbing() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(5, 1), 0, 5, ids[1], 4, CONTEXT);
                device.send(ints(6, 2), 0, 6, ids[1], 4, CONTEXT);
            } else {
                assertNull(device.iprobe(ids[0], 99, CONTEXT), "nothing was sent with tag 99");
                final Status probed = device.probe(ids[0], 4, CONTEXT);
                assertEquals(5, probed.elementCount());
                assertEquals(ElementType.INT, probed.elementType());
                assertEquals(20, probed.byteCount());
                Status again = null;
                while (again == null) {
                    again = device.iprobe(Device.ANY_SOURCE, Device.ANY_TAG, CONTEXT);
                }
                assertEquals(5, again.elementCount(), "probing twice sees the same, oldest message");
                final int[] first = new int[5];
                device.recv(first, 0, 5, ids[0], 4, CONTEXT);
                assertArrayEquals(ints(5, 1), first);
                assertEquals(6, device.probe(Device.ANY_SOURCE, 4, CONTEXT).elementCount());
                final int[] second = new int[6];
                device.recv(second, 0, 6, ids[0], 4, CONTEXT);
                assertArrayEquals(ints(6, 2), second);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 1 << 20})
    @Timeout(60)
    void shouldCompleteSynchronousSendOnlyOnceMatched(final int length) throws InterruptedException {
        final CountDownLatch checked = new CountDownLatch(1);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Request request = device.issend(bytes(length, 3), 0, length, ids[1], 1, CONTEXT);
                Thread.sleep(50);
                assertFalse(request.isComplete(), "no receive has been posted yet");
                assertNull(request.test());
                checked.countDown();
                assertEquals(length, request.await().byteCount());
            } else {
                assertTrue(checked.await(RANK_SECONDS, TimeUnit.SECONDS));
                final byte[] received = new byte[length];
                device.recv(received, 0, length, ids[0], 1, CONTEXT);
                assertArrayEquals(bytes(length, 3), received);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldWakePeekWhenARequestCompletes() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final int[] a = new int[1];
                final int[] b = new int[1];
                final Request first = device.irecv(a, 0, 1, ids[1], 1, CONTEXT);
                final Request second = device.irecv(b, 0, 1, ids[1], 2, CONTEXT);
                device.send(new int[] {0}, 0, 1, ids[1], 0, CONTEXT);
                final Request any = waitAny(device, first, second);
                assertSame(second, any, "only tag 2 was sent");
                assertEquals(2, b[0]);
                device.send(new int[] {0}, 0, 1, ids[1], 0, CONTEXT);
                assertSame(first, waitAny(device, first));
                assertEquals(1, a[0]);
            } else {
                final int[] go = new int[1];
                device.recv(go, 0, 1, ids[0], 0, CONTEXT);
                device.send(new int[] {2}, 0, 1, ids[0], 2, CONTEXT);
                device.recv(go, 0, 1, ids[0], 0, CONTEXT);
                device.send(new int[] {1}, 0, 1, ids[0], 1, CONTEXT);
            }
        });
    }

    /** Waitany as the mpi layer builds it on peek: test, then peek, repeat. */
    private static Request waitAny(final Device device, final Request... requests) {
        while (true) {
            for (final Request request : requests) {
                if (request.test() != null) {
                    return request;
                }
            }
            assertNotNull(device.peek());
        }
    }

    @Test
    @Timeout(60)
    void shouldCallCompletionListenersOnceAfterCompletion() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final int[] value = new int[1];
                final Request request = device.irecv(value, 0, 1, ids[1], 1, CONTEXT);
                final AtomicInteger calls = new AtomicInteger();
                final CountDownLatch called = new CountDownLatch(1);
                request.addCompletionListener(r -> {
                    assertTrue(r.isComplete());
                    calls.incrementAndGet();
                    called.countDown();
                });
                device.send(new int[] {0}, 0, 1, ids[1], 0, CONTEXT);
                assertTrue(called.await(RANK_SECONDS, TimeUnit.SECONDS));
                assertEquals(9, value[0], "the data are visible to the listener's waiter");
                request.addCompletionListener(r -> calls.incrementAndGet());
                assertEquals(2, calls.get(), "a late listener runs at once, the first one ran once");
            } else {
                device.recv(new int[1], 0, 1, ids[0], 0, CONTEXT);
                device.send(new int[] {9}, 0, 1, ids[0], 1, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCancelOnlyAnUnmatchedReceive() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final int[] value = new int[1];
                final Request cancelled = device.irecv(value, 0, 1, ids[1], 1, CONTEXT);
                assertTrue(cancelled.cancel());
                assertTrue(cancelled.await().cancelled());
                assertFalse(cancelled.cancel(), "cancelling twice does nothing");
                device.send(new int[] {0}, 0, 1, ids[1], 0, CONTEXT);
                final Request received = device.irecv(value, 0, 1, ids[1], 1, CONTEXT);
                assertFalse(received.await().cancelled());
                assertEquals(4, value[0], "the message went to the receive posted after the cancel");
                assertFalse(received.cancel(), "a completed receive is not cancelled");
            } else {
                device.recv(new int[1], 0, 1, ids[0], 0, CONTEXT);
                device.send(new int[] {4}, 0, 1, ids[0], 1, CONTEXT);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReportTruncationWithBothSizesAndStayUsable() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(10, 1), 0, 10, ids[1], 1, CONTEXT);
                device.send(ints(3, 2), 0, 3, ids[1], 1, CONTEXT);
            } else {
                final int[] small = new int[4];
                final TruncationException truncated = assertThrows(TruncationException.class,
                    () -> device.recv(small, 0, 4, ids[0], 1, CONTEXT));
                assertEquals(10, truncated.status().elementCount());
                assertEquals(40, truncated.status().byteCount());
                assertEquals(4, truncated.receiveCount());
                assertTrue(truncated.getMessage().contains("10") && truncated.getMessage().contains("4"),
                    truncated.getMessage());
                assertArrayEquals(new int[] {31, 32, 33, 34}, small, "the leading elements that fit");
                device.recv(small, 0, 4, ids[0], 1, CONTEXT);
                assertArrayEquals(new int[] {62, 63, 64, 34}, small, "the next message arrives intact");
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldTellAFailureWithoutTheStatus() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                final Request send = device.isend(ints(10, 1), 0, 10, ids[1], 1, CONTEXT);
                send.await();
                assertNull(send.failure(), "a send that went through");
            } else {
                final Request receive = device.irecv(new int[4], 0, 4, ids[0], 1, CONTEXT);
                assertThrows(TruncationException.class, receive::await);
                assertInstanceOf(TruncationException.class, receive.failure(), "what test() throws");
                assertThrows(TruncationException.class, receive::test);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRejectAReceiveOfAnotherElementType() throws InterruptedException {
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(ints(2, 1), 0, 2, ids[1], 1, CONTEXT);
                device.send(ints(2, 2), 0, 2, ids[1], 1, CONTEXT);
            } else {
                final TypeMismatchException mismatch = assertThrows(TypeMismatchException.class,
                    () -> device.recv(new long[2], 0, 2, ids[0], 1, CONTEXT));
                assertTrue(mismatch.getMessage().contains("INT") && mismatch.getMessage().contains("LONG"),
                    mismatch.getMessage());
                final int[] values = new int[2];
                device.recv(values, 0, 2, ids[0], 1, CONTEXT);
                assertArrayEquals(ints(2, 2), values);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldSendToItself() throws InterruptedException {
        inWorld(1, (device, rank, ids) -> {
            final int big = eagerLimit() / 4 + 100;
            final Request small = device.isend(ints(3, 1), 0, 3, ids[0], 1, CONTEXT);
            final Request large = device.isend(ints(big, 2), 0, big, ids[0], 2, CONTEXT);
            final int[] largeIn = new int[big];
            device.recv(largeIn, 0, big, ids[0], 2, CONTEXT);
            final int[] smallIn = new int[3];
            device.recv(smallIn, 0, 3, ids[0], 1, CONTEXT);
            small.await();
            large.await();
            assertArrayEquals(ints(3, 1), smallIn);
            assertArrayEquals(ints(big, 2), largeIn);
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 1023})
    @Timeout(60)
    void shouldDeliverSmallMessagesWhicheverSideComesFirst(final int length) throws InterruptedException {
        exchangeBothOrders(length);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 0, 1})
    @Timeout(60)
    void shouldDeliverAroundTheProtocolSwitchLimit(final int delta) throws InterruptedException {
        exchangeBothOrders(eagerLimit() + delta);
    }

    /**
     * {@link Device#sendOrStart} sends as {@link Device#isend} does, in order with it, whether it
     * returns a request to wait for or {@code null} (sent at once).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 64, -1})
    @Timeout(60)
    void shouldDeliverWhatSendOrStartSendsInOrder(final int size) throws InterruptedException {
        final int length = size < 0 ? eagerLimit() / Integer.BYTES + 1 : size;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                for (int i = 0; i < 20; i++) {
                    final int[] values = ints(length, i);
                    final Request send = i % 2 == 0
                        ? device.sendOrStart(values, 0, length, ids[1], 3, CONTEXT)
                        : device.isend(values, 0, length, ids[1], 3, CONTEXT);
                    if (send != null) {
                        send.await();
                        assertTrue(send.isComplete());
                    }
                    Arrays.fill(values, -1);
                }
            } else {
                for (int i = 0; i < 20; i++) {
                    final int[] in = new int[length];
                    assertEquals(length, device.recv(in, 0, length, ids[0], 3, CONTEXT).elementCount());
                    assertArrayEquals(ints(length, i), in, "message " + i);
                }
            }
        });
    }

    /**
     * Blocking receives through {@link Device#irecvToWait} into array runs, one after the other on
     * one thread, each with its own status and data (a device may hand out the same request
     * again); one completed but whose status was not taken yet is never handed out again, and a
     * cancelled one does not disturb the others.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 64, -1})
    @Timeout(60)
    void shouldGiveEachArrayReceiveToWaitItsOwnMessage(final int size) throws InterruptedException {
        final int length = size < 0 ? eagerLimit() / Integer.BYTES + 1 : size;
        final int messages = 12;
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.recv(new int[0], 0, 0, ids[1], 0, CONTEXT);
                for (int i = 0; i < messages + 2; i++) {
                    device.send(ints(length, i), 0, length, ids[1], 10 + i, CONTEXT);
                }
            } else {
                final Request cancelled = device.irecvToWait(new int[1], 0, 1, ids[0], 7, CONTEXT);
                assertTrue(cancelled.cancel());
                assertTrue(cancelled.await().cancelled());
                device.send(new int[0], 0, 0, ids[0], 0, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final int[] in = new int[length + 2];
                    final Status status = device.irecvToWait(in, 1, length + 1, Device.ANY_SOURCE, Device.ANY_TAG,
                        CONTEXT).await();
                    assertEquals(10 + i, status.tag(), "message " + i);
                    assertEquals(ids[0], status.source());
                    assertEquals(length, status.elementCount());
                    assertArrayEquals(ints(length, i), Arrays.copyOfRange(in, 1, length + 1), "message " + i);
                }
                while (device.iprobe(ids[0], 10 + messages, CONTEXT) == null) {
                    Thread.onSpinWait();
                }
                final int[] first = new int[length];
                final Request complete = device.irecvToWait(first, 0, length, ids[0], 10 + messages, CONTEXT);
                while (!complete.isComplete()) {
                    Thread.onSpinWait();
                }
                final int[] second = new int[length];
                final Request next = device.irecvToWait(second, 0, length, ids[0], 11 + messages, CONTEXT);
                assertNotSame(complete, next, "a receive whose status was not taken was handed out again");
                assertEquals(11 + messages, next.await().tag());
                assertEquals(10 + messages, complete.await().tag());
                assertArrayEquals(ints(length, messages), first);
                assertArrayEquals(ints(length, messages + 1), second);
            }
        });
    }

    @Test
    @Tag("slow")
    @Timeout(120)
    void shouldDeliverA64MiBMessage() throws InterruptedException {
        exchangeBothOrders(64 << 20);
    }

    /** Sends one message with the receive posted late, then one with the receive posted early. */
    private void exchangeBothOrders(final int length) throws InterruptedException {
        final byte[] sent = bytes(length, length);
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(sent, 0, length, ids[1], 1, CONTEXT);
                device.recv(new int[0], 0, 0, ids[1], 0, CONTEXT);
                device.send(sent, 0, length, ids[1], 2, CONTEXT);
            } else {
                final byte[] late = new byte[length];
                while (device.iprobe(ids[0], 1, CONTEXT) == null) {
                    Thread.onSpinWait();
                }
                assertEquals(length, device.recv(late, 0, length, ids[0], 1, CONTEXT).byteCount());
                assertArrayEquals(sent, late, "receive posted after the send");
                final byte[] early = new byte[length];
                final Request request = device.irecv(early, 0, length, ids[0], 2, CONTEXT);
                device.send(new int[0], 0, 0, ids[0], 0, CONTEXT);
                assertEquals(length, request.await().elementCount());
                assertArrayEquals(sent, early, "receive posted before the send");
            }
        });
    }

    @Test
    @Timeout(120)
    void shouldCompleteTenThousandOutstandingRequests() throws InterruptedException {
        final int count = 10_000;
        inWorld(2, (device, rank, ids) -> {
            final Request[] requests = new Request[count];
            final int[][] values = new int[count][1];
            if (rank == 0) {
                for (int i = 0; i < count; i++) {
                    requests[i] = device.irecv(values[i], 0, 1, ids[1], i, CONTEXT);
                }
                device.send(new int[0], 0, 0, ids[1], count, CONTEXT);
                for (int i = 0; i < count; i++) {
                    assertEquals(i, requests[i].await().tag());
                    assertEquals(i * 2, values[i][0]);
                }
            } else {
                device.recv(new int[0], 0, 0, ids[0], count, CONTEXT);
                for (int i = 0; i < count; i++) {
                    values[i][0] = i * 2;
                    requests[i] = device.isend(values[i], 0, 1, ids[0], i, CONTEXT);
                }
                for (final Request request : requests) {
                    request.await();
                }
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 16})
    @Timeout(120)
    void shouldExchangeBetweenAllPairs(final int size) throws InterruptedException {
        final int length = eagerLimit() / 4 + 16;
        inWorld(size, (device, rank, ids) -> {
            final List<Request> requests = new ArrayList<>();
            final int[][] in = new int[size][];
            for (int peer = 0; peer < size; peer++) {
                final int peerLength = (peer + rank) % 2 == 0 ? 3 : length;
                in[peer] = new int[peerLength];
                requests.add(device.irecv(in[peer], 0, peerLength, ids[peer], 1, CONTEXT));
            }
            for (int step = 1; step <= size; step++) {
                final int peer = (rank + step) % size;
                final int peerLength = (peer + rank) % 2 == 0 ? 3 : length;
                requests.add(device.isend(ints(peerLength, rank), 0, peerLength, ids[peer], 1, CONTEXT));
            }
            for (final Request request : requests) {
                request.await();
            }
            for (int peer = 0; peer < size; peer++) {
                assertArrayEquals(ints(in[peer].length, peer), in[peer], "from rank " + peer);
            }
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 16})
    @Timeout(120)
    void shouldPassATokenAroundARingWithMoreRanksThanCores(final int size) throws InterruptedException {
        final int rounds = 200;
        inWorld(size, (device, rank, ids) -> {
            final int[] token = new int[1];
            final ProcessID next = ids[(rank + 1) % size];
            final ProcessID previous = ids[(rank + size - 1) % size];
            for (int round = 0; round < rounds; round++) {
                if (rank == 0) {
                    token[0] = round * size;
                    device.send(token, 0, 1, next, round, CONTEXT);
                    device.recv(token, 0, 1, previous, round, CONTEXT);
                    assertEquals(round * size + size - 1, token[0]);
                } else {
                    device.recv(token, 0, 1, previous, round, CONTEXT);
                    token[0]++;
                    device.send(token, 0, 1, next, round, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldFailClearlyAfterFinish() {
        final List<Device> devices = openTracked(2);
        final Device device = devices.get(0);
        final ProcessID self = device.id();
        final ProcessID other = devices.get(1).id();
        device.finish();
        final IllegalStateException sent = assertThrows(IllegalStateException.class,
            () -> device.send(new int[1], 0, 1, other, 1, CONTEXT));
        assertTrue(sent.getMessage().contains("finish"), sent.getMessage());
        assertThrows(IllegalStateException.class, () -> device.irecv(new int[1], 0, 1, other, 1, CONTEXT));
        assertThrows(IllegalStateException.class, () -> device.iprobe(other, 1, CONTEXT));
        assertThrows(IllegalStateException.class, device::id);
        assertThrows(IllegalStateException.class, device::peek);
        assertThrows(IllegalStateException.class, device::finish);
        final DeviceException toFinished = assertThrows(DeviceException.class,
            () -> devices.get(1).send(new int[1], 0, 1, self, 1, CONTEXT));
        assertTrue(toFinished.getMessage().contains("finished"), toFinished.getMessage());
    }

    @Test
    @Timeout(60)
    void shouldRejectBadArguments() {
        final List<Device> devices = openTracked(2);
        final Device device = devices.get(0);
        final ProcessID other = devices.get(1).id();
        assertThrows(NullPointerException.class, () -> device.isend(null, 0, 1, other, 1, CONTEXT));
        assertThrows(IllegalArgumentException.class, () -> device.isend("text", 0, 1, other, 1, CONTEXT));
        final IllegalArgumentException run = assertThrows(IllegalArgumentException.class,
            () -> device.isend(new int[4], 2, 3, other, 1, CONTEXT));
        assertTrue(run.getMessage().contains("length 4"), run.getMessage());
        assertThrows(IllegalArgumentException.class, () -> device.isend(new int[4], -1, 1, other, 1, CONTEXT));
        assertThrows(IllegalArgumentException.class, () -> device.irecv(new int[4], 0, -1, other, 1, CONTEXT));
        assertThrows(IllegalArgumentException.class,
            () -> device.isend(new int[1], 0, 1, ProcessID.of(2), 1, CONTEXT));
        assertThrows(IllegalArgumentException.class,
            () -> device.isend(new int[1], 0, 1, Device.ANY_SOURCE, 1, CONTEXT));
        assertThrows(IllegalArgumentException.class,
            () -> device.isend(new int[1], 0, 1, other, Device.ANY_TAG, CONTEXT));
        assertThrows(NullPointerException.class, () -> device.iprobe(null, 1, CONTEXT));
    }

    @Test
    @Timeout(60)
    void shouldRefuseToDeserializeAJdkGadgetClassInAnObjectRunAndStayUsable() throws Exception {
        final Object[] gadget = {java.net.URI.create("http://example.invalid/").toURL()};
        inWorld(2, (device, rank, ids) -> {
            if (rank == 0) {
                device.send(gadget, 0, 1, ids[1], 1, CONTEXT);
                device.send(new Object[] {"after"}, 0, 1, ids[1], 2, CONTEXT);
            } else {
                final Object[] received = new Object[1];
                final DeviceException refused = assertThrows(DeviceException.class,
                    () -> device.recv(received, 0, 1, ids[0], 1, CONTEXT));
                assertTrue(refused.getMessage().contains("java.net.URL"), refused.getMessage());
                assertNull(received[0], "nothing of a refused run reaches the receive array");
                device.recv(received, 0, 1, ids[0], 2, CONTEXT);
                assertEquals("after", received[0]);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldListAvailableDevicesForAnUnknownName() {
        final IllegalArgumentException unknown =
            assertThrows(IllegalArgumentException.class, () -> Device.newInstance("nosuchdev"));
        assertTrue(unknown.getMessage().contains("nosuchdev") && unknown.getMessage().contains("smdev"),
            unknown.getMessage());
    }
}
