package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceException;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;

/**
 * What rank 0 does with the bytes of an authenticated but hostile or dying rank 1: a malformed
 * frame, a frame cut short, a return of eager credit never granted or an eager message beyond
 * the credit closes the connection, and the receive waiting for rank 1 fails
 * with an error naming it, within seconds; a frame in the other byte order is converted; a
 * damaged buffer message fails its receive, though its elements landed in the receive's array.
 */
final class NiodevHostileFrameTest {
    private static final int CONTEXT = 3;
    private static final int EAGER_LIMIT = 1024;
    private static final int MAX_MESSAGE = 1 << 20;
    private static final int CREDIT = 4 * EAGER_LIMIT;
    private static final Map<String, String> LIMITS = Map.of(
        NiodevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(EAGER_LIMIT),
        NiodevConfiguration.MAX_MESSAGE_LENGTH_PROP_NAME, Integer.toString(MAX_MESSAGE),
        NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, Integer.toString(CREDIT));

    /** Hostile frames, each with a word the error must contain. */
    enum Hostile {
        BAD_MAGIC("magic"),
        BAD_VERSION("version"),
        UNKNOWN_TYPE("frame type"),
        UNKNOWN_FLAG("flags"),
        EAGER_BEYOND_LIMIT("eager limit"),
        RTS_BEYOND_MAXIMUM("message length"),
        COUNT_CONTRADICTS_LENGTH("message length of 5 INT"),
        CTS_FOR_NO_SEND("ready message (CTS) for send id"),
        DATA_FOR_NO_RECEIVE("DATA for receive id"),
        NEGATIVE_CREDIT("credit returned is -1"),
        CREDIT_NEVER_GRANTED("credit returned is 100"),
        PIGGY_BACKED_CREDIT_NEVER_GRANTED("credit returned is 8"),
        EAGER_BEYOND_CREDIT("eager credit"),
        TRUNCATED_HEADER("truncated frame"),
        TRUNCATED_PAYLOAD("truncated frame");

        final String expected;

        Hostile(final String expected) {
            this.expected = expected;
        }

