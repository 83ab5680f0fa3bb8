package org.mpjbuf.dev.smdev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ElementSink;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.TruncationException;
import org.mpjbuf.dev.TypeMismatchException;

/**
 * The fast boxes of smdev (see {@link FastBox} and {@link Mailbox}): order with the messages that
 * take the queues, a full box, receivers that wait without polling, probes, threads of one rank
 * sharing a box, and the errors a box message can meet.
 */
final class FastBoxTest {
    private static final int CONTEXT = 5;
    /** More ints than a box takes, so that the message takes the mailbox. */
    private static final int LARGE = FastBox.MAX_BYTES / Integer.BYTES + 1;
    /** Message lengths in ints: one slot, exactly one, two, several, the largest a box takes, too large. */
    private static final int[] LENGTHS = {1, 10, 11, 100, FastBox.MAX_BYTES / Integer.BYTES, LARGE};

    private static SmdevWorld world(final int size) {
        return SmdevWorld.builder().size(size).fastBoxes(true).build();
    }

    /**
     * A world whose waiting ranks park at once, for a far longer time than any test's bound: only a
     * wake-up ends a wait in time.
     */
    private static SmdevWorld parkingWorld() {
        return SmdevWorld.builder().size(2).fastBoxes(true).idleStrategy("park").idleSpinNanos(0)
            .idleMaxParkNanos(TimeUnit.SECONDS.toNanos(30)).build();
    }

    private static void run(final SmdevWorld world, final Ranks.Body body) throws InterruptedException {
        final List<Device> devices = SmdevRanks.join(world);
        final ProcessID[] ids = new ProcessID[world.size()];
        for (int rank = 0; rank < world.size(); rank++) {
            ids[rank] = ProcessID.of(rank);
        }
        try {
            Ranks.run(devices, ids, 60, body);
        } finally {
            devices.forEach(Device::finish);
        }
    }

    /** Message {@code i} of a sequence, of the lengths in turn: element j holds i + j. */
    private static int[] message(final int i) {
        final int[] data = new int[LENGTHS[i % LENGTHS.length]];
        for (int j = 0; j < data.length; j++) {
            data[j] = i + j;
        }
        return data;
    }

    private static void assertMessage(final int i, final int[] received, final Status status) {
        final int[] sent = message(i);
        assertEquals(sent.length, status.elementCount(), "length of message " + i);
        assertArrayEquals(sent, Arrays.copyOf(received, sent.length), "message " + i);
    }

    @Test
    @Timeout(60)
    void shouldKeepTheSendersOrderAcrossBoxAndQueuesWhenTheReceiverIsLate() throws InterruptedException {
        final int messages = 600; // more than a box holds: most wait in the receiver's queues
        run(world(2), (device, rank, ids) -> {
            if (rank == 0) {
                for (int i = 0; i < messages; i++) {
                    device.send(message(i), 0, message(i).length, ids[1], 7, CONTEXT);
                }
                device.send(new byte[1], 0, 1, ids[1], 8, CONTEXT);
            } else {
                device.recv(new byte[1], 0, 1, ids[0], 8, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final int[] into = new int[LARGE];
                    assertMessage(i, into, device.recv(into, 0, LARGE, ids[0], 7, CONTEXT));
                }
            }
        });
    }

