package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ElementType;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;
import org.mpjbuf.dev.Status;
import org.mpjbuf.dev.protocol.FrameDescriptor;
import org.mpjbuf.dev.protocol.FrameHeader;
import org.mpjbuf.dev.protocol.MessageDevice;

/**
 * A rendezvous message of an array run goes straight from the sender's array to the socket and
 * from the socket into the receive's array: no block of either rank's pool holds it, every
 * element type with heap runs arrives whole at its offset, and one sent in the other byte order
 * is converted where it landed. With {@code mpjbuf.niodev.zeroCopy=false} the same messages are
 * staged in the pools.
 */
final class NiodevDirectRunTest {
    private static final int CONTEXT = 6;
    /** Far beyond the default eager limit: many reads and writes. */
    private static final int BYTES = 3 << 20;
    private static final int OFFSET = 3;
    private static final List<ElementType> TYPES = List.of(ElementType.BYTE, ElementType.SHORT, ElementType.CHAR,
        ElementType.INT, ElementType.FLOAT, ElementType.LONG, ElementType.DOUBLE);

    /** An array of {@code type} whose elements from {@link #OFFSET} on are made from {@code seed}. */
    private static Object filled(final ElementType type, final int count, final int seed) {
        final Object array = Array.newInstance(type.carrier(), count + OFFSET);
        final MemorySegment bytes = MemorySegment.ofArray(new byte[count * type.byteSize()]);
        for (long i = 0; i < bytes.byteSize(); i++) {
            bytes.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + seed + (i >> 9)));
        }
        MemorySegment.copy(bytes, type.layout(), 0, array, OFFSET, count);
        return array;
    }

    private static void exchange(final Map<String, String> properties, final boolean staged)
        throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2, properties);
        try {
            final ProcessID[] ids = {ProcessID.of(0), ProcessID.of(1)};
            Ranks.run(devices, ids, 60, (device, rank, all) -> {
                for (int t = 0; t < TYPES.size(); t++) {
                    final ElementType type = TYPES.get(t);
                    final int count = BYTES / type.byteSize();
                    if (rank == 0) {
                        device.send(filled(type, count, t), OFFSET, count, all[1], t, CONTEXT);
                    } else {
                        final Object into = Array.newInstance(type.carrier(), count + OFFSET + 2);
                        final Status status = device.recv(into, OFFSET, count + 2, all[0], t, CONTEXT);
                        assertEquals(count, status.elementCount(), type.toString());
                        final Object expected = filled(type, count, t);
                        final Object whole = Array.newInstance(type.carrier(), count + OFFSET + 2);
                        System.arraycopy(expected, 0, whole, 0, count + OFFSET);
                        for (int i = 0; i < OFFSET; i++) {
                            Array.set(whole, i, Array.get(into, i));
                        }
                        assertTrue(java.util.Objects.deepEquals(whole, into), type + " elements landed at their offset");
                    }
                }
                final long peak = ((MessageDevice) device).poolStatistics().peakInUseBytes();
                if (staged) {
                    assertTrue(peak >= BYTES, "rank " + rank + " staged the messages in its pool: peak " + peak);
                } else {
                    assertTrue(peak < BYTES, "rank " + rank + " kept the messages out of its pool: peak " + peak);
                }
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    @Test
    @Timeout(60)
    void shouldMoveLargeRunsBetweenTheArraysWithoutThePool() throws InterruptedException {
        exchange(Map.of(), false);
    }

    @Test
    @Timeout(60)
    void shouldStageTheSameRunsWhenZeroCopyIsOff() throws InterruptedException {
        exchange(Map.of(NiodevConfiguration.ZERO_COPY_PROP_NAME, "false"), true);
    }

    @Test
    @Timeout(30)
    void shouldConvertARunSentInTheOtherByteOrderWhereItLanded() throws Exception {
        final ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN
            ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        final int count = 100_000;
        try (FakePeer peer = FakePeer.connect(Map.of(NiodevConfiguration.EAGER_LIMIT_PROP_NAME, "1024",
            NiodevConfiguration.EAGER_CREDIT_BYTES_PROP_NAME, "4096"))) {
            peer.write(FakePeer.header(other, FrameDescriptor.RTS, (byte) 0, 1, CONTEXT, count,
                ElementType.LONG.ordinal() + 1, 0, count * 8, 77, 0));
            final long[] values = new long[count + 1];
            final var receive = peer.device.irecv(values, 1, count, ProcessID.of(1), 1, CONTEXT);
            final FrameHeader cts = peer.readHeader();
            assertEquals(FrameDescriptor.CTS, cts.type);
            final ByteBuffer data = ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + count * 8).order(other);
            data.put(FakePeer.header(other, FrameDescriptor.DATA, (byte) 0, 1, CONTEXT, count,
                ElementType.LONG.ordinal() + 1, count * 8, count * 8, 77, cts.receiveId).rewind());
            for (long i = 0; i < count; i++) {
                data.putLong(i * 0x0101010101L - 5);
            }
            peer.write(data.flip());
            assertEquals(count, receive.await().elementCount());
            final long[] expected = new long[count + 1];
            for (int i = 0; i < count; i++) {
                expected[i + 1] = i * 0x0101010101L - 5;
            }
            assertArrayEquals(expected, values);
            assertEquals(0, ((MessageDevice) peer.device).poolStatistics().peakInUseBytes(),
                "the run landed in the array, not in a pooled block");
        }
    }
}