        ByteBuffer bytes() {
            final ByteOrder order = ByteOrder.nativeOrder();
            final ByteBuffer good = FakePeer.header(order, FrameDescriptor.EAGER, (byte) 0, 1, CONTEXT, 5,
                ElementType.INT.ordinal() + 1, 20, 20, -1, 0);
            return switch (this) {
                case BAD_MAGIC -> good.put(0, (byte) 'X');
                case BAD_VERSION -> good.put(FrameDescriptor.VERSION_OFFSET, (byte) 9);
                case UNKNOWN_TYPE -> good.put(FrameDescriptor.TYPE_OFFSET, (byte) 77);
                case UNKNOWN_FLAG -> good.put(FrameDescriptor.FLAGS_OFFSET, (byte) 0x40);
                case EAGER_BEYOND_LIMIT -> FakePeer.header(order, FrameDescriptor.EAGER, (byte) 0, 1, CONTEXT,
                    1 << 20, ElementType.BYTE.ordinal() + 1, 1 << 20, 1 << 20, -1, 0);
                case RTS_BEYOND_MAXIMUM -> FakePeer.header(order, FrameDescriptor.RTS, (byte) 0, 1, CONTEXT,
                    Integer.MAX_VALUE, ElementType.BYTE.ordinal() + 1, 0, Integer.MAX_VALUE, 7, 0);
                case COUNT_CONTRADICTS_LENGTH -> good.putInt(FrameDescriptor.MESSAGE_LENGTH_OFFSET, 4)
                    .putInt(FrameDescriptor.PAYLOAD_LENGTH_OFFSET, 4);
                case CTS_FOR_NO_SEND -> FakePeer.header(order, FrameDescriptor.CTS, (byte) 0, 0, 0, 0, 0, 0, 0,
                    12345, 1);
                case DATA_FOR_NO_RECEIVE -> FakePeer.header(order, FrameDescriptor.DATA, (byte) 0, 0, 0, 0, 0, 8,
                    8, 1, 999);
                case NEGATIVE_CREDIT -> good.putInt(FrameDescriptor.CREDIT_OFFSET, -1);
                case CREDIT_NEVER_GRANTED -> FakePeer.header(order, FrameDescriptor.CREDIT, (byte) 0, 0, 0, 0, 0,
                    0, 0, 100, 0, 0);
                case PIGGY_BACKED_CREDIT_NEVER_GRANTED -> good.putInt(FrameDescriptor.CREDIT_OFFSET, 8);
                case EAGER_BEYOND_CREDIT -> overdraw(order);
                case TRUNCATED_HEADER -> ByteBuffer.wrap(new byte[] {'N', 'I', 'O', 'F', 1, 0});
                case TRUNCATED_PAYLOAD -> ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + 8)
                    .put(good.rewind()).rewind();
            };
        }
    }

    /** One eager frame more than the credit holds, none of them received. */
    private static ByteBuffer overdraw(final ByteOrder order) {
        final int frames = CREDIT / EAGER_LIMIT + 1;
        final ByteBuffer bytes = ByteBuffer.allocate(frames * (FrameDescriptor.HEADER_LENGTH + EAGER_LIMIT));
        for (int i = 0; i < frames; i++) {
            bytes.put(FakePeer.header(order, FrameDescriptor.EAGER, (byte) 0, 9, CONTEXT, EAGER_LIMIT,
                ElementType.BYTE.ordinal() + 1, EAGER_LIMIT, EAGER_LIMIT, -1, 0).rewind());
            bytes.position(bytes.position() + EAGER_LIMIT);
        }
        return bytes;
    }

    @ParameterizedTest
    @EnumSource(Hostile.class)
    @Timeout(30)
    void shouldCloseTheConnectionOfAHostilePeerAndFailItsReceiveNamingIt(final Hostile hostile) throws Exception {
        final Map<String, String> progressThreadReads = new java.util.HashMap<>(LIMITS);
        progressThreadReads.put(NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, "0");
        closeAndFail(hostile, progressThreadReads);
    }

    @ParameterizedTest
    @EnumSource(Hostile.class)
    @Timeout(30)
    void shouldDoTheSameWhenTheWaitingThreadReadsTheHostileBytes(final Hostile hostile) throws Exception {
        final Map<String, String> waiterReads = new java.util.HashMap<>(LIMITS);
        waiterReads.put(NiodevConfiguration.IDLE_SPIN_NANOS_PROP_NAME, "1000000000");
        closeAndFail(hostile, waiterReads);
    }

    private static void closeAndFail(final Hostile hostile, final Map<String, String> properties) throws Exception {
        try (FakePeer peer = FakePeer.connect(properties)) {
            final Request waiting = peer.device.irecv(new int[5], 0, 5, ProcessID.of(1), 1, CONTEXT);
            final Request any = peer.device.irecv(new int[5], 0, 5, Device.ANY_SOURCE, 2, CONTEXT);
            peer.write(hostile.bytes());
            if (hostile.name().startsWith("TRUNCATED")) {
                peer.channel.shutdownOutput();
            }
            final DeviceException failed = assertThrows(DeviceException.class, waiting::await);
            assertTrue(peer.closedByRank0(10_000), "rank 0 closes the connection");
            assertTrue(failed.getMessage().contains("rank 1"), failed.getMessage());
            assertTrue(failed.getMessage().contains(hostile.expected), failed.getMessage());
            assertThrows(DeviceException.class, any::await, "an ANY_SOURCE receive fails too");
            final DeviceException send = assertThrows(DeviceException.class,
                () -> peer.device.send(new int[1], 0, 1, ProcessID.of(1), 1, CONTEXT));
            assertTrue(send.getMessage().contains("rank 1"), send.getMessage());
            final int[] self = new int[1];
            peer.device.send(new int[] {7}, 0, 1, ProcessID.of(0), 1, CONTEXT);
            peer.device.recv(self, 0, 1, ProcessID.of(0), 1, CONTEXT);
            assertEquals(7, self[0], "the device goes on");
        }
    }

    @Test
    @Timeout(30)
    void shouldFailARendezvousReceiveWhosePeerClosesMidData() throws Exception {
        try (FakePeer peer = FakePeer.connect(LIMITS)) {
            final int count = 4096;
            peer.write(FakePeer.header(ByteOrder.nativeOrder(), FrameDescriptor.RTS, (byte) 0, 1, CONTEXT, count,
                ElementType.INT.ordinal() + 1, 0, count * 4, 42, 0));
            final Request receive = peer.device.irecv(new int[count], 0, count, ProcessID.of(1), 1, CONTEXT);
            final FrameHeader cts = peer.readHeader();
            assertEquals(FrameDescriptor.CTS, cts.type);
            assertEquals(42, cts.sendId);
            peer.write(FakePeer.header(ByteOrder.nativeOrder(), FrameDescriptor.DATA, (byte) 0, 1, CONTEXT,
                count, ElementType.INT.ordinal() + 1, count * 4, count * 4, 42, cts.receiveId));
            peer.write(ByteBuffer.allocate(1000));
            peer.channel.close();
            final DeviceException failed = assertThrows(DeviceException.class, receive::await);
            assertTrue(failed.getMessage().contains("rank 1") && failed.getMessage().contains("truncated"),
                failed.getMessage());
        }
    }

    @Test
    @Timeout(30)
    void shouldFailADamagedBufferMessageThatLandedInItsReceivesArray() throws Exception {
        final int count = 1000;
        try (FakePeer peer = FakePeer.connect(LIMITS);
             BufferFactory factory = BufferFactory.builder().build()) {
            final Buffer sent = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
            sent.putSectionHeader(Type.INT);
            final int[] values = new int[count];
            java.util.Arrays.setAll(values, i -> i * 3 + 1);
            sent.write(values, 0, count);
            sent.commit();
            final int length = sent.staticLength();
            final byte[] message = sent.staticSegment().toArray(ValueLayout.JAVA_BYTE);
            factory.free(sent);
            for (final boolean damaged : new boolean[] {false, true}) {
                final int tag = damaged ? 2 : 1;
                peer.write(FakePeer.header(ByteOrder.nativeOrder(), FrameDescriptor.RTS, FrameDescriptor.FLAG_BUFFER,
                    tag, CONTEXT, count, ElementType.INT.ordinal() + 1, 0, length, 40 + tag, 0));
                final Buffer receiver = factory.allocate(BufferDescriptor.sectionSize(Type.INT, count));
                final int[] landed = new int[count];
                receiver.receiveInto(landed, 0, count);
                final Request receive = peer.device.irecv(receiver, ProcessID.of(1), tag, CONTEXT);
                final FrameHeader cts = peer.readHeader();
                assertEquals(FrameDescriptor.CTS, cts.type);
                final ByteBuffer data = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + length);
                data.put(FakePeer.header(ByteOrder.nativeOrder(), FrameDescriptor.DATA, FrameDescriptor.FLAG_BUFFER,
                    tag, CONTEXT, count, ElementType.INT.ordinal() + 1, length, length, 40 + tag,
                    cts.receiveId).rewind());
                data.put(message);
                if (damaged) {
                    data.put(data.limit() - 1, (byte) (data.get(data.limit() - 1) ^ 1));
                }
                peer.write(data);
                if (damaged) {
                    final DeviceException failed = assertThrows(DeviceException.class, receive::await);
                    assertTrue(failed.getMessage().contains("rank 1") && failed.getMessage().contains("checksum"),
                        failed.getMessage());
                    assertEquals(0, receiver.landedElements(), "nothing landed counts after a failed check");
                } else {
                    receive.await();
                    assertEquals(count, receiver.landedElements());
                    assertArrayEquals(values, landed);
                    receiver.getSectionHeader();
                    final int[] read = new int[count];
                    receiver.read(read, 0, count);
                    assertArrayEquals(values, read);
                }
                factory.free(receiver);
            }
        }
    }

    @Test
    @Timeout(30)
    void shouldConvertAMessageSentInTheOtherByteOrder() throws Exception {
        final ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN
            ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        try (FakePeer peer = FakePeer.connect(LIMITS)) {
            final ByteBuffer frame = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + 24).order(other);
            frame.put(FakePeer.header(other, FrameDescriptor.EAGER, (byte) 0, 1, CONTEXT, 3,
                ElementType.LONG.ordinal() + 1, 24, 24, -1, 0).rewind());
            frame.putLong(1L).putLong(-2L).putLong(0x0102030405060708L);
            peer.write(frame);
            final long[] values = new long[3];
            final Status status = peer.device.recv(values, 0, 3, ProcessID.of(1), 1, CONTEXT);
            assertEquals(3, status.elementCount());
            assertArrayEquals(new long[] {1L, -2L, 0x0102030405060708L}, values);
        }
    }
}