    /**
     * A message of one element travels in its slot: every primitive type keeps its exact bits
     * (negative values, a NaN's payload, negative zero), whether a posted receive takes it at
     * once or it waits as unexpected, and lands at the receive's offset.
     */
    @Test
    @Timeout(60)
    void shouldCarryASingleElementOfEveryPrimitiveTypeInItsSlot() throws InterruptedException {
        final Object[] elements = {
            new byte[] {(byte) -100}, new boolean[] {true}, new char[] {'\uFFFE'}, new short[] {(short) -30_000},
            new int[] {Integer.MIN_VALUE + 7}, new float[] {Float.intBitsToFloat(0x7FC0_1234)},
            new long[] {Long.MIN_VALUE + 11}, new double[] {-0.0}};
        final ElementType[] types = {ElementType.BYTE, ElementType.BOOLEAN, ElementType.CHAR, ElementType.SHORT,
            ElementType.INT, ElementType.FLOAT, ElementType.LONG, ElementType.DOUBLE};
        run(world(2), (device, rank, ids) -> {
            for (final boolean late : new boolean[] {false, true}) {
                for (int t = 0; t < types.length; t++) {
                    if (rank == 0) {
                        if (late) {
                            device.recv(new byte[0], 0, 0, ids[1], 9, CONTEXT);
                        }
                        device.send(elements[t], 0, 1, ids[1], 10 + t, CONTEXT);
                    } else {
                        final Object into = Array.newInstance(types[t].carrier(), 3);
                        final Request receive = late ? null : device.irecv(into, 2, 1, ids[0], 10 + t, CONTEXT);
                        if (late) {
                            device.send(new byte[0], 0, 0, ids[0], 9, CONTEXT);
                            while (device.iprobe(ids[0], 10 + t, CONTEXT) == null) {
                                Thread.onSpinWait();
                            }
                        }
                        final Status status = late ? device.recv(into, 2, 1, ids[0], 10 + t, CONTEXT) : receive.await();
                        assertEquals(1, status.elementCount());
                        assertEquals(types[t], status.elementType());
                        final Object expected = Array.newInstance(types[t].carrier(), 3);
                        System.arraycopy(elements[t], 0, expected, 2, 1);
                        assertEquals(bits(expected), bits(into), types[t] + (late ? " unexpected" : " posted"));
                    }
                }
            }
        });
    }

    /** The elements of a primitive array, floating-point ones by their raw bits. */
    private static List<Object> bits(final Object array) {
        final List<Object> values = new ArrayList<>();
        for (int i = 0; i < Array.getLength(array); i++) {
            final Object value = Array.get(array, i);
            values.add(value instanceof Float f ? Integer.valueOf(Float.floatToRawIntBits(f))
                : value instanceof Double d ? Long.valueOf(Double.doubleToRawLongBits(d)) : value);
        }
        return values;
    }

