package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.DeviceArguments;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Request;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.protocol.EagerCredit;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;

/**
 * Eager credit: a rank that receives late holds at most its credit of a flooding peer's
 * messages, the flood falls back to rendezvous without losing order or data, the credit comes
 * back once the messages are received (in a frame's header, or a CREDIT frame of its own), and a
 * credit below the eager limit is refused at init.
 */
final class NiodevEagerCreditTest {
    private static final int CONTEXT = 6;
    private static final int FLOOD = 2_000;
    private static final int MESSAGE = 32 * 1024;
    private static final int CREDIT = 1 << 20;

    private static final ProcessID[] IDS = {ProcessID.of(0), ProcessID.of(1)};

    @ParameterizedTest(name = "reverse tag order: {0}")
    @ValueSource(booleans = {false, true})
    @Timeout(120)
    void shouldHoldAtMostTheCreditOfAFloodAndDeliverItIntact(final boolean reverse) throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2,
            Map.of(NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, Integer.toString(CREDIT)));
        final long eagerAtFirst = CREDIT / MESSAGE;
        try {
            Ranks.run(devices, IDS, 100, (device, rank, ids) -> {
                final NiodevDevice niodev = (NiodevDevice) device;
                if (rank == 1) {
                    final Request[] sends = new Request[FLOOD];
                    for (int tag = 0; tag < FLOOD; tag++) {
                        sends[tag] = device.isend(payload(tag), 0, MESSAGE, ids[0], tag, CONTEXT);
                    }
                    final EagerCredit credit = niodev.eagerCredit(0);
                    assertEquals(FLOOD - eagerAtFirst, credit.refused(), "sends beyond the credit go rendezvous");
                    device.send(new byte[0], 0, 0, ids[0], FLOOD, CONTEXT);
                    for (final Request send : sends) {
                        send.await();
                    }
                    device.recv(new byte[0], 0, 0, ids[0], FLOOD + 1, CONTEXT);
                    assertEquals(CREDIT, credit.sendable(), "every byte of credit came back");
                    device.send(payload(FLOOD + 2), 0, MESSAGE, ids[0], FLOOD + 2, CONTEXT);
                    assertEquals(FLOOD - eagerAtFirst, credit.refused(), "the next message went eager");
                } else {
                    Thread.sleep(100);
                    // the marker comes after the whole flood on the connection: all of it has arrived
                    device.recv(new byte[0], 0, 0, ids[1], FLOOD, CONTEXT);
                    final long peak = niodev.poolStatistics().peakInUseBytes();
                    assertTrue(peak <= CREDIT, "the pool held " + peak + " bytes of a flood, beyond the credit "
                        + CREDIT);
                    final byte[] in = new byte[MESSAGE];
                    for (int i = 0; i < FLOOD; i++) {
                        final int tag = reverse ? FLOOD - 1 - i : i;
                        device.recv(in, 0, MESSAGE, ids[1], tag, CONTEXT);
                        assertArrayEquals(payload(tag), in, "message " + tag);
                        final long inUse = niodev.poolStatistics().inUseBytes();
                        assertTrue(inUse <= CREDIT + 2L * MESSAGE, "in use after message " + tag + ": " + inUse);
                    }
                    device.send(new byte[0], 0, 0, ids[1], FLOOD + 1, CONTEXT);
                    device.recv(in, 0, MESSAGE, ids[1], FLOOD + 2, CONTEXT);
                    assertArrayEquals(payload(FLOOD + 2), in, "the message after the flood");
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    @Test
    @Timeout(60)
    void shouldReceiveEagerAndRendezvousMessagesInterleavedByTheCreditInOrder() throws InterruptedException {
        final int eagerLimit = 4096;
        final List<Device> devices = NiodevWorlds.open(2, Map.of(
            NiodevConfiguration.EAGER_LIMIT_PROP_NAME, Integer.toString(eagerLimit),
            NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, Integer.toString(2 * eagerLimit)));
        final int count = 8;
        try {
            Ranks.run(devices, IDS, 50, (device, rank, ids) -> {
                final NiodevDevice niodev = (NiodevDevice) device;
                if (rank == 1) {
                    final EagerCredit credit = niodev.eagerCredit(0);
                    final Request[] sends = new Request[count];
                    // tags 0 and 1 take the credit, 2 and 3 go rendezvous
                    for (int tag = 0; tag < 4; tag++) {
                        sends[tag] = device.isend(payload(tag, eagerLimit), 0, eagerLimit, ids[0], tag, CONTEXT);
                    }
                    while (credit.sendable() < 2L * eagerLimit) {
                        device.iprobe(ids[0], 0, CONTEXT);
                    }
                    // rank 0 has received tags 0 and 1: tags 4 and 5 go eager behind the unmatched 2 and 3
                    for (int tag = 4; tag < count; tag++) {
                        sends[tag] = device.isend(payload(tag, eagerLimit), 0, eagerLimit, ids[0], tag, CONTEXT);
                    }
                    assertEquals(4, credit.refused(), "tags 2, 3, 6 and 7 went rendezvous");
                    for (final Request send : sends) {
                        send.await();
                    }
                } else {
                    final byte[] in = new byte[eagerLimit];
                    // no credit comes back before tag 3 is sent: tags 2 and 3 find none
                    while (device.iprobe(ids[1], 3, CONTEXT) == null) {
                        Thread.onSpinWait();
                    }
                    for (int i = 0; i < count; i++) {
                        if (i == 2) {
                            while (device.iprobe(ids[1], count - 1, CONTEXT) == null) {
                                Thread.onSpinWait();
                            }
                        }
                        final Status status = device.recv(in, 0, eagerLimit, ids[1], Device.ANY_TAG, CONTEXT);
                        assertEquals(i, status.tag(), "the " + i + "th message received");
                        assertArrayEquals(payload(i, eagerLimit), in, "message " + i);
                    }
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    @Test
    @Timeout(30)
    void shouldReturnHalfTheCreditInACreditFrameWhenNoOtherFrameCarriesIt() throws Exception {
        try (FakePeer peer = FakePeer.connect(limits())) {
            peer.write(eager(1));
            peer.write(eager(2));
            final int[] in = new int[256];
            peer.device.recv(in, 0, 256, ProcessID.of(1), 1, CONTEXT);
            peer.device.recv(in, 0, 256, ProcessID.of(1), 2, CONTEXT);
            final FrameHeader credit = peer.readHeader();
            assertEquals(FrameDescriptor.CREDIT, credit.type);
            assertEquals(2048, credit.credit);
            assertEquals(0, credit.payloadLength);
        }
    }

    @Test
    @Timeout(30)
    void shouldReturnCreditInTheHeaderOfTheNextFrame() throws Exception {
        try (FakePeer peer = FakePeer.connect(limits())) {
            peer.write(eager(1));
            final int[] in = new int[256];
            peer.device.recv(in, 0, 256, ProcessID.of(1), 1, CONTEXT);
            peer.device.send(new int[] {5}, 0, 1, ProcessID.of(1), 3, CONTEXT);
            final FrameHeader next = peer.readHeader();
            assertEquals(FrameDescriptor.EAGER, next.type);
            assertEquals(3, next.tag);
            assertEquals(1024, next.credit);
        }
    }

    @Test
    @Timeout(30)
    void shouldRefuseACreditBelowTheEagerLimit() {
        final Device device = Device.newInstance("niodev");
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
            () -> device.init(DeviceArguments.builder().rank(0).size(1)
                .property(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, "8192")
                .property(NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, "4096").build()));
        assertTrue(refused.getMessage().contains(NiodevConfiguration.EAGER_LIMIT_PROP_NAME)
            && refused.getMessage().contains(NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME), refused.getMessage());
    }

    /** An eager limit of 1 KiB and a credit of 4 KiB. */
    private static Map<String, String> limits() {
        return Map.of(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, "1024",
            NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, "4096");
    }

    /** An EAGER frame of 256 ints, 1 KiB, with this tag. */
    private static ByteBuffer eager(final int tag) {
        final ByteBuffer frame = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + 1024)
            .order(ByteOrder.nativeOrder());
        frame.put(FakePeer.header(ByteOrder.nativeOrder(), FrameDescriptor.EAGER, (byte) 0, tag, CONTEXT, 256,
            ElementType.INT.ordinal() + 1, 1024, 1024, -1, 0).rewind());
        return frame;
    }

    private static byte[] payload(final int tag) {
        return payload(tag, MESSAGE);
    }

    private static byte[] payload(final int tag, final int length) {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (tag * 31 + i * 7);
        }
        return bytes;
    }
}
