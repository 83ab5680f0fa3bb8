package org.mpjbuf.dev.niodev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.mpjbuf.Buffer;
import org.mpjbuf.BufferDescriptor;
import org.mpjbuf.BufferFactory;
import org.mpjbuf.Type;
import org.mpjbuf.dev.Device;
import org.mpjbuf.dev.ProcessID;
import org.mpjbuf.dev.Ranks;

/**
 * A niodev receive that names an array for its buffer's elements ({@link Buffer#receiveInto})
 * has them copied there as they land, over the many reads of a large rendezvous message and for
 * an eager one whose receive came first, converted from the sender's byte order; a receive that
 * names none, and an array receive, take the same frames.
 */
final class NiodevLandingTest {
    private static final int CONTEXT = 4;
    /** Many reads, beyond the default eager limit. */
    private static final int LARGE = 300_000;
    private static final int SMALL = 100;
    private static final int MESSAGES = 12;

    private static void fill(final double[] values, final int message) {
        Arrays.setAll(values, i -> message * 1_000_000.0 + i * 0.25);
    }

    private static void exchange(final ByteOrder senderOrder, final int doubles) throws InterruptedException {
        final List<Device> devices = NiodevWorlds.open(2, Map.of());
        try (BufferFactory sending = BufferFactory.builder().byteOrder(senderOrder).build();
             BufferFactory receiving = BufferFactory.builder().build()) {
            final ProcessID[] ids = {ProcessID.of(0), ProcessID.of(1)};
            Ranks.run(devices, ids, 60, (device, rank, all) -> {
                final double[] values = new double[doubles + 5];
                final double[] expected = new double[doubles + 5];
                if (rank == 0) {
                    final Buffer buffer = sending.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, doubles));
                    for (int m = 0; m < MESSAGES; m++) {
                        buffer.clear();
                        buffer.putSectionHeader(Type.DOUBLE);
                        fill(values, m);
                        buffer.write(values, 5, doubles);
                        buffer.commit();
                        device.send(buffer, all[1], m, CONTEXT);
                        Arrays.fill(values, -1);
                    }
                    sending.free(buffer);
                    return;
                }
                final Buffer buffer = receiving.allocate(BufferDescriptor.sectionSize(Type.DOUBLE, doubles));
                for (int m = 0; m < MESSAGES; m++) {
                    fill(expected, m);
                    if (m % 3 == 2) {
                        final double[] run = new double[doubles];
                        device.recv(run, 0, doubles, all[0], m, CONTEXT);
                        assertArrayEquals(Arrays.copyOfRange(expected, 5, doubles + 5), run, "message " + m);
                        continue;
                    }
                    buffer.clear();
                    Arrays.fill(values, 0);
                    if (m % 3 == 0) {
                        buffer.receiveInto(values, 5, doubles);
                    }
                    device.recv(buffer, all[0], m, CONTEXT);
                    assertEquals(Type.DOUBLE, buffer.getSectionHeader());
                    final double[] read = new double[doubles];
                    buffer.read(read, 0, doubles);
                    assertArrayEquals(Arrays.copyOfRange(expected, 5, doubles + 5), read, "message " + m);
                    if (m % 3 == 0 && (doubles == LARGE || buffer.landedElements() > 0)) {
                        // a rendezvous message is always read in place; an eager one only if its receive came first
                        assertEquals(doubles, buffer.landedElements(), "message " + m + " landed in the array");
                        assertArrayEquals(Arrays.copyOfRange(expected, 5, doubles + 5),
                            Arrays.copyOfRange(values, 5, doubles + 5), "message " + m + " as it landed");
                    }
                }
                receiving.free(buffer);
            });
        } finally {
            devices.forEach(Device::finish);
        }
    }

    @Test
    @Timeout(60)
    void shouldLandALargeMessageInTheReceivesArray() throws InterruptedException {
        exchange(ByteOrder.nativeOrder(), LARGE);
    }

    @Test
    @Timeout(60)
    void shouldConvertALargeMessageSentInTheOtherByteOrderAsItLands() throws InterruptedException {
        exchange(ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN,
            LARGE);
    }

    @Test
    @Timeout(60)
    void shouldLandASmallEagerMessageWhoseReceiveCameFirst() throws InterruptedException {
        exchange(ByteOrder.nativeOrder(), SMALL);
    }
}