    @Test
    @Timeout(60)
    void shouldCarryMessagesOfEveryLengthAroundTheRingWhenTheReceiverKeepsUp() throws InterruptedException {
        // lengths that do not divide the ring: messages start everywhere, and some skip its end
        final int messages = 3_000;
        run(world(2), (device, rank, ids) -> {
            final int[] into = new int[LARGE];
            for (int i = 0; i < messages; i++) {
                if (rank == 0) {
                    device.send(message(i), 0, message(i).length, ids[1], 7, CONTEXT);
                    if (i % 50 == 49) {
                        device.recv(new byte[1], 0, 1, ids[1], 8, CONTEXT);
                    }
                } else {
                    assertMessage(i, into, device.recv(into, 0, LARGE, ids[0], 7, CONTEXT));
                    if (i % 50 == 49) {
                        device.send(new byte[1], 0, 1, ids[0], 8, CONTEXT);
                    }
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldMatchPostedReceivesInOrderWhenTheReceiverIsEarly() throws InterruptedException {
        final int messages = 200;
        run(world(2), (device, rank, ids) -> {
            if (rank == 1) {
                final int[][] into = new int[messages][LARGE];
                final Request[] receives = new Request[messages];
                for (int i = 0; i < messages; i++) {
                    receives[i] = device.irecv(into[i], 0, LARGE, ids[0], Device.ANY_TAG, CONTEXT);
                }
                device.send(new byte[1], 0, 1, ids[0], 8, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    final Status status = receives[i].await();
                    assertEquals(i, status.tag(), "receive " + i + " matched another message");
                    assertMessage(i, into[i], status);
                }
            } else {
                device.recv(new byte[1], 0, 1, ids[1], 8, CONTEXT);
                for (int i = 0; i < messages; i++) {
                    device.send(message(i), 0, message(i).length, ids[1], i, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteAReceiveWhoseThreadWaitsOnlyForItsListener() throws InterruptedException {
        // the receiver never polls: only the sender can hand the box message in, every time
        final int rounds = 2_000;
        run(world(2), (device, rank, ids) -> {
            final byte[] data = new byte[1];
            for (int round = 0; round < rounds; round++) {
                if (rank == 1) {
                    final Request receive = device.irecv(data, 0, 1, ids[0], round, CONTEXT);
                    final CountDownLatch completed = new CountDownLatch(1);
                    receive.addCompletionListener(done -> completed.countDown());
                    assertTrue(completed.await(10, TimeUnit.SECONDS), "round " + round + ": no completion");
                    assertEquals((byte) round, data[0]);
                    device.send(data, 0, 1, ids[0], round, CONTEXT);
                } else {
                    data[0] = (byte) round;
                    device.send(data, 0, 1, ids[1], round, CONTEXT);
                    device.recv(data, 0, 1, ids[1], round, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldWakeAParkedReceiverAtOnce() throws InterruptedException {
        final SmdevWorld world = parkingWorld();
        run(world, (device, rank, ids) -> {
            for (int round = 0; round < 20; round++) {
                if (rank == 1) {
                    final long start = System.nanoTime();
                    final int[] into = new int[1];
                    device.recv(into, 0, 1, ids[0], 3, CONTEXT);
                    assertEquals(round, into[0]);
                    final long waited = System.nanoTime() - start;
                    assertTrue(waited < TimeUnit.SECONDS.toNanos(5), "round " + round + " waited " + waited + " ns");
                    device.send(into, 0, 1, ids[0], 4, CONTEXT);
                } else {
                    Thread.sleep(round % 4);
                    device.send(new int[] {round}, 0, 1, ids[1], 3, CONTEXT);
                    device.recv(new int[1], 0, 1, ids[1], 4, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldLetAReceiveTakeALaterMessagePastOnesNobodyWantsYet() throws InterruptedException {
        // tag 1 waits in the box, examined by polls and wanted by no receive, while tag 2 is taken
        run(world(2), (device, rank, ids) -> {
            if (rank == 0) {
                for (int round = 0; round < 200; round++) {
                    device.send(new int[] {round}, 0, 1, ids[1], 1, CONTEXT);
                    device.send(new int[] {-round}, 0, 1, ids[1], 2, CONTEXT);
                    device.recv(new byte[1], 0, 1, ids[1], 3, CONTEXT);
                }
            } else {
                for (int round = 0; round < 200; round++) {
                    final int[] second = new int[1];
                    device.recv(second, 0, 1, ids[0], 2, CONTEXT);
                    assertEquals(-round, second[0]);
                    final int[] first = new int[1];
                    device.recv(first, 0, 1, ids[0], 1, CONTEXT);
                    assertEquals(round, first[0], "round " + round);
                    device.send(new byte[1], 0, 1, ids[0], 3, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldCompleteAParkedProbeWithABoxMessageNoReceiveWants() throws InterruptedException {
        final SmdevWorld world = parkingWorld();
        run(world, (device, rank, ids) -> {
            for (int round = 0; round < 20; round++) {
                if (rank == 1) {
                    final long start = System.nanoTime();
                    final Status status = device.probe(ids[0], 5, CONTEXT);
                    assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "round " + round);
                    assertEquals(2, status.elementCount());
                    device.recv(new long[2], 0, 2, ids[0], 5, CONTEXT);
                    device.send(new byte[1], 0, 1, ids[0], 6, CONTEXT);
                } else {
                    Thread.sleep(round % 3);
                    device.send(new long[] {round, round}, 0, 2, ids[1], 5, CONTEXT);
                    device.recv(new byte[1], 0, 1, ids[1], 6, CONTEXT);
                }
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldShowBoxMessagesToProbes() throws InterruptedException {
        run(world(2), (device, rank, ids) -> {
            if (rank == 0) {
                device.send(new long[] {1, 2, 3}, 0, 3, ids[1], 11, CONTEXT);
                device.send(new double[] {4}, 0, 1, ids[1], 12, CONTEXT);
            } else {
                final Status blocking = device.probe(ids[0], 11, CONTEXT);
                assertEquals(3, blocking.elementCount());
                assertEquals(ElementType.LONG, blocking.elementType());
                Status polled = null;
                while (polled == null) {
                    polled = device.iprobe(Device.ANY_SOURCE, 12, CONTEXT);
                }
                assertEquals(ids[0], polled.source());
                final long[] longs = new long[3];
                device.recv(longs, 0, 3, ids[0], 11, CONTEXT);
                assertArrayEquals(new long[] {1, 2, 3}, longs);
                final double[] doubles = new double[1];
                device.recv(doubles, 0, 1, ids[0], 12, CONTEXT);
                assertEquals(4.0, doubles[0]);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldKeepEachThreadsOrderWhenThreadsOfARankShareABox() throws InterruptedException {
        final int threads = 3;
        final int messages = 500;
        run(world(2), (device, rank, ids) -> {
            final List<Thread> workers = new ArrayList<>();
            final List<Throwable> failures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final int tag = t;
                final Thread worker = new Thread(() -> {
                    try {
                        for (int i = 0; i < messages; i++) {
                            final int[] value = {i};
                            if (rank == 0) {
                                device.send(value, 0, 1, ids[1], tag, CONTEXT);
                            } else {
                                device.recv(value, 0, 1, ids[0], tag, CONTEXT);
                                assertEquals(i, value[0], "thread " + tag + ", message " + i);
                            }
                        }
                    } catch (final Throwable ex) {
                        synchronized (failures) {
                            failures.add(ex);
                        }
                    }
                });
                workers.add(worker);
                worker.start();
            }
            for (final Thread worker : workers) {
                worker.join();
            }
            if (!failures.isEmpty()) {
                throw new AssertionError(failures.get(0));
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldReportTruncationAndTypeMismatchOfBoxMessages() throws InterruptedException {
        run(world(2), (device, rank, ids) -> {
            if (rank == 0) {
                device.send(new int[] {1, 2, 3}, 0, 3, ids[1], 1, CONTEXT);
                device.send(new int[] {4}, 0, 1, ids[1], 2, CONTEXT);
                device.send(new int[] {5}, 0, 1, ids[1], 3, CONTEXT);
            } else {
                final int[] two = new int[2];
                final TruncationException truncated = assertThrows(TruncationException.class,
                    () -> device.recv(two, 0, 2, ids[0], 1, CONTEXT));
                assertEquals(3, truncated.status().elementCount());
                final TypeMismatchException mismatch = assertThrows(TypeMismatchException.class,
                    () -> device.recv(new double[1], 0, 1, ids[0], 2, CONTEXT));
                assertTrue(mismatch.getMessage().contains("type mismatch"), mismatch.getMessage());
                final int[] one = new int[1];
                device.recv(one, 0, 1, ids[0], 3, CONTEXT);
                assertEquals(5, one[0]);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldHandASinkABoxMessagesElements() throws InterruptedException {
        final long[] sent = {4, 5, 6};
        run(world(2), (device, rank, ids) -> {
            if (rank == 0) {
                device.send(sent, 0, 3, ids[1], 1, CONTEXT);
            } else {
                final long[] seen = new long[3];
                final ElementSink sink = new ElementSink() {
                    @Override
                    public void accept(final Object array, final int offset, final int count) {
                        System.arraycopy(array, offset, seen, 0, count);
                    }

                    @Override
                    public void accept(final MemorySegment elements, final int count) {
                        MemorySegment.copy(elements, ValueLayout.JAVA_LONG, 0, seen, 0, count);
                    }
                };
                final Status status = device.irecv(sink, ElementType.LONG, 3, ids[0], 1, CONTEXT).await();
                assertEquals(3, status.elementCount());
                assertArrayEquals(sent, seen);
            }
        });
    }

    @Test
    @Timeout(60)
    void shouldRunWithoutBoxesWhenTheWorldHasNone() throws InterruptedException {
        final SmdevWorld world = SmdevWorld.builder().size(2).fastBoxes(false).build();
        assertFalse(world.fastBoxes());
        assertEquals(SmdevConfiguration.FAST_BOXES, SmdevWorld.create(2).fastBoxes(), "the default");
        run(world, (device, rank, ids) -> {
            final int[] value = {rank};
            device.send(value, 0, 1, ids[1 - rank], 0, CONTEXT);
            device.recv(value, 0, 1, ids[1 - rank], 0, CONTEXT);
            assertEquals(1 - rank, value[0]);
        });
    }
}
